import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import { normalizeName } from "./regions";
import type { Country } from "./types";

// Read relative to the project root; next.config.ts traces server/geo/data/*.csv into the standalone
// output and the Dockerfile copies the folder, so the same path works in development and production.
const DATA_DIR = path.join(process.cwd(), "server", "geo", "data");

export type FsaRow = { fsa: string; lat: number; lon: number; place: string; province: string };
export type ZipRow = { zip: string; lat: number; lon: number; city: string; state: string };
export type PlaceRow = {
  name: string;
  region: string;
  country: Country;
  lat: number;
  lon: number;
  population: number;
};

export type GeoTables = {
  fsa: Map<string, FsaRow>;
  zip: Map<string, ZipRow>;
  places: PlaceIndex;
  zipCities: ZipCityIndex;
};

export type PlaceIndex = {
  /** `${region}|${normalized name}` → the largest place of that name in the region. */
  inRegion: Map<string, PlaceRow>;
  /** `${country}|${normalized name}` → the largest place of that name in the country. */
  inCountry: Map<string, PlaceRow>;
  /** Every place of a region, for finding the town an FSA belongs to. */
  byRegion: Map<string, PlaceRow[]>;
};

export type ZipCityIndex = {
  /** `${state}|${normalized city}` → that city's ZIP centroids, summed (average = sum / count). */
  sums: Map<string, { city: string; state: string; latSum: number; lonSum: number; count: number }>;
  /** normalized city → the states that have ZIPs for it. */
  states: Map<string, string[]>;
};

let tables: GeoTables | undefined;

/**
 * The lookup tables. Each one is parsed on first use and kept for the life of the process, so a
 * postal-code lookup never pays for the city index.
 */
export function getGeoTables(): GeoTables {
  tables ??= createGeoTables(DATA_DIR);
  return tables;
}

export function createGeoTables(dir: string): GeoTables {
  let fsa: Map<string, FsaRow> | undefined;
  let zip: Map<string, ZipRow> | undefined;
  let places: PlaceIndex | undefined;
  let zipCities: ZipCityIndex | undefined;
  return {
    get fsa() {
      return (fsa ??= loadFsa(dir));
    },
    get zip() {
      return (zip ??= loadZip(dir));
    },
    get places() {
      return (places ??= loadPlaces(dir));
    },
    get zipCities() {
      return (zipCities ??= indexZipCities(this.zip));
    },
  };
}

function loadFsa(dir: string): Map<string, FsaRow> {
  const fsa = new Map<string, FsaRow>();
  eachRow(dir, "ca_fsa.csv", 5, (r) => {
    fsa.set(r[0]!, {
      fsa: r[0]!,
      lat: Number(r[1]),
      lon: Number(r[2]),
      place: r[3]!,
      province: r[4]!,
    });
  });
  return fsa;
}

function loadZip(dir: string): Map<string, ZipRow> {
  const zip = new Map<string, ZipRow>();
  eachRow(dir, "us_zip.csv", 5, (r) => {
    zip.set(r[0]!, { zip: r[0]!, lat: Number(r[1]), lon: Number(r[2]), city: r[3]!, state: r[4]! });
  });
  return zip;
}

function indexZipCities(zip: Map<string, ZipRow>): ZipCityIndex {
  const sums: ZipCityIndex["sums"] = new Map();
  const states: ZipCityIndex["states"] = new Map();
  const names = new Map<string, string>();
  for (const row of zip.values()) {
    let name = names.get(row.city);
    if (name === undefined) {
      name = normalizeName(row.city);
      names.set(row.city, name);
    }
    const key = `${row.state}|${name}`;
    const sum = sums.get(key);
    if (sum) {
      sum.latSum += row.lat;
      sum.lonSum += row.lon;
      sum.count += 1;
      continue;
    }
    sums.set(key, { city: row.city, state: row.state, latSum: row.lat, lonSum: row.lon, count: 1 });
    const list = states.get(name);
    if (list) list.push(row.state);
    else states.set(name, [row.state]);
  }
  return { sums, states };
}

function loadPlaces(dir: string): PlaceIndex {
  const inRegion = new Map<string, PlaceRow>();
  const inCountry = new Map<string, PlaceRow>();
  const byRegion = new Map<string, PlaceRow[]>();
  eachRow(dir, "places.csv", 6, (r) => {
    const row: PlaceRow = {
      name: r[0]!,
      region: r[1]!,
      country: r[2] as Country,
      lat: Number(r[3]),
      lon: Number(r[4]),
      population: Number(r[5]),
    };
    const name = normalizeName(row.name);
    // The file is sorted by population within a region: the first row of a name is the largest.
    if (!inRegion.has(`${row.region}|${name}`)) inRegion.set(`${row.region}|${name}`, row);
    const best = inCountry.get(`${row.country}|${name}`);
    if (!best || best.population < row.population) inCountry.set(`${row.country}|${name}`, row);
    const list = byRegion.get(row.region);
    if (list) list.push(row);
    else byRegion.set(row.region, [row]);
  });
  return { inRegion, inCountry, byRegion };
}

/**
 * Calls `visit` with the fields of each data row of one of our CSV files (RFC 4180 quoting, `\n`
 * line ends, one header row). Hand-rolled over `indexOf` and reusing one array: `split` costs
 * about three times as much on the 41,000 ZIP rows.
 */
function eachRow(
  dir: string,
  file: string,
  columns: number,
  visit: (fields: readonly string[]) => void,
): void {
  const text = readFileSync(path.join(dir, file), "utf8");
  const fields = new Array<string>(columns).fill("");
  let nextQuote = text.indexOf('"');
  let pos = text.indexOf("\n") + 1;
  while (pos > 0 && pos < text.length) {
    let end = text.indexOf("\n", pos);
    if (end === -1) end = text.length;
    const lineEnd = text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    if (nextQuote !== -1 && nextQuote < pos) nextQuote = text.indexOf('"', pos);
    if (nextQuote !== -1 && nextQuote < lineEnd) {
      const quoted = splitQuoted(text.slice(pos, lineEnd));
      if (quoted.length === columns) visit(quoted);
    } else if (lineEnd > pos && splitInto(text, pos, lineEnd, fields)) {
      visit(fields);
    }
    pos = end + 1;
  }
}

/** Splits text[from, to) at commas into `fields`; false when the column count is wrong. */
function splitInto(text: string, from: number, to: number, fields: string[]): boolean {
  let start = from;
  for (let c = 0; c < fields.length - 1; c++) {
    const comma = text.indexOf(",", start);
    if (comma === -1 || comma >= to) return false;
    fields[c] = text.slice(start, comma);
    start = comma + 1;
  }
  const extra = text.indexOf(",", start);
  if (extra !== -1 && extra < to) return false;
  fields[fields.length - 1] = text.slice(start, to);
  return true;
}

function splitQuoted(line: string): string[] {
  const fields: string[] = [];
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
      fields.push(field);
      field = "";
    } else field += ch;
  }
  fields.push(field);
  return fields;
}
