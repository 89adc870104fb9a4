import "server-only";

export { distanceKm } from "./distance";
export { LocationNotFoundError } from "./errors";
export { geocode, geocodeOrThrow, type GeocodeOptions } from "./geocode";
export type { Country, GeocodeInput, GeocodePrecision, GeocodeResult, LatLng } from "./types";
