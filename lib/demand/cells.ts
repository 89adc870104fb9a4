/**
 * Where and when demand is counted (issue 44, item 5; decision 0046): pure, so the schema, the
 * recording, the page and the tests agree on one grid and one calendar.
 */

export const DEMAND_KINDS = ["saved", "unmet_search"] as const;
export type DemandKind = (typeof DEMAND_KINDS)[number];

/** Cells are CELL_DEGREES of latitude by CELL_DEGREES of longitude (about 22 by 16 km at 45°N). */
export const CELL_DEGREES = 0.2;

/**
 * A farm's area: the spec and the code give a farm no radius of its own (customers choose 0-50 km
 * in My Local), so the area is the cells whose centre lies within this distance of the farm.
 */
export const DEMAND_AREA_KM = 25;

/** The weeks before this one the page shows. */
export const DEMAND_PAST_WEEKS = 8;

export type Cell = { lat: number; lng: number };

export function cellOf(latitude: number, longitude: number): Cell {
  return {
    lat: Math.floor(latitude / CELL_DEGREES),
    lng: Math.floor(longitude / CELL_DEGREES),
  };
}

function cellCentre(cell: Cell): { latitude: number; longitude: number } {
  return { latitude: (cell.lat + 0.5) * CELL_DEGREES, longitude: (cell.lng + 0.5) * CELL_DEGREES };
}

function distanceKm(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
) {
  const toRad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * toRad;
  const dLon = (b.longitude - a.longitude) * toRad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * toRad) * Math.cos(b.latitude * toRad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The farm's area: its own cell and every cell whose centre is within `radiusKm` of it. */
export function cellsAround(
  latitude: number,
  longitude: number,
  radiusKm = DEMAND_AREA_KM,
): Cell[] {
  const home = cellOf(latitude, longitude);
  const reachLat = Math.ceil(radiusKm / 111 / CELL_DEGREES) + 1;
  const cosLat = Math.max(Math.cos((latitude * Math.PI) / 180), 0.05);
  const reachLng = Math.ceil(radiusKm / (111 * cosLat) / CELL_DEGREES) + 1;
  const cells: Cell[] = [];
  for (let dLat = -reachLat; dLat <= reachLat; dLat++)
    for (let dLng = -reachLng; dLng <= reachLng; dLng++) {
      const cell = { lat: home.lat + dLat, lng: home.lng + dLng };
      const isHome = dLat === 0 && dLng === 0;
      if (isHome || distanceKm({ latitude, longitude }, cellCentre(cell)) <= radiusKm)
        cells.push(cell);
    }
  return cells;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC Monday starting the week of `at`, as YYYY-MM-DD. */
export function weekStartOf(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** `weeks` weeks before the week starting on `weekStart` (YYYY-MM-DD). */
export function weeksBefore(weekStart: string, weeks: number): string {
  return new Date(Date.parse(`${weekStart}T00:00:00Z`) - weeks * 7 * DAY_MS)
    .toISOString()
    .slice(0, 10);
}

/** The longest term kept; longer searches are cut here before counting. */
export const TERM_MAX_LENGTH = 40;

/**
 * A search or product name as it is counted: lower case, accents and punctuation dropped, spaces
 * collapsed. Null for what is not a word to plant by: empty, or holding digits (an order number,
 * a phone number, an address), or an @ (an email), so such searches are never counted at all.
 */
export function normaliseTerm(text: string): string | null {
  if (/[0-9@]/.test(text)) return null;
  const term = text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\s'-]/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, TERM_MAX_LENGTH)
    .trim();
  return term.length >= 2 ? term : null;
}
