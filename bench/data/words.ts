/**
 * Word lists for realistic product names and texts. The order of COMMON_PRODUCE matters: items
 * are drawn Zipf-like, so the first ones (tomatoes, apples, eggs...) are common search terms with
 * thousands of matches, while RARE_PRODUCE and the heirloom varieties give selective terms.
 */

/** [display name, varieties] in order of how often farms list them. */
export const COMMON_PRODUCE: readonly (readonly [string, readonly string[]])[] = [
  ["Tomatoes", ["Cherokee Purple", "Brandywine", "San Marzano", "Roma", "Cherry", "Beefsteak", "Green Zebra", "Sungold", "Mortgage Lifter", "Black Krim"]],
  ["Apples", ["Honeycrisp", "McIntosh", "Gala", "Northern Spy", "Cortland", "Empire", "Ambrosia", "Spartan", "Ida Red", "Russet"]],
  ["Eggs", ["Brown", "Duck", "Quail", "Blue Shell"]],
  ["Potatoes", ["Yukon Gold", "Russet", "Fingerling", "Purple Majesty", "Kennebec", "Red Norland"]],
  ["Carrots", ["Nantes", "Chantenay", "Rainbow", "Purple Dragon", "Danvers"]],
  ["Strawberries", ["Albion", "Seascape", "Jewel", "Day-Neutral"]],
  ["Honey", ["Wildflower", "Clover", "Buckwheat", "Creamed", "Raw Comb"]],
  ["Lettuce", ["Romaine", "Butterhead", "Red Leaf", "Oak Leaf", "Little Gem"]],
  ["Garlic", ["Music", "Red Russian", "Chesnok Red", "German White"]],
  ["Onions", ["Yellow", "Red", "Sweet Spanish", "Walla Walla"]],
  ["Maple Syrup", ["Amber", "Dark", "Very Dark", "Golden"]],
  ["Cucumbers", ["English", "Pickling", "Lemon", "Persian"]],
  ["Peppers", ["Bell", "Jalapeño", "Habanero", "Shishito", "Poblano", "Banana"]],
  ["Kale", ["Lacinato", "Red Russian", "Curly", "Dinosaur"]],
  ["Blueberries", ["Highbush", "Lowbush", "Wild"]],
  ["Spinach", ["Bloomsdale", "Baby"]],
  ["Sweet Corn", ["Peaches and Cream", "Bicolour", "Silver Queen"]],
  ["Squash", ["Butternut", "Acorn", "Delicata", "Spaghetti", "Kabocha", "Hubbard"]],
  ["Zucchini", ["Green", "Golden", "Costata Romanesco"]],
  ["Raspberries", ["Red", "Golden", "Black"]],
  ["Beef", ["Grass-Fed Ground", "Ribeye", "Striploin", "Stewing", "Brisket"]],
  ["Chicken", ["Whole", "Pasture-Raised Whole", "Thighs", "Breasts"]],
  ["Green Beans", ["Provider", "Dragon Tongue", "Haricots Verts"]],
  ["Beets", ["Detroit Red", "Chioggia", "Golden"]],
  ["Peaches", ["Redhaven", "Harrow Diamond", "White"]],
  ["Pears", ["Bartlett", "Bosc", "Anjou", "Seckel"]],
  ["Broccoli", ["Calabrese", "Purple Sprouting"]],
  ["Cabbage", ["Savoy", "Red", "Napa", "Green"]],
  ["Sourdough Bread", ["Country", "Rye", "Whole Wheat", "Seeded"]],
  ["Cheese", ["Aged Cheddar", "Chèvre", "Gouda", "Feta", "Brie"]],
  ["Radishes", ["French Breakfast", "Watermelon", "Cherry Belle"]],
  ["Cherries", ["Sweet", "Sour", "Rainier"]],
  ["Plums", ["Italian Prune", "Damson", "Shiro"]],
  ["Pork", ["Chops", "Bacon", "Shoulder", "Sausages"]],
  ["Cauliflower", ["White", "Purple", "Cheddar"]],
  ["Leeks", ["King Richard", "Bandit"]],
  ["Basil", ["Genovese", "Thai", "Lemon", "Purple"]],
  ["Mushrooms", ["Oyster", "Shiitake", "Cremini", "Lion's Mane"]],
  ["Pumpkins", ["Pie", "Jack O'Lantern", "Cinderella"]],
  ["Melons", ["Cantaloupe", "Honeydew", "Charentais"]],
  ["Watermelon", ["Sugar Baby", "Yellow Doll"]],
  ["Asparagus", ["Green", "Purple"]],
  ["Peas", ["Snap", "Snow", "Shelling"]],
  ["Rhubarb", ["Victoria", "Canada Red"]],
  ["Grapes", ["Concord", "Niagara", "Coronation"]],
  ["Apple Cider", ["Fresh-Pressed", "Sparkling"]],
  ["Jam", ["Strawberry Rhubarb", "Raspberry", "Peach", "Blueberry"]],
  ["Sweet Potatoes", ["Covington", "Beauregard"]],
  ["Microgreens", ["Pea Shoot", "Sunflower", "Radish", "Mixed"]],
  ["Cilantro", []],
  ["Parsley", ["Flat-Leaf", "Curly"]],
  ["Dill", []],
  ["Mint", ["Spearmint", "Peppermint"]],
  ["Lamb", ["Chops", "Leg", "Ground"]],
  ["Butter", ["Cultured", "Salted"]],
  ["Yogurt", ["Plain", "Greek-Style"]],
  ["Trout", ["Rainbow", "Smoked"]],
  ["Sunflowers", ["Cut", "Giant"]],
  ["Cut Flowers", ["Zinnia", "Dahlia", "Peony", "Mixed Bouquet"]],
];

