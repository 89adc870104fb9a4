import "server-only";
import { getEnv } from "@/server/env";
import { log } from "@/server/log";
import { LocationNotFoundError } from "./errors";
import { geocodeOffline } from "./geocode-offline";
import { geocodeWithMapbox, type MapboxOptions } from "./geocode-mapbox";
import type { GeocodeInput, GeocodeResult } from "./types";

export type GeocodeOptions = {
  /** Defaults to NEXT_PUBLIC_MAPBOX_TOKEN; null forces the offline tables. */
  mapboxToken?: string | null;
} & Omit<MapboxOptions, "token">;

/**
 * A postal code, city + province/state or address in Canada or the US → a point, or null when
 * nothing matches (bad input never throws). Uses Mapbox when a token is configured and falls back
 * to the bundled offline tables when Mapbox fails or finds nothing.
 */
export async function geocode(
  input: GeocodeInput,
  options: GeocodeOptions = {},
): Promise<GeocodeResult | null> {
  const { mapboxToken, ...mapbox } = options;
  const token = mapboxToken === undefined ? getEnv().NEXT_PUBLIC_MAPBOX_TOKEN : mapboxToken;
  if (token) {
    try {
      const result = await geocodeWithMapbox(input, { ...mapbox, token });
      if (result) return result;
    } catch (error) {
      // Only the reason: the request URL carries the access token.
      log.warn({ reason: describe(error) }, "Mapbox geocoding failed; using the offline tables");
    }
  }
  return geocodeOffline(input);
}

/** Like `geocode`, but throws `LocationNotFoundError` (with its user-facing message) when nothing matches. */
export async function geocodeOrThrow(
  input: GeocodeInput,
  options?: GeocodeOptions,
): Promise<GeocodeResult> {
  const result = await geocode(input, options);
  if (!result) throw new LocationNotFoundError();
  return result;
}

function describe(error: unknown): string {
  if (error instanceof Error)
    return error.name === "Error" ? error.message : `${error.name}: ${error.message}`;
  return String(error);
}
