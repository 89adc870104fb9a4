/**
 * Demo farms: real towns of the Greater Toronto Area, southern Ontario and the US north-east, with
 * postal codes whose FSA or ZIP the offline geocoder knows. Street addresses are invented.
 */
export type DemoPlan = "basic" | "engager" | "harvest";

export type DemoFarm = {
  username: string;
  firstName: string;
  lastName: string;
  farmName: string;
  introduction: string;
  address: string;
  city: string;
  provinceState: string;
  postalCode: string;
  country: "CA" | "US";
  phone: string;
  plan: DemoPlan;
  specialties: Array<"vegetables" | "fruit" | "eggs" | "honey" | "baked">;
};

export const DEMO_FARMS: DemoFarm[] = [
  {
    username: "maple_ridge_farm",
    firstName: "Ellen",
    lastName: "Hartley",
    farmName: "Maple Ridge Farm",
    introduction:
      "Third-generation family farm on the Oak Ridges Moraine. We grow heirloom vegetables without synthetic sprays and pick to order the morning of your pickup.",
    address: "1245 Elgin Mills Rd E",
    city: "Richmond Hill",
    provinceState: "ON",
    postalCode: "L4C 4Y8",
    country: "CA",
    phone: "(905) 555-0142",
    plan: "harvest",
    specialties: ["vegetables", "eggs"],
  },
  {
    username: "holland_marsh_greens",
    firstName: "Pieter",
    lastName: "Vandermeer",
    farmName: "Holland Marsh Greens",
    introduction:
      "Black muck soil, cool nights and a lot of care. Carrots, onions and salad greens from the heart of Ontario's soup and salad bowl.",
    address: "3180 Canal Rd",
    city: "Bradford",
    provinceState: "ON",
    postalCode: "L3Z 2A4",
    country: "CA",
    phone: "(905) 555-0187",
    plan: "engager",
    specialties: ["vegetables"],
  },
  {
    username: "caledon_hills_orchard",
    firstName: "Maria",
    lastName: "Santos",
    farmName: "Caledon Hills Orchard",
    introduction:
      "Apples, pears and plums from a hillside orchard on the Niagara Escarpment. Low-spray, hand-picked and never waxed.",
    address: "16820 Hurontario St",
    city: "Caledon",
    provinceState: "ON",
    postalCode: "L7K 0E7",
    country: "CA",
    phone: "(519) 555-0119",
    plan: "harvest",
    specialties: ["fruit", "baked"],
  },
  {
    username: "uxbridge_honey_co",
    firstName: "Daniel",
    lastName: "Okafor",
    farmName: "Uxbridge Honey Co.",
    introduction:
      "Sixty hives on clover and wildflower meadows north of Uxbridge. Raw, unfiltered honey, beeswax and comb in season.",
    address: "590 Concession Rd 6",
    city: "Uxbridge",
    provinceState: "ON",
    postalCode: "L9P 1R1",
    country: "CA",
    phone: "(905) 555-0163",
    plan: "engager",
    specialties: ["honey"],
  },
  {
    username: "stouffville_berry_patch",
    firstName: "Grace",
    lastName: "Lindqvist",
    farmName: "Stouffville Berry Patch",
    introduction:
      "Strawberries in June, raspberries in July, blueberries into August. Pick your own or let us pick for you.",
    address: "12 Ninth Line",
    city: "Stouffville",
    provinceState: "ON",
    postalCode: "L4A 7X3",
    country: "CA",
    phone: "(905) 555-0175",
    plan: "basic",
    specialties: ["fruit"],
  },
  {
    username: "king_city_organics",
    firstName: "Omar",
    lastName: "Haddad",
    farmName: "King City Organics",
    introduction:
      "Certified organic market garden. Tomatoes, peppers, garlic and greens, grown in rotation with cover crops and a lot of compost.",
    address: "2750 King Rd",
    city: "King City",
    provinceState: "ON",
    postalCode: "L7B 1K4",
    country: "CA",
    phone: "(905) 555-0128",
    plan: "harvest",
    specialties: ["vegetables"],
  },
  {
    username: "milton_heritage_farm",
    firstName: "Ruth",
    lastName: "McAllister",
    farmName: "Milton Heritage Farm",
    introduction:
      "Pastured hens, heritage breeds and a wood-fired oven. Fresh eggs daily and sourdough on Saturdays.",
    address: "8420 Tremaine Rd",
    city: "Milton",
    provinceState: "ON",
    postalCode: "L9T 2X7",
    country: "CA",
    phone: "(905) 555-0194",
    plan: "engager",
    specialties: ["eggs", "baked"],
  },
  {
    username: "guelph_valley_gardens",
    firstName: "Anika",
    lastName: "Patel",
    farmName: "Guelph Valley Gardens",
    introduction:
      "A small CSA farm on the Speed River. Salad mixes, roots and squash, plus preserves from whatever the season gives us.",
    address: "455 Stone Rd W",
    city: "Guelph",
    provinceState: "ON",
    postalCode: "N1H 6J9",
    country: "CA",
    phone: "(519) 555-0151",
    plan: "basic",
    specialties: ["vegetables", "baked"],
  },
  {
    username: "niagara_fruit_stand",
    firstName: "Luca",
    lastName: "Bianchi",
    farmName: "Niagara Fruit Stand",
    introduction:
      "Tender fruit from the Niagara Bench: peaches, cherries, grapes and apricots, picked ripe and delivered the same day.",
    address: "1560 Niagara Stone Rd",
    city: "Niagara-on-the-Lake",
    provinceState: "ON",
    postalCode: "L0S 1J0",
    country: "CA",
    phone: "(905) 555-0136",
    plan: "harvest",
    specialties: ["fruit"],
  },
  {
    username: "brant_county_bakehouse",
    firstName: "Sophie",
    lastName: "Tremblay",
    farmName: "Brant County Bakehouse",
    introduction:
      "We mill our own heritage wheat and bake it into loaves, pies and butter tarts in a converted barn near Brantford.",
    address: "77 Powerline Rd",
    city: "Brantford",
    provinceState: "ON",
    postalCode: "N3T 5L5",
    country: "CA",
    phone: "(519) 555-0108",
    plan: "engager",
    specialties: ["baked"],
  },
  {
    username: "scarborough_urban_garden",
    firstName: "Kwame",
    lastName: "Mensah",
    farmName: "Scarborough Urban Garden",
    introduction:
      "A backyard-and-allotment grower in Malvern. Callaloo, okra, hot peppers and herbs you will not find at the supermarket.",
    address: "38 Neilson Rd",
    city: "Toronto",
    provinceState: "ON",
    postalCode: "M1B 3C4",
    country: "CA",
    phone: "(416) 555-0172",
    plan: "basic",
    specialties: ["vegetables"],
  },
  {
    username: "pickering_pasture_eggs",
    firstName: "Helen",
    lastName: "Cho",
    farmName: "Pickering Pasture Eggs",
    introduction:
      "Four hundred hens on rotating pasture. Brown, blue and speckled eggs collected twice a day.",
    address: "3340 Sideline 16",
    city: "Pickering",
    provinceState: "ON",
    postalCode: "L1Y 1A2",
    country: "CA",
    phone: "(905) 555-0147",
    plan: "basic",
    specialties: ["eggs", "honey"],
  },
  {
    username: "leslieville_balcony_harvest",
    firstName: "Nora",
    lastName: "Fitzgerald",
    farmName: "Leslieville Balcony Harvest",
    introduction:
      "A gardener with a big backyard and a bigger balcony. Microgreens, herbs and cherry tomatoes, picked to order for east-end neighbours.",
    address: "112 Logan Ave",
    city: "Toronto",
    provinceState: "ON",
    postalCode: "M4M 2M9",
    country: "CA",
    phone: "(416) 555-0123",
    plan: "basic",
    specialties: ["vegetables"],
  },
  {
    username: "hudson_valley_farmstead",
    firstName: "James",
    lastName: "Whitaker",
    farmName: "Hudson Valley Farmstead",
    introduction:
      "A diversified farm on the east bank of the Hudson: apples, cider doughnuts, squash and pastured eggs.",
    address: "2191 County Route 21",
    city: "Kinderhook",
    provinceState: "NY",
    postalCode: "12106",
    country: "US",
    phone: "(518) 555-0110",
    plan: "harvest",
    specialties: ["fruit", "baked", "eggs"],
  },
  {
    username: "brooklyn_rooftop_greens",
    firstName: "Aisha",
    lastName: "Robinson",
    farmName: "Brooklyn Rooftop Greens",
    introduction:
      "Greens grown on a Williamsburg rooftop and delivered by bike within hours of harvest.",
    address: "160 Kent Ave",
    city: "Brooklyn",
    provinceState: "NY",
    postalCode: "11249",
    country: "US",
    phone: "(718) 555-0188",
    plan: "engager",
    specialties: ["vegetables"],
  },
  {
    username: "champlain_maple_bees",
    firstName: "Thomas",
    lastName: "Gagnon",
    farmName: "Champlain Maple & Bees",
    introduction:
      "Maple syrup in spring, honey in summer, from a sugarbush and apiary above Lake Champlain.",
    address: "480 Spear St",
    city: "Burlington",
    provinceState: "VT",
    postalCode: "05401",
    country: "US",
    phone: "(802) 555-0155",
    plan: "basic",
    specialties: ["honey"],
  },
];