/** Unusual produce: each appears in few listings (selective search terms). */
export const RARE_PRODUCE: readonly string[] = [
  "Kohlrabi", "Romanesco", "Salsify", "Sunchokes", "Cardoon", "Celeriac", "Fiddleheads", "Ramps",
  "Garlic Scapes", "Ground Cherries", "Pawpaws", "Quince", "Medlars", "Sea Buckthorn", "Haskap Berries",
  "Saskatoon Berries", "Elderflowers", "Gooseberries", "Lovage", "Sorrel", "Purslane", "Kalettes",
  "Tatsoi", "Mizuna", "Komatsuna", "Yacon", "Oca", "Crosnes", "Skirret", "Jostaberries", "Aronia Berries",
  "Lingonberries", "Cloudberries", "Chanterelles", "Morels", "Hen of the Woods", "Celtuce", "Agretti",
  "Shungiku", "Mashua", "Burdock Root", "Daikon", "Horseradish", "Parsnips", "Rutabaga", "Turnips",
  "Fennel", "Tomatillos", "Okra", "Artichokes", "Currants", "Mulberries", "Elderberries", "Hazelnuts",
  "Black Walnuts", "Chestnuts", "Duck Confit", "Goat Milk Soap", "Beeswax Candles", "Bison",
  "Elk Sausages", "Emu Eggs", "Kefir", "Kombucha", "Sauerkraut", "Kimchi", "Hot Sauce", "Popcorn",
];

export const QUALIFIERS: readonly string[] = [
  "Organic", "Fresh", "Local", "Heirloom", "Spray-Free", "Certified Organic", "Baby", "Farm-Fresh",
  "Hydroponic", "Pasture-Raised", "Free-Range", "Wild", "Smoked", "Frozen", "Dried", "Pickled",
  "Seasonal", "Hand-Picked", "Field", "Greenhouse",
];

export const PACKS: readonly string[] = [
  "Bunch", "Basket", "Pint", "Quart", "Dozen", "Half Dozen", "Bag", "Box", "Jar", "Bushel", "Flat", "Case",
];

export const WEIGHTS: readonly (readonly [string, string])[] = [
  ["1", "lbs"], ["2", "lbs"], ["5", "lbs"], ["0.5", "kg"], ["1", "kg"], ["2.5", "kg"],
  ["250", "g"], ["500", "g"], ["8", "oz"], ["16", "oz"], ["1", "l"], ["500", "ml"],
];

