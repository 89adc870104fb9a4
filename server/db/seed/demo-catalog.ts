/**
 * The demo catalog pool. Names and details use only the product-form character set, so every demo
 * product could have been typed into the real form. Prices are in the farm's own currency, in cents.
 */
export type DemoCategory = "vegetables" | "fruit" | "eggs" | "honey" | "baked";

export type DemoProduct = {
  category: DemoCategory;
  name: string;
  detail: string;
  priceCents: number;
  /** Sold by weight when set: [weight, symbol]. */
  weight?: [number, "lbs" | "kg" | "g" | "oz" | "l" | "ml"];
  deliveryService?: boolean;
};

const v = (
  name: string,
  detail: string,
  priceCents: number,
  weight?: DemoProduct["weight"],
): DemoProduct => ({
  category: "vegetables",
  name,
  detail,
  priceCents,
  weight,
});
const f = (
  name: string,
  detail: string,
  priceCents: number,
  weight?: DemoProduct["weight"],
): DemoProduct => ({
  category: "fruit",
  name,
  detail,
  priceCents,
  weight,
});

export const DEMO_CATALOG: Record<DemoCategory, DemoProduct[]> = {
  vegetables: [
    v(
      "Heirloom Tomatoes",
      "A mix of Brandywine, Cherokee Purple and Green Zebra, picked ripe. Perfect sliced with salt and olive oil.",
      699,
      [2, "lbs"],
    ),
    v(
      "Rainbow Carrots",
      "Purple, yellow and orange carrots from black muck soil. Sweet, crunchy and tops on.",
      450,
      [2, "lbs"],
    ),
    v(
      "Butter Lettuce",
      "Soft, tender heads harvested at dawn and kept cool. Two heads per bunch.",
      400,
    ),
    v(
      "Garlic Scapes",
      "The curly flower stalks of hardneck garlic. Mild garlic flavour, great grilled or in pesto.",
      500,
      [250, "g"],
    ),
    v(
      "Music Garlic",
      "Hardneck porcelain garlic with big, easy-to-peel cloves. Cured for storage.",
      1200,
      [1, "lbs"],
    ),
    v(
      "Sweet Corn",
      "Peaches and cream bicolour corn, picked the morning of pickup. A dozen ears.",
      800,
    ),
    v("Zucchini", "Green and golden summer squash, picked small for the best texture.", 399, [
      2,
      "lbs",
    ]),
    v(
      "Butternut Squash",
      "Cured for two weeks for a sweeter, nuttier flesh. Keeps for months in a cool room.",
      350,
      [1, "kg"],
    ),
    v("Red Onions", "Firm, sweet red storage onions from the Holland Marsh.", 300, [3, "lbs"]),
    v(
      "Yukon Gold Potatoes",
      "Buttery, waxy potatoes for roasting, mashing and salads. Washed and ready.",
      599,
      [5, "lbs"],
    ),
    v(
      "Baby Spinach",
      "Tender spring spinach, washed and bagged. Sweetest after a cold night.",
      450,
      [300, "g"],
    ),
    v(
      "Salad Mix",
      "Lettuces, mizuna, arugula and edible flowers. Washed, spun and ready to toss.",
      600,
      [250, "g"],
    ),
    v(
      "Kale Bunch",
      "Lacinato and curly kale bunches. Great for chips, soups and massaged salads.",
      350,
    ),
    v(
      "Beets with Greens",
      "Red and golden beets with their greens attached: two vegetables in one bunch.",
      400,
    ),
    v(
      "Green Beans",
      "Slender French filet beans, snapped fresh. Steam for two minutes and serve.",
      550,
      [1, "lbs"],
    ),
    v(
      "Sweet Bell Peppers",
      "Red, yellow and orange peppers, ripened on the plant for full sweetness.",
      650,
      [2, "lbs"],
    ),
    v("Jalapeno Peppers", "Medium heat, thick walls. Great for salsa, pickling and poppers.", 300, [
      500,
      "g",
    ]),
    v(
      "Scotch Bonnet Peppers",
      "Fruity and very hot. Grown from seed saved for ten years in Malvern.",
      400,
      [250, "g"],
    ),
    v("English Cucumbers", "Long, thin-skinned greenhouse cucumbers with no bitterness.", 250),
    v(
      "Pickling Cucumbers",
      "Small, crisp cucumbers for dill pickles. Picked every other day.",
      600,
      [2, "kg"],
    ),
    v("Cherry Tomatoes", "Sungold and Black Cherry tomatoes by the pint. Candy-sweet.", 500),
    v(
      "Broccoli Crowns",
      "Tight green crowns harvested in cool weather for the best flavour.",
      399,
      [1, "lbs"],
    ),
    v("Cauliflower", "Large white heads, wrapped by their own leaves to stay bright.", 450),
    v(
      "Swiss Chard",
      "Rainbow chard with red, yellow and pink stems. Saute stems first, then leaves.",
      350,
    ),
    v("Radishes", "French Breakfast and Cherry Belle radishes, crisp and peppery.", 300),
    v("Asparagus", "Thick green spears, snapped at the ground in May. Limited season.", 900, [
      1,
      "lbs",
    ]),
    v("Okra", "Tender pods picked small. For gumbo, stew or roasting whole.", 550, [1, "lbs"]),
    v("Callaloo", "Amaranth greens for Caribbean callaloo. Tender leaves and stems, bunched.", 400),
    v("Fresh Basil", "Genovese basil, big fragrant leaves. Enough for a batch of pesto.", 350, [
      100,
      "g",
    ]),
    v(
      "Microgreens Mix",
      "Pea shoots, radish and sunflower microgreens grown on the balcony. Harvested to order.",
      600,
      [100, "g"],
    ),
    v("Leeks", "Long white shanks, hilled for blanching. Wonderful in potato soup.", 450),
    v("Shallots", "French grey shallots, cured. Mild and sweet for dressings.", 700, [1, "lbs"]),
    v(
      "Brussels Sprouts",
      "Sold on the stalk after the first frost, which makes them sweeter.",
      650,
    ),
    v(
      "Parsnips",
      "Overwintered in the ground and dug in spring: the sweetest parsnips of the year.",
      450,
      [2, "lbs"],
    ),
    v("Sugar Snap Peas", "Crisp edible pods to eat raw or stir-fry. Early summer only.", 600, [
      1,
      "lbs",
    ]),
  ],
  fruit: [
    f("Honeycrisp Apples", "Crisp, juicy and sweet-tart. Hand-picked, never waxed.", 799, [
      3,
      "lbs",
    ]),
    f("McIntosh Apples", "The classic Ontario apple: tender, tangy and perfect for sauce.", 599, [
      3,
      "lbs",
    ]),
    f("Bartlett Pears", "Pick them firm and ripen on the counter for a few days.", 650, [2, "lbs"]),
    f("Strawberries", "June-bearing berries picked the morning of pickup. One quart.", 800),
    f("Raspberries", "Red summer raspberries, one pint. Fragile, so eat them today.", 700),
    f("Blueberries", "Highbush blueberries, one pint. Great for pies and freezing.", 650),
    f(
      "Redhaven Peaches",
      "The Niagara classic: freestone, fragrant and dripping with juice. A 3 litre basket.",
      1400,
    ),
    f("Sweet Cherries", "Dark sweet cherries from the Niagara Bench. One litre.", 1100),
    f("Sour Cherries", "Montmorency pie cherries, pitted on request. One litre.", 900),
    f(
      "Concord Grapes",
      "Slip-skin grapes with that unmistakable grape flavour. For juice and jelly.",
      750,
      [2, "lbs"],
    ),
    f(
      "Apricots",
      "Rare in Ontario and worth the wait: soft, sweet and tangy. A 2 litre basket.",
      1200,
    ),
    f("Italian Plums", "Prune plums for tarts and jam. Freestone and firm.", 650, [2, "lbs"]),
    f("Rhubarb", "Long red stalks for pies, crumbles and compote. Leaves trimmed.", 500, [
      1,
      "lbs",
    ]),
    f("Watermelon", "Sugar Baby melons, round and deep red inside. About 3 kg each.", 800),
    f("Cantaloupe", "Vine-ripened muskmelons that slip off the stem when ready.", 500),
    f("Haskap Berries", "Tart-sweet honeysuckle berries, rich in antioxidants. Half pint.", 900),
    f("Gooseberries", "Green and red gooseberries for jam and fools.", 650),
    f("Black Currants", "Intensely flavoured currants for cordial, jam and baking.", 700),
    f(
      "Cider Apples Mix",
      "A mix of sharp and bittersweet apples for pressing your own cider.",
      2000,
      [10, "kg"],
    ),
    f("Fresh Apple Cider", "Unpasteurised sweet cider pressed weekly from our own apples.", 900, [
      2,
      "l",
    ]),
    f("Maple Syrup", "Pure amber maple syrup, boiled over wood from our own sugarbush.", 1800, [
      500,
      "ml",
    ]),
    f("Ground Cherries", "Husk-wrapped golden berries that taste like pineapple and tomato.", 600),
  ],
  eggs: [
    {
      category: "eggs",
      name: "Pasture-Raised Brown Eggs",
      detail: "One dozen large brown eggs from hens that roam fresh pasture every day.",
      priceCents: 750,
    },
    {
      category: "eggs",
      name: "Blue and Green Eggs",
      detail: "A dozen eggs from Araucana and Olive Egger hens. The colours of a spring sky.",
      priceCents: 850,
    },
    {
      category: "eggs",
      name: "Duck Eggs",
      detail: "Half a dozen rich duck eggs. Bakers love them for cakes and custards.",
      priceCents: 900,
    },
    {
      category: "eggs",
      name: "Jumbo Eggs Flat",
      detail: "Thirty jumbo eggs on a flat, for big families and big bakes.",
      priceCents: 1600,
    },
    {
      category: "eggs",
      name: "Quail Eggs",
      detail: "Eighteen speckled quail eggs. Pickle them or serve them soft-boiled.",
      priceCents: 700,
    },
    {
      category: "eggs",
      name: "Heritage Breed Eggs",
      detail: "A dozen eggs from Buff Orpingtons and Barred Rocks raised on organic feed.",
      priceCents: 800,
    },
    {
      category: "eggs",
      name: "Medium Eggs",
      detail: "A dozen medium eggs from our young hens: same great taste, smaller size.",
      priceCents: 600,
    },
    {
      category: "eggs",
      name: "Goose Eggs",
      detail: "Spring-only goose eggs, each as big as three hen eggs.",
      priceCents: 500,
    },
  ],
  honey: [
    {
      category: "honey",
      name: "Raw Wildflower Honey",
      detail: "Unfiltered honey from summer wildflowers. It will crystallise: that is a good sign.",
      priceCents: 1400,
      weight: [500, "g"],
    },
    {
      category: "honey",
      name: "Clover Honey",
      detail: "Light, mild Ontario clover honey. The one for tea.",
      priceCents: 1200,
      weight: [500, "g"],
    },
    {
      category: "honey",
      name: "Buckwheat Honey",
      detail: "Dark, malty and strong, from buckwheat fields in bloom.",
      priceCents: 1500,
      weight: [500, "g"],
    },
    {
      category: "honey",
      name: "Creamed Honey",
      detail: "Whipped into a smooth, spreadable texture. Great on toast.",
      priceCents: 1100,
      weight: [330, "g"],
    },
    {
      category: "honey",
      name: "Honeycomb",
      detail: "A square of fresh comb cut straight from the frame.",
      priceCents: 1800,
      weight: [250, "g"],
    },
    {
      category: "honey",
      name: "Beeswax Candles",
      detail: "Hand-poured pure beeswax pillar candles. Burn clean with a warm scent.",
      priceCents: 1600,
    },
    {
      category: "honey",
      name: "Fall Goldenrod Honey",
      detail: "Late-season honey with a bold, spicy finish.",
      priceCents: 1400,
      weight: [500, "g"],
    },
    {
      category: "honey",
      name: "Honey Bear Squeeze Bottle",
      detail: "Our clover honey in the classic bear, for kids of all ages.",
      priceCents: 800,
      weight: [375, "g"],
    },
    {
      category: "honey",
      name: "Bee Pollen",
      detail: "Dried pollen granules collected at the hive entrance. Sprinkle on yogurt.",
      priceCents: 1300,
      weight: [100, "g"],
    },
    {
      category: "honey",
      name: "Maple Cream",
      detail: "Maple syrup boiled and stirred into a silky spread. Nothing added.",
      priceCents: 1200,
      weight: [250, "g"],
    },
  ],
  baked: [
    {
      category: "baked",
      name: "Country Sourdough Loaf",
      detail: "Naturally leavened with our heritage wheat, baked in a wood-fired oven.",
      priceCents: 900,
    },
    {
      category: "baked",
      name: "Butter Tarts",
      detail: "Six Ontario butter tarts with a runny centre. Raisins on request.",
      priceCents: 1200,
    },
    {
      category: "baked",
      name: "Apple Pie",
      detail: "Nine-inch double crust pie with our own apples and an all-butter pastry.",
      priceCents: 1800,
    },
    {
      category: "baked",
      name: "Cider Doughnuts",
      detail: "Half a dozen doughnuts made with our cider and rolled in cinnamon sugar.",
      priceCents: 800,
    },
    {
      category: "baked",
      name: "Whole Wheat Sandwich Bread",
      detail: "Soft, everyday sandwich loaf made with stone-ground whole wheat.",
      priceCents: 700,
    },
    {
      category: "baked",
      name: "Cinnamon Buns",
      detail: "Four big, gooey cinnamon buns with cream cheese icing.",
      priceCents: 1400,
    },
    {
      category: "baked",
      name: "Blueberry Muffins",
      detail: "Six muffins packed with wild blueberries and a crumb top.",
      priceCents: 1000,
    },
    {
      category: "baked",
      name: "Rye Bread",
      detail: "Dense, tangy rye with caraway. Keeps well for a week.",
      priceCents: 850,
    },
    {
      category: "baked",
      name: "Strawberry Rhubarb Pie",
      detail: "A summer favourite with a lattice top. Serves eight.",
      priceCents: 1900,
    },
    {
      category: "baked",
      name: "Baguettes",
      detail: "Two crusty baguettes baked fresh Saturday morning.",
      priceCents: 800,
    },
    {
      category: "baked",
      name: "Oatmeal Cookies",
      detail: "A dozen chewy oatmeal cookies with local honey.",
      priceCents: 900,
    },
    {
      category: "baked",
      name: "Pumpkin Loaf",
      detail: "Spiced pumpkin loaf made with our own roasted squash.",
      priceCents: 950,
    },
    {
      category: "baked",
      name: "Focaccia",
      detail: "Olive oil focaccia with rosemary and flaky salt, half sheet.",
      priceCents: 1100,
    },
    {
      category: "baked",
      name: "Peach Jam",
      detail: "Small-batch jam from Niagara peaches, low in sugar.",
      priceCents: 800,
      weight: [250, "ml"],
    },
    {
      category: "baked",
      name: "Dill Pickles",
      detail: "Garlic dill pickles from our cucumbers, fermented in crocks.",
      priceCents: 900,
      weight: [1, "l"],
    },
    {
      category: "baked",
      name: "Granola",
      detail: "Oats, seeds, maple and honey, baked slow. Resealable bag.",
      priceCents: 1100,
      weight: [500, "g"],
    },
  ],
};
