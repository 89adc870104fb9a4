import "server-only";

/** Thrown by `geocodeOrThrow`; callers map `code` to their own error (a 422 on the location field). */
export class LocationNotFoundError extends Error {
  readonly code = "location_not_found" as const;
  readonly userMessage = "Location not found. Please check the postal code or city.";

  constructor() {
    super("Location not found. Please check the postal code or city.");
    this.name = "LocationNotFoundError";
  }
}
