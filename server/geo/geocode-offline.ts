import "server-only";
import { cityForFsa } from "./fsa-city";
import { parseLocation, type ParsedLocation } from "./parse-input";
import { normalizeName } from "./regions";
import { getGeoTables, type GeoTables, type PlaceRow } from "./tables";
import type { Country, GeocodeInput, GeocodeResult } from "./types";

/**
 * Geocodes from the bundled GeoNames and simplemaps tables. The postal code wins over the city
 * (it is more precise), except for a rural FSA, where a named town is closer to the truth than a
 * centroid that may be 100 km away. Returns null when nothing matches.
 */
export function geocodeOffline(input: GeocodeInput): GeocodeResult | null {
  const location = parseLocation(input);
  if (location.country === "other") return null;
  const tables = getGeoTables();
  const { postal, city } = location;
  // A code of the wrong shape for a named country (a ZIP with "Canada") is ignored, not trusted.
  const usablePostal =
    postal && (!location.country || location.country === postal.country) ? postal : null;

  if (usablePostal?.country === "CA") {
    const row = tables.fsa.get(usablePostal.fsa);
    if (row) {
      if (usablePostal.rural && city) {
        const town = findCity(tables, city, { code: row.province, country: "CA" }, "CA");
        if (town) return { ...town, approximate: true };
      }
      return {
        latitude: row.lat,
        longitude: row.lon,
        city: cityForFsa(tables, row, city),
        provinceState: row.province,
        country: "CA",
        precision: "fsa",
        approximate: usablePostal.rural,
      };
    }
  }
  if (usablePostal?.country === "US") {
    const row = tables.zip.get(usablePostal.zip);
    if (row) {
      return {
        latitude: row.lat,
        longitude: row.lon,
        city: row.city,
        provinceState: row.state,
        country: "US",
        precision: "zip",
        approximate: false,
      };
    }
  }
  if (!city) return null;
  return findCity(tables, city, location.region, location.country ?? location.region?.country);
}

/**
 * A city by name: in the given region if any, else the largest of that name (in the country if
 * known). US towns too small for places.csv fall back to the average of their ZIP centroids.
 */
function findCity(
  tables: GeoTables,
  city: string,
  region: ParsedLocation["region"],
  country: Country | undefined,
): GeocodeResult | null {
  const name = normalizeName(city);
  if (!name) return null;
  if (region && country && region.country !== country) return null;

  let place: PlaceRow | undefined;
  if (region) place = tables.places.inRegion.get(`${region.code}|${name}`);
  else {
    const ca = country !== "US" ? tables.places.inCountry.get(`CA|${name}`) : undefined;
    const us = country !== "CA" ? tables.places.inCountry.get(`US|${name}`) : undefined;
    place = ca && us ? (ca.population >= us.population ? ca : us) : (ca ?? us);
  }
  if (place) {
    return {
      latitude: place.lat,
      longitude: place.lon,
      city: place.name,
      provinceState: place.region,
      country: place.country,
      precision: "city",
      approximate: false,
    };
  }

  if (country === "CA" || region?.country === "CA") return null;
  // Without a state, only a town name that exists in one state is unambiguous.
  const { sums, states } = tables.zipCities;
  const onlyState = states.get(name)?.length === 1 ? states.get(name)![0] : undefined;
  const state = region?.code ?? onlyState;
  const zips = state ? sums.get(`${state}|${name}`) : undefined;
  if (!zips) return null;
  return {
    latitude: round4(zips.latSum / zips.count),
    longitude: round4(zips.lonSum / zips.count),
    city: zips.city,
    provinceState: zips.state,
    country: "US",
    precision: "city",
    approximate: false,
  };
}

function round4(value: number): number {
  return Math.round(value * 1e4) / 1e4;
}
