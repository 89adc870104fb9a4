import type { CountryCode } from "@/lib/regions";

/**
 * The viewer's My Local setting: where they are and how far they look (ARCHITECTURE section 5).
 * `radiusKm` 0 means no distance limit; listings still sort by distance from the point.
 * Type-only, so client components may import it too.
 */
export type ViewerLocation = {
  latitude: number;
  longitude: number;
  radiusKm: number;
  address: string | null;
  city: string | null;
  provinceState: string | null;
  postalCode: string | null;
  country: CountryCode;
};

/**
 * A location as `GET/POST /api/location` answer it: the field names the form and the POST body
 * use (`radius` in km), plus the geocoded point.
 */
export type LocationAnswer = {
  address: string | null;
  city: string | null;
  provinceState: string | null;
  postalCode: string | null;
  country: CountryCode;
  radius: number;
  latitude: number;
  longitude: number;
};

export function toLocationAnswer(location: ViewerLocation): LocationAnswer {
  const { radiusKm, ...rest } = location;
  return { ...rest, radius: radiusKm };
}
