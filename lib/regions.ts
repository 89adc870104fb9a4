/**
 * Countries, provinces and states the marketplace serves (part 1 section 5: only Canada and the
 * United States; Canada's 13 provinces and territories, the US with DC and its territories).
 */

export type CountryCode = "CA" | "US";

export interface Country {
  code: CountryCode;
  name: "Canada" | "United States";
  currency: "CAD" | "USD";
  /** The `{country}` segment of /subscription/payment/{country}/{plan}. */
  slug: "canada" | "usa";
}

export const COUNTRIES: readonly Country[] = [
  { code: "CA", name: "Canada", currency: "CAD", slug: "canada" },
  { code: "US", name: "United States", currency: "USD", slug: "usa" },
];

export const COUNTRY_CODES = ["CA", "US"] as const satisfies readonly CountryCode[];

export interface Region {
  code: string;
  name: string;
}

export const CANADIAN_PROVINCES: readonly Region[] = [
  { code: "AB", name: "Alberta" },
  { code: "BC", name: "British Columbia" },
  { code: "MB", name: "Manitoba" },
  { code: "NB", name: "New Brunswick" },
  { code: "NL", name: "Newfoundland and Labrador" },
  { code: "NS", name: "Nova Scotia" },
  { code: "NT", name: "Northwest Territories" },
  { code: "NU", name: "Nunavut" },
  { code: "ON", name: "Ontario" },
  { code: "PE", name: "Prince Edward Island" },
  { code: "QC", name: "Quebec" },
  { code: "SK", name: "Saskatchewan" },
  { code: "YT", name: "Yukon" },
];

/** The 50 states, the District of Columbia and the five inhabited territories. */
export const US_STATES: readonly Region[] = [
  { code: "AL", name: "Alabama" },
  { code: "AK", name: "Alaska" },
  { code: "AZ", name: "Arizona" },
  { code: "AR", name: "Arkansas" },
  { code: "CA", name: "California" },
  { code: "CO", name: "Colorado" },
  { code: "CT", name: "Connecticut" },
  { code: "DE", name: "Delaware" },
  { code: "DC", name: "District of Columbia" },
  { code: "FL", name: "Florida" },
  { code: "GA", name: "Georgia" },
  { code: "HI", name: "Hawaii" },
  { code: "ID", name: "Idaho" },
  { code: "IL", name: "Illinois" },
  { code: "IN", name: "Indiana" },
  { code: "IA", name: "Iowa" },
  { code: "KS", name: "Kansas" },
  { code: "KY", name: "Kentucky" },
  { code: "LA", name: "Louisiana" },
  { code: "ME", name: "Maine" },
  { code: "MD", name: "Maryland" },
  { code: "MA", name: "Massachusetts" },
  { code: "MI", name: "Michigan" },
  { code: "MN", name: "Minnesota" },
  { code: "MS", name: "Mississippi" },
  { code: "MO", name: "Missouri" },
  { code: "MT", name: "Montana" },
  { code: "NE", name: "Nebraska" },
  { code: "NV", name: "Nevada" },
  { code: "NH", name: "New Hampshire" },
  { code: "NJ", name: "New Jersey" },
  { code: "NM", name: "New Mexico" },
  { code: "NY", name: "New York" },
  { code: "NC", name: "North Carolina" },
  { code: "ND", name: "North Dakota" },
  { code: "OH", name: "Ohio" },
  { code: "OK", name: "Oklahoma" },
  { code: "OR", name: "Oregon" },
  { code: "PA", name: "Pennsylvania" },
  { code: "RI", name: "Rhode Island" },
  { code: "SC", name: "South Carolina" },
  { code: "SD", name: "South Dakota" },
  { code: "TN", name: "Tennessee" },
  { code: "TX", name: "Texas" },
  { code: "UT", name: "Utah" },
  { code: "VT", name: "Vermont" },
  { code: "VA", name: "Virginia" },
  { code: "WA", name: "Washington" },
  { code: "WV", name: "West Virginia" },
  { code: "WI", name: "Wisconsin" },
  { code: "WY", name: "Wyoming" },
  { code: "AS", name: "American Samoa" },
  { code: "GU", name: "Guam" },
  { code: "MP", name: "Northern Mariana Islands" },
  { code: "PR", name: "Puerto Rico" },
  { code: "VI", name: "U.S. Virgin Islands" },
];

export function regionsForCountry(country: CountryCode): readonly Region[] {
  return country === "CA" ? CANADIAN_PROVINCES : US_STATES;
}

/** "on" is not a region; "ON" of Canada is. Codes compare in capitals. */
export function isRegionOf(country: CountryCode, code: string): boolean {
  const upper = code.trim().toUpperCase();
  return regionsForCountry(country).some((r) => r.code === upper);
}

export function regionName(country: CountryCode, code: string): string | undefined {
  const upper = code.trim().toUpperCase();
  return regionsForCountry(country).find((r) => r.code === upper)?.name;
}

const COUNTRY_ALIASES: Record<string, CountryCode> = {
  ca: "CA",
  can: "CA",
  canada: "CA",
  us: "US",
  usa: "US",
  "united states": "US",
  "united states of america": "US",
};

/** The countries' codes and names `parseCountry` knows, in small letters. */
export const COUNTRY_NAMES: readonly string[] = Object.keys(COUNTRY_ALIASES);

/**
 * Reads a country as people and old clients write it ("CA", "Canada", "usa", "United States")
 * and returns its code, or undefined for anything else (only Canada and the US are served).
 */
export function parseCountry(input: string | null | undefined): CountryCode | undefined {
  if (!input) return undefined;
  const key = input.trim().toLowerCase().replace(/\./g, "").replace(/\s+/g, " ");
  return COUNTRY_ALIASES[key];
}

export function getCountry(code: CountryCode): Country {
  return code === "CA" ? COUNTRIES[0]! : COUNTRIES[1]!;
}

/** Subscription route segment: "usa" → "US", "canada" → "CA". */
export function countryFromSlug(slug: string): CountryCode | undefined {
  return COUNTRIES.find((c) => c.slug === slug.toLowerCase())?.code;
}
