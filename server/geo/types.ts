import "server-only";

export type Country = "CA" | "US";

export type GeocodeInput = {
  postalCode?: string;
  city?: string;
  provinceState?: string;
  /** "CA", "US", a name such as "Canada", or anything else (which finds nothing). */
  country?: Country | (string & {});
  /** Street address. Offline, only a postal code or a ", City, ST" tail inside it is used. */
  address?: string;
};

/**
 * How closely the point describes the place that was asked for:
 * - `address`: a street address (Mapbox only);
 * - `fsa`: the centroid of a Canadian forward sortation area (the first 3 characters of a postal code);
 * - `zip`: the centroid of a US ZIP code;
 * - `city`: the centre of a city or town.
 */
export type GeocodePrecision = "address" | "fsa" | "zip" | "city";

export type GeocodeResult = {
  latitude: number;
  longitude: number;
  /** A city name for display ("Fresh produce near Guelph"); may be empty when Mapbox gives none. */
  city: string;
  /** Two-letter province, territory or state code ("ON", "NY", "PR"). */
  provinceState: string;
  country: Country;
  precision: GeocodePrecision;
  /**
   * True when the point may be far from where the person is: a rural FSA (second character "0"),
   * which can cover thousands of km², or a city used in place of one. The UI should say so.
   */
  approximate: boolean;
};

export type LatLng = { latitude: number; longitude: number };
