/**
 * Real towns for the dataset, from the project's offline geocoder tables (server/geo/data, a copy
 * of ../shared/data/geo). Farms and customers are placed in towns weighted by population, with a
 * share of them around the map's default centre (greater Toronto and the Holland Marsh) so that
 * My Local radius searches there find realistic numbers of farms.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { MAP_DEFAULTS } from "@/lib/constants";
import type { Rng, ZipfTable } from "./prng";
import { weightTable } from "./prng";

const DATA_DIR = path.join(process.cwd(), "server", "geo", "data");

export interface Town {
  name: string;
  region: string;
  country: "CA" | "US";
  lat: number;
  lon: number;
  population: number;
}

/** RFC 4180 line splitting for these small tables (quoted fields may hold commas). */
function parseCsvLine(line: string): string[] {
  const out: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      out.push(field);
      field = "";
    } else field += ch;
  }
  out.push(field);
  return out;
}

function readCsv(file: string): string[][] {
  return readFileSync(path.join(DATA_DIR, file), "utf8")
    .split("\n")
    .slice(1)
    .filter((l) => l.length > 0)
    .map(parseCsvLine);
}

export function distanceKm(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const r = Math.PI / 180;
  const dLat = (bLat - aLat) * r;
  const dLon = (bLon - aLon) * r;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(aLat * r) * Math.cos(bLat * r) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** The point the My Local scenarios search around (the spec's map centre). */
export const HOTSPOT = { lat: MAP_DEFAULTS.center.lat, lon: MAP_DEFAULTS.center.lon };
/** Towns within this distance of HOTSPOT form the dense region. */
const HOTSPOT_RADIUS_KM = 120;

// City names must pass the city character set (letters, space, ' . -).
const CITY_OK = /^[\p{L}\p{M} '.-]+$/u;

export interface GeoWorld {
  towns: Town[];
  /** Weighted by sqrt(population) over all towns. */
  all: ZipfTable;
  /** Indexes into towns of the dense region, and their weights. */
  hot: number[];
  hotWeights: ZipfTable;
  postalCode(town: Town, rng: Rng): string;
}

export function loadGeo(): GeoWorld {
  const towns: Town[] = readCsv("places.csv")
    .map(([name, region, country, lat, lon, population]) => ({
      name: name as string,
      region: region as string,
      country: country as "CA" | "US",
      lat: Number(lat),
      lon: Number(lon),
      population: Number(population),
    }))
    .filter((t) => t.region !== "PR" && CITY_OK.test(t.name));
  const all = weightTable(towns.map((t) => Math.sqrt(t.population)));
  const hot: number[] = [];
  towns.forEach((t, i) => {
    if (distanceKm(HOTSPOT.lat, HOTSPOT.lon, t.lat, t.lon) <= HOTSPOT_RADIUS_KM) hot.push(i);
  });
  const hotWeights = weightTable(hot.map((i) => Math.sqrt((towns[i] as Town).population)));

  const fsaByProvince = new Map<string, { fsa: string; lat: number; lon: number }[]>();
  for (const [fsa, lat, lon, , province] of readCsv("ca_fsa.csv")) {
    const list = fsaByProvince.get(province as string) ?? [];
    list.push({ fsa: fsa as string, lat: Number(lat), lon: Number(lon) });
    fsaByProvince.set(province as string, list);
  }
  const zipByState = new Map<string, { zip: string; lat: number; lon: number }[]>();
  for (const [zip, lat, lon, , state] of readCsv("us_zip.csv")) {
    const list = zipByState.get(state as string) ?? [];
    list.push({ zip: zip as string, lat: Number(lat), lon: Number(lon) });
    zipByState.set(state as string, list);
  }
  const nearestCode = new Map<Town, string>();
  const nearest = (town: Town): string => {
    let code = nearestCode.get(town);
    if (code !== undefined) return code;
    const list =
      town.country === "CA"
        ? (fsaByProvince.get(town.region) ?? []).map((f) => ({ code: f.fsa, ...f }))
        : (zipByState.get(town.region) ?? []).map((z) => ({ code: z.zip, ...z }));
    let best = town.country === "CA" ? "M5V" : "10001";
    let bestD = Infinity;
    for (const c of list) {
      const d = (c.lat - town.lat) ** 2 + (c.lon - town.lon) ** 2;
      if (d < bestD) {
        bestD = d;
        best = c.code;
      }
    }
    code = best;
    nearestCode.set(town, code);
    return code;
  };
  const LETTERS = "ABCEGHJKLMNPRSTVWXYZ";
  return {
    towns,
    all,
    hot,
    hotWeights,
    postalCode(town, rng) {
      const base = nearest(town);
      if (town.country === "US") return base;
      return `${base} ${rng.int(1, 9)}${rng.pick(LETTERS.split(""))}${rng.int(0, 9)}`;
    },
  };
}
