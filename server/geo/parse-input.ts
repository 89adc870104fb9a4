import "server-only";
import { findRegion, parseCountry } from "./regions";
import type { Country, GeocodeInput } from "./types";

export type PostalCode =
  { country: "CA"; fsa: string; rural: boolean } | { country: "US"; zip: string };

/** "m5v 3l9", "M5V3L9", "M5V" → the FSA; "10001", "90210-1234" → the ZIP; anything else → null. */
export function parsePostalCode(value: string | undefined): PostalCode | null {
  if (!value) return null;
  const compact = value.toUpperCase().replace(/[\s-]/g, "");
  if (/^[A-Z]\d[A-Z](\d[A-Z]\d)?$/.test(compact)) {
    // A "0" in second place marks a rural FSA, which can span thousands of km².
    return { country: "CA", fsa: compact.slice(0, 3), rural: compact[1] === "0" };
  }
  if (/^\d{5}(\d{4})?$/.test(compact)) return { country: "US", zip: compact.slice(0, 5) };
  return null;
}

/** What the offline tables can use, with the country settled where the input allows it. */
export type ParsedLocation = {
  /** "other" when a country outside Canada and the US was named: nothing can be found. */
  country: Country | "other" | undefined;
  postal: PostalCode | null;
  city: string | undefined;
  region: { code: string; country: Country } | undefined;
};

// No real place needs more; longer input is cut before any pattern runs over it.
const MAX_FIELD_LENGTH = 200;

/** A field as text: trimmed, bounded, and undefined for blanks or non-strings from unchecked JSON. */
function field(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  return value.slice(0, MAX_FIELD_LENGTH).trim() || undefined;
}

export function parseLocation(raw: GeocodeInput): ParsedLocation {
  const input = {
    postalCode: field(raw.postalCode),
    city: field(raw.city),
    provinceState: field(raw.provinceState),
    country: field(raw.country),
    address: field(raw.address),
  };
  let country = parseCountry(input.country);
  let region = findRegion(input.provinceState);
  let postal = parsePostalCode(input.postalCode);
  let city = input.city;

  if (city) {
    const tail = splitTail(city);
    city = tail.city;
    region ??= tail.region;
    country ??= tail.country;
  }
  if (input.address && (!postal || !city)) {
    const fromAddress = parseAddress(input.address);
    postal ??= fromAddress.postal;
    if (!city) {
      city = fromAddress.city;
      region ??= fromAddress.region;
    }
    country ??= fromAddress.country;
  }
  return { country, postal, city, region };
}

/**
 * "montreal, QC" → city + region; "Toronto, ON, Canada" → city + region + country;
 * "Guelph ON" → city + region (a trailing two-letter code).
 */
function splitTail(text: string): {
  city: string | undefined;
  region?: ParsedLocation["region"];
  country?: Country;
} {
  const parts = text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  let country: Country | undefined;
  let region: ParsedLocation["region"];
  if (parts.length >= 2) {
    // "Beverly Hills, CA" names California; "Toronto, ON, CA" and "Montreal, Canada" name a country.
    const last = parts[parts.length - 1]!;
    const lastCountry = parseCountry(last);
    if (lastCountry !== "other" && lastCountry && (parts.length >= 3 || !findRegion(last))) {
      country = lastCountry;
      parts.pop();
    }
  }
  if (parts.length >= 2) {
    region = findRegion(parts[parts.length - 1]);
    if (region) parts.pop();
  }
  if (parts.length === 1 && !region) {
    const m = /^(.*\S)\s+([A-Za-z]{2})$/.exec(parts[0]!);
    const trailing = m ? findRegion(m[2]) : undefined;
    if (m && trailing) {
      region = trailing;
      parts[0] = m[1]!;
    }
  }
  return { city: parts.join(", ") || undefined, region, country };
}

/**
 * The useful bits of a one-line address: "12 Main St, Guelph, ON N1H 1A1" gives the postal code,
 * "Guelph" and ON. The first comma part is taken to be the street and never becomes the city.
 */
function parseAddress(address: string): {
  postal: PostalCode | null;
  city?: string;
  region?: ParsedLocation["region"];
  country?: Country;
} {
  let rest = address;
  let postal: PostalCode | null = null;
  const ca = /\b([A-Za-z]\d[A-Za-z])\s?(\d[A-Za-z]\d)\b/.exec(rest);
  const us = /\b(\d{5})(?:-\d{4})?\b(?=[\s,]*(?:U\.?S\.?A?\.?|United States)?\s*$)/i.exec(rest);
  const hit = ca ?? us;
  if (hit) {
    postal = parsePostalCode(hit[0]);
    rest = rest.slice(0, hit.index) + rest.slice(hit.index + hit[0].length);
  }
  const parts = rest
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length < 2) return { postal };
  const tail = splitTail(parts.slice(1).join(", "));
  return { postal, ...tail };
}
