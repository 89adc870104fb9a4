import "server-only";
import type { LocalLocation } from "@/lib/validation/location";
import type { SessionMember } from "@/server/auth/session";
import type { Db } from "@/server/db/client";
import { localLocations } from "@/server/db/schema";
import { forbiddenError, validationError } from "@/server/errors";
import { geocode } from "@/server/geo";
import { writeLocationCookies, type CookieWriter } from "./location-cookies";
import type { ViewerLocation } from "./types";

export const LOCATION_NOT_FOUND_MESSAGE =
  "Location not found. Please check the postal code or city.";
/** Spec part 1 section 4: what the dialog shows after Save. */
export const LOCATION_SAVED_MESSAGE = "Nice, You are set!";
export const MY_LOCAL_ROLE_MESSAGE = "My Local is for customers and visitors.";

type SaveViewerLocationOptions = {
  /** The signed-in member, or null for a visitor. */
  member: SessionMember | null;
  /** Input parsed with `localLocationSchema`. */
  input: LocalLocation;
  /** Where a visitor's cookies go (the response's cookies). */
  cookies: CookieWriter;
  /** Swappable for tests; defaults to the configured geocoder. */
  geocoder?: typeof geocode;
};

/**
 * Saves the viewer's My Local setting: the place is geocoded first, then a customer's is written
 * to `local_locations` (one row per member, replaced) and a visitor's to the encrypted
 * `loc_address` and the `loc_radius` cookies. A city or province left empty is filled from the
 * geocoder, so titles can name the city of a postal code.
 *
 * @throws AppError forbidden for merchants and admins (spec part 1 section 6); validation on
 *   `postalCode` (or `city` without one) when the place cannot be found.
 */
export async function saveViewerLocation(
  db: Db,
  { member, input, cookies, geocoder = geocode }: SaveViewerLocationOptions,
): Promise<ViewerLocation> {
  if (member && member.memberType !== "customer") throw forbiddenError(MY_LOCAL_ROLE_MESSAGE);

  const place = await geocoder({
    address: input.address ?? undefined,
    city: input.city ?? undefined,
    provinceState: input.provinceState ?? undefined,
    postalCode: input.postalCode ?? undefined,
    country: input.country,
  });
  if (!place) {
    const field = input.postalCode ? "postalCode" : "city";
    throw validationError({ [field]: [LOCATION_NOT_FOUND_MESSAGE] }, LOCATION_NOT_FOUND_MESSAGE);
  }

  const location: ViewerLocation = {
    latitude: place.latitude,
    longitude: place.longitude,
    radiusKm: input.radius,
    address: input.address,
    city: input.city ?? (place.city || null),
    provinceState: input.provinceState ?? (place.provinceState || null),
    postalCode: input.postalCode,
    country: input.country,
  };

  if (!member) {
    writeLocationCookies(cookies, location);
    return location;
  }

  const { latitude, longitude, radiusKm, address, city, provinceState, postalCode, country } =
    location;
  const values = {
    latitude,
    longitude,
    radiusKm,
    address,
    city,
    provinceState,
    postalCode,
    country,
  };
  await db
    .insert(localLocations)
    .values({ memberId: member.id, ...values })
    .onConflictDoUpdate({
      target: localLocations.memberId,
      set: { ...values, updatedAt: new Date() },
    });
  return location;
}