export const DETAIL_OPENERS: readonly string[] = [
  "Grown on our family farm near",
  "Picked this morning in",
  "Raised without pesticides outside",
  "Harvested by hand in the fields around",
  "From our small market garden in",
  "Straight from the greenhouse in",
  "Produced in small batches near",
];

export const DETAIL_MIDDLES: readonly string[] = [
  "We rotate crops every season and build the soil with compost.",
  "No synthetic fertilisers, no sprays, just sun and rain.",
  "Perfect for salads, roasting or eating fresh from the basket.",
  "Kept cool after harvest so it stays crisp for a week.",
  "Our customers say it tastes like it did when they were kids.",
  "Great for canning, preserving and freezing for winter.",
  "Limited quantities each week, first come first served.",
  "Washed, trimmed and ready for your kitchen.",
  "Third generation farmers, proud of every harvest.",
  "Pairs well with fresh herbs and a drizzle of olive oil.",
];

export const DETAIL_CLOSERS: readonly string[] = [
  "Pick up at the farm gate or get it delivered free nearby.",
  "Ask us about bulk orders for restaurants.",
  "Bring your own bags if you can.",
  "Available until the first frost.",
  "Message us with any questions.",
  "",
];

export const INTRO_SENTENCES: readonly string[] = [
  "We are a small family farm growing vegetables, fruit and flowers.",
  "Our farm has been in the family for four generations.",
  "We grow without pesticides and sell everything within a short drive.",
  "Come visit the farm stand on weekends from May to October.",
  "We raise pastured animals and grow heritage vegetables.",
  "Certified organic since 2009, we care about soil health.",
  "A market garden on two acres, worked by hand.",
  "We welcome school groups and farm tours by appointment.",
];

export const FARM_NAME_PARTS_A: readonly string[] = [
  "maple", "cedar", "willow", "oak", "pine", "birch", "river", "valley", "hill", "meadow", "sunny",
  "green", "golden", "red_barn", "stone", "creek", "orchard", "prairie", "north", "old_mill", "clover",
  "harvest", "honey", "windy", "misty", "fox", "heron", "blue_jay", "elm", "aspen",
];
export const FARM_NAME_PARTS_B: readonly string[] = [
  "farm", "farms", "acres", "gardens", "orchard", "homestead", "ranch", "fields", "growers", "market",
];

export const FIRST_NAMES: readonly string[] = [
  "Ava", "Ben", "Chloé", "Daniel", "Emma", "Farid", "Grace", "Hiro", "Isla", "Jonah", "Karen", "Liam",
  "Maya", "Noah", "Olivia", "Priya", "Quinn", "Rosa", "Samuel", "Tara", "Umar", "Victoria", "William",
  "Xavier", "Yasmin", "Zoe", "Amélie", "Mathieu", "Sophie", "Gabriel", "Léa", "Lucas", "Mei", "Arjun",
  "Fatima", "Diego", "Hannah", "Ethan", "Aisha", "Owen",
];
export const LAST_NAMES: readonly string[] = [
  "Martin", "Tremblay", "O'Neil", "Nguyen", "Roy", "Singh", "Gagnon", "Smith", "Brown", "Wilson",
  "Côté", "Lee", "Patel", "Johnson", "Williams", "Garcia", "Miller", "Davis", "Bouchard", "Gauthier",
  "Morin", "Lavoie", "Fortin", "Chen", "Wong", "Campbell", "Anderson", "Taylor", "Thomas", "Moore",
];

export const STREETS: readonly string[] = [
  "Concession Road", "Side Road", "Line", "Main Street", "King Street", "Queen Street", "County Road",
  "Rural Route", "Farm Lane", "Orchard Road", "Valley Road", "Mill Road", "Church Street", "Station Road",
];

export const REVIEW_TEXTS: readonly string[] = [
  "Fresh and delicious, will buy again.",
  "Great quality and friendly farmer.",
  "Good, but a little smaller than expected.",
  "Best I have had in years!",
  "Pickup was easy and everything was ready.",
  "Tasty, but one item was bruised.",
  "Excellent value for the price.",
  "My kids loved it.",
  "Not as fresh as last time.",
  "Perfect for canning.",
];
