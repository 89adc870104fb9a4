/**
 * The visitor's approximate place as a proxy we run reports it (Vercel's and Cloudflare's
 * geolocation headers, or x-geo-*). Trust it only with TRUST_PROXY_HEADERS: anyone can send these
 * headers straight to the app (server/security/client-info.ts decides).
 */
export type ApproximatePlace = {
  city: string | null;
  provinceState: string | null;
  country: string | null;
};

export const UNKNOWN_PLACE: ApproximatePlace = { city: null, provinceState: null, country: null };

export function readPlaceHeaders(headers: Headers): ApproximatePlace {
  return {
    city: pick(headers, ["x-vercel-ip-city", "cf-ipcity", "x-geo-city"]),
    provinceState: pick(headers, ["x-vercel-ip-country-region", "cf-region-code", "x-geo-region"]),
    country: pick(headers, ["x-vercel-ip-country", "cf-ipcountry", "x-geo-country"]),
  };
}

function pick(headers: Headers, names: readonly string[]): string | null {
  for (const name of names) {
    const value = headers.get(name);
    if (value) return clean(value);
  }
  return null;
}

/** Vercel URL-encodes the city; keep printable text only, and not too much of it. */
function clean(raw: string): string | null {
  let value = raw;
  try {
    value = decodeURIComponent(raw);
  } catch {
    // keep the raw text
  }
  value = value
    .replace(/[^\p{L}\p{N} .,'()-]/gu, "")
    .trim()
    .slice(0, 80);
  // Cloudflare answers XX (unknown) and T1 (Tor) instead of a country.
  return value && value !== "XX" && value !== "T1" ? value : null;
}
