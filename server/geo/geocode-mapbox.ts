import "server-only";
import { z } from "zod";
import { parsePostalCode } from "./parse-input";
import { findRegion, parseCountry } from "./regions";
import type { GeocodeInput, GeocodePrecision, GeocodeResult } from "./types";

export const MAPBOX_BASE_URL = "https://api.mapbox.com";

export type MapboxOptions = {
  token: string;
  fetch?: typeof fetch;
  /** Where the v6 API lives; tests point it at a local fake server. */
  baseUrl?: string;
  timeoutMs?: number;
  /**
   * Mapbox only allows storing results obtained with `permanent=true` (which needs an eligible
   * account). The app stores geocoded locations, so this is on unless a caller only displays.
   */
  permanent?: boolean;
};

const namedContext = z.object({ name: z.string().optional() }).optional();

const responseSchema = z.object({
  features: z.array(
    z.object({
      geometry: z.object({ coordinates: z.array(z.number()).min(2) }),
      properties: z.object({
        feature_type: z.string(),
        name: z.string().optional(),
        context: z
          .object({
            country: z.object({ country_code: z.string().optional() }).optional(),
            region: z
              .object({ region_code: z.string().optional(), name: z.string().optional() })
              .optional(),
            place: namedContext,
            locality: namedContext,
          })
          .optional(),
      }),
    }),
  ),
});

// Coarser results (a whole region or country) are no use for a distance search.
const PRECISION: Record<string, (country: "CA" | "US") => GeocodePrecision> = {
  address: () => "address",
  secondary_address: () => "address",
  street: () => "address",
  block: () => "address",
  postcode: (country) => (country === "CA" ? "fsa" : "zip"),
  neighborhood: () => "city",
  locality: () => "city",
  place: () => "city",
  district: () => "city",
};

/**
 * Forward geocoding with the Mapbox Geocoding API v6, limited to Canada and the US. Returns null
 * when Mapbox has no usable answer; throws on network, HTTP or format errors (the caller falls back).
 */
export async function geocodeWithMapbox(
  input: GeocodeInput,
  options: MapboxOptions,
): Promise<GeocodeResult | null> {
  const query = [input.address, input.city, input.provinceState, input.postalCode]
    // Mapbox refuses semicolons; the type allows only strings, but the input may be unchecked JSON.
    .map((part: unknown) => (typeof part === "string" ? part.replace(/;/g, " ").trim() : ""))
    .filter(Boolean)
    .join(", ")
    .slice(0, 256);
  if (!query) return null;

  const named = parseCountry(input.country);
  if (named === "other") return null;
  const country =
    named ?? parsePostalCode(input.postalCode)?.country ?? findRegion(input.provinceState)?.country;

  const url = new URL("/search/geocode/v6/forward", options.baseUrl ?? MAPBOX_BASE_URL);
  url.searchParams.set("q", query);
  url.searchParams.set("country", country ? country.toLowerCase() : "ca,us");
  url.searchParams.set("limit", "1");
  url.searchParams.set("autocomplete", "false");
  if (options.permanent ?? true) url.searchParams.set("permanent", "true");
  url.searchParams.set("access_token", options.token);

  const response = await (options.fetch ?? fetch)(url, {
    headers: { Accept: "application/json" },
    signal: AbortSignal.timeout(options.timeoutMs ?? 3000),
  });
  // The URL carries the token: never put it in the message.
  if (!response.ok) throw new Error(`Mapbox geocoding answered HTTP ${response.status}`);
  const body = responseSchema.parse(await response.json());

  const feature = body.features[0];
  if (!feature) return null;
  const { properties } = feature;
  const code = properties.context?.country?.country_code?.toUpperCase();
  if (code !== "CA" && code !== "US") return null;
  const precision = PRECISION[properties.feature_type]?.(code);
  if (!precision) return null;
  const [longitude = NaN, latitude = NaN] = feature.geometry.coordinates;
  if (
    Math.abs(latitude) > 90 ||
    Math.abs(longitude) > 180 ||
    !Number.isFinite(latitude + longitude)
  )
    return null;
  const regionCode = properties.context?.region?.region_code?.toUpperCase();
  const city =
    properties.context?.place?.name ??
    (properties.feature_type === "place" ? properties.name : undefined) ??
    properties.context?.locality?.name ??
    "";

  return {
    latitude,
    longitude,
    city,
    provinceState: regionCode ?? findRegion(properties.context?.region?.name)?.code ?? "",
    country: code,
    precision,
    approximate: false,
  };
}
