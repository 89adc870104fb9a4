import "server-only";
import { distanceKm } from "./distance";
import { normalizeName } from "./regions";
import type { FsaRow, GeoTables, PlaceRow } from "./tables";

// A name in the FSA description only counts when the town is this close to the FSA centroid, so
// "Wellington" cannot pick a namesake across the province.
const NAME_MATCH_MAX_KM = 60;

// Words that describe a part of town, never a town on their own.
const AREA_WORDS = new Set(
  "north south east west central northeast northwest southeast southwest downtown midtown uptown outskirts upper lower inner outer city region island peninsula".split(
    " ",
  ),
);

const cache = new Map<string, string>();

/**
 * The town an FSA belongs to, for display: "Downtown Toronto (CN Tower / ...)" → "Toronto",
 * "Richmond Hill Southwest" → "Richmond Hill", "Quebec City East" → "Québec". Names in the
 * description are tried first (longest run of words first); otherwise the most prominent nearby
 * town of the province (population weighted by distance). A city the person typed wins when it
 * is a town near the FSA or is named in its description ("Elora" for N0B "Wellington (Elora)").
 */
export function cityForFsa(tables: GeoTables, row: FsaRow, typedCity?: string): string {
  if (typedCity) {
    const key = normalizeName(typedCity);
    const place = tables.places.inRegion.get(`${row.province}|${key}`);
    if (place && distanceKm(centreOf(row), toLatLng(place)) <= NAME_MATCH_MAX_KM) return place.name;
    if (key && ` ${normalizeName(row.place)} `.includes(` ${key} `)) return typedCity.trim();
  }
  let city = cache.get(row.fsa);
  if (city === undefined) {
    city =
      namedTown(tables, row) ?? prominentTown(tables, row) ?? row.place.replace(/\s*\(.*$/, "");
    cache.set(row.fsa, city);
  }
  return city;
}

function namedTown(tables: GeoTables, row: FsaRow): string | undefined {
  const main = row.place.replace(/\(.*\)/, "");
  const inner = /\((.*)\)/.exec(row.place)?.[1] ?? "";
  const parts = [...main.split(","), ...inner.split(/[/,]/)];
  const centre = centreOf(row);
  for (const part of parts) {
    const words = normalizeName(part).split(" ").filter(Boolean);
    for (let size = words.length; size >= 1; size--) {
      for (let from = 0; from + size <= words.length; from++) {
        const run = words.slice(from, from + size);
        if (run.every((w) => AREA_WORDS.has(w))) continue;
        const place = tables.places.inRegion.get(`${row.province}|${run.join(" ")}`);
        if (place && distanceKm(centre, toLatLng(place)) <= NAME_MATCH_MAX_KM) return place.name;
      }
    }
  }
  return undefined;
}

function prominentTown(tables: GeoTables, row: FsaRow): string | undefined {
  const centre = centreOf(row);
  let best: { place: PlaceRow; score: number } | undefined;
  for (const place of tables.places.byRegion.get(row.province) ?? []) {
    const km = Math.max(2, distanceKm(centre, toLatLng(place)));
    const score = Math.sqrt(place.population) / (km * km);
    if (!best || score > best.score) best = { place, score };
  }
  return best?.place.name;
}

function centreOf(row: FsaRow) {
  return { latitude: row.lat, longitude: row.lon };
}

function toLatLng(place: PlaceRow) {
  return { latitude: place.lat, longitude: place.lon };
}
