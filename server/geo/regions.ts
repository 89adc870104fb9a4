import "server-only";
import type { Country } from "./types";

// Postal abbreviations with their English (and, for Canada, common French) names.
const CA_REGIONS: Record<string, string[]> = {
  AB: ["Alberta"],
  BC: ["British Columbia", "Colombie-Britannique"],
  MB: ["Manitoba"],
  NB: ["New Brunswick", "Nouveau-Brunswick"],
  NL: ["Newfoundland and Labrador", "Newfoundland", "Terre-Neuve-et-Labrador", "NF"],
  NS: ["Nova Scotia", "Nouvelle-Écosse"],
  NT: ["Northwest Territories", "Territoires du Nord-Ouest"],
  NU: ["Nunavut"],
  ON: ["Ontario"],
  PE: ["Prince Edward Island", "Île-du-Prince-Édouard", "PEI"],
  QC: ["Quebec", "Québec", "PQ"],
  SK: ["Saskatchewan"],
  YT: ["Yukon", "Yukon Territory"],
};

const US_REGIONS: Record<string, string[]> = {
  AL: ["Alabama"],
  AK: ["Alaska"],
  AZ: ["Arizona"],
  AR: ["Arkansas"],
  CA: ["California"],
  CO: ["Colorado"],
  CT: ["Connecticut"],
  DE: ["Delaware"],
  DC: ["District of Columbia", "Washington DC"],
  FL: ["Florida"],
  GA: ["Georgia"],
  HI: ["Hawaii"],
  ID: ["Idaho"],
  IL: ["Illinois"],
  IN: ["Indiana"],
  IA: ["Iowa"],
  KS: ["Kansas"],
  KY: ["Kentucky"],
  LA: ["Louisiana"],
  ME: ["Maine"],
  MD: ["Maryland"],
  MA: ["Massachusetts"],
  MI: ["Michigan"],
  MN: ["Minnesota"],
  MS: ["Mississippi"],
  MO: ["Missouri"],
  MT: ["Montana"],
  NE: ["Nebraska"],
  NV: ["Nevada"],
  NH: ["New Hampshire"],
  NJ: ["New Jersey"],
  NM: ["New Mexico"],
  NY: ["New York"],
  NC: ["North Carolina"],
  ND: ["North Dakota"],
  OH: ["Ohio"],
  OK: ["Oklahoma"],
  OR: ["Oregon"],
  PA: ["Pennsylvania"],
  RI: ["Rhode Island"],
  SC: ["South Carolina"],
  SD: ["South Dakota"],
  TN: ["Tennessee"],
  TX: ["Texas"],
  UT: ["Utah"],
  VT: ["Vermont"],
  VA: ["Virginia"],
  WA: ["Washington"],
  WV: ["West Virginia"],
  WI: ["Wisconsin"],
  WY: ["Wyoming"],
  PR: ["Puerto Rico"],
  VI: ["U.S. Virgin Islands", "US Virgin Islands", "Virgin Islands"],
  GU: ["Guam"],
  MP: ["Northern Mariana Islands"],
  AS: ["American Samoa"],
  MH: ["Marshall Islands"],
};

const COUNTRY_NAMES: Record<string, Country> = {
  ca: "CA",
  can: "CA",
  canada: "CA",
  us: "US",
  usa: "US",
  "united states": "US",
  "united states of america": "US",
  america: "US",
};

/** Lower-case, accents and punctuation removed, "St."/"Ste."/"Mt."/"Ft." spelt out: the matching key. */
export function normalizeName(value: string): string {
  let key = value.toLowerCase();
  // Most names are plain ASCII words; skip the Unicode work for them (this runs 60,000 times at load).
  if (!SIMPLE.test(key)) {
    key = key
      .normalize("NFD")
      .replace(/\p{M}/gu, "")
      .replace(/['’.]/g, "")
      .replace(/[^a-z0-9]+/g, " ")
      .trim();
  }
  return HAS_ABBREVIATION.test(key)
    ? key.replace(ABBREVIATION, (word) => ABBREVIATIONS[word] ?? word)
    : key;
}

const SIMPLE = /^[a-z0-9]+( [a-z0-9]+)*$/;
// People type "St Catharines" and "Saint-Jean"; the tables spell "St. Catharines" and "Saint-Jean".
const ABBREVIATION = /\b(?:st|ste|mt|ft)\b/g;
const HAS_ABBREVIATION = /\b(?:st|ste|mt|ft)\b/;
const ABBREVIATIONS: Record<string, string> = {
  st: "saint",
  ste: "sainte",
  mt: "mount",
  ft: "fort",
};

const REGION_BY_KEY = new Map<string, { code: string; country: Country }>();
for (const [country, table] of [
  ["CA", CA_REGIONS],
  ["US", US_REGIONS],
] as const) {
  for (const [code, names] of Object.entries(table)) {
    for (const name of [code, ...names]) REGION_BY_KEY.set(normalizeName(name), { code, country });
  }
}

/** "on", "Ontario", "Québec" → { code: "ON"/"QC", country: "CA" }; unknown → undefined. */
export function findRegion(
  value: string | undefined,
): { code: string; country: Country } | undefined {
  if (!value) return undefined;
  return REGION_BY_KEY.get(normalizeName(value));
}

/** "CA", "Canada", "usa" → the code; blank → undefined; anything else → "other". */
export function parseCountry(value: string | undefined): Country | "other" | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  return COUNTRY_NAMES[normalizeName(value)] ?? "other";
}
