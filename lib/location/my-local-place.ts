/**
 * How a My Local setting reads in the header, the list banners and their buttons. Pure, so the
 * server (banners) and the browser (the header's entry) word it alike.
 */
export type MyLocalPlaceFields = {
  city: string | null;
  provinceState: string | null;
  postalCode: string | null;
  radius: number;
};

/** "M5V 2T6, Toronto, ON", "Toronto, ON" or "M5V": whatever the viewer gave. */
export function myLocalPlace({ city, provinceState, postalCode }: MyLocalPlaceFields): string {
  const town = [city, provinceState].filter(Boolean).join(", ");
  return [postalCode, town].filter(Boolean).join(", ") || "your location";
}

/** The header's entry: "My Local: Toronto · 25 km"; radius 0 has no limit. */
export function myLocalMenuLabel(location: MyLocalPlaceFields | null): string {
  if (!location) return "My Local";
  const where = location.city || location.postalCode || "set";
  const reach = location.radius > 0 ? `${location.radius} km` : "any distance";
  return `My Local: ${where} · ${reach}`;
}

/**
 * The radius that takes in a match `distanceKm` away: the next step of the radius slider, or null
 * when it is beyond the slider's end (then only "every distance" reaches it).
 */
export function radiusToReach(distanceKm: number, stepKm: number, maxKm: number): number | null {
  const km = Math.max(stepKm, Math.ceil(distanceKm / stepKm) * stepKm);
  return km <= maxKm ? km : null;
}
