/**
 * Client-safe helpers of the farmers map: the points call, bounding boxes and the hint texts.
 */
import type { MerchantMapPoint } from "@/lib/catalog/types";

export const MAP_POINTS_ENDPOINT = "/api/merchants/mapPoints";

/** Spec part 1 section 8: the map's two error texts. */
export const MAP_EMPTY_MESSAGE = "No farmer data found from the API.";
export const MAP_FAILED_MESSAGE = "Failed to load farmer data. Please try again.";

/** [minLon, minLat, maxLon, maxLat], as the `bbox` query writes it. */
export type Bbox = readonly [number, number, number, number];

export type ViewerPoint = { latitude: number; longitude: number; radiusKm: number };

/** The farm points of a box (nearest its centre first), or the newest farms without one. */
export async function fetchMapPoints(
  bbox: Bbox | null,
  signal?: AbortSignal,
): Promise<MerchantMapPoint[]> {
  const url = bbox ? `${MAP_POINTS_ENDPOINT}?bbox=${bbox.join(",")}` : MAP_POINTS_ENDPOINT;
  const response = await fetch(url, { signal, headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`map points answered ${response.status}`);
  const body = (await response.json()) as { points?: MerchantMapPoint[] };
  if (!Array.isArray(body.points)) throw new Error("map points answer without points");
  return body.points;
}

/**
 * Widens a box outward to a grid of about an eighth of its size, so small pans ask for the same
 * box again and meet the HTTP and server caches.
 */
export function snapBbox([minLon, minLat, maxLon, maxLat]: Bbox): Bbox {
  const span = Math.max(maxLon - minLon, maxLat - minLat, 1e-4);
  const step = 2 ** Math.ceil(Math.log2(span / 8));
  const down = (v: number) => Math.floor(v / step) * step;
  const up = (v: number) => Math.ceil(v / step) * step;
  const round = (v: number) => Math.round(v * 1e5) / 1e5;
  return [
    round(Math.max(-180, down(minLon))),
    round(Math.max(-90, down(minLat))),
    round(Math.min(180, up(maxLon))),
    round(Math.min(90, up(maxLat))),
  ];
}

/** The box around the viewer's My Local point: its radius, and at least 25 km. */
export function bboxAround({ latitude, longitude, radiusKm }: ViewerPoint): Bbox {
  const km = Math.max(radiusKm, 25);
  const dLat = km / 111.32;
  const dLon = dLat / Math.max(Math.cos((latitude * Math.PI) / 180), 0.01);
  return snapBbox([longitude - dLon, latitude - dLat, longitude + dLon, latitude + dLat]);
}

/** The points' bounds padded by `padding` degrees (MAP_DEFAULTS.boundsPadding), for fitBounds. */
export function paddedBounds(points: readonly MerchantMapPoint[], padding: number): Bbox | null {
  if (points.length === 0) return null;
  let minLon = Infinity;
  let minLat = Infinity;
  let maxLon = -Infinity;
  let maxLat = -Infinity;
  for (const { longitude, latitude } of points) {
    minLon = Math.min(minLon, longitude);
    maxLon = Math.max(maxLon, longitude);
    minLat = Math.min(minLat, latitude);
    maxLat = Math.max(maxLat, latitude);
  }
  return [
    Math.max(-180, minLon - padding),
    Math.max(-85, minLat - padding),
    Math.min(180, maxLon + padding),
    Math.min(85, maxLat + padding),
  ];
}

/** What a plain wheel over the map says: zooming takes Ctrl (⌘ on a Mac) with the wheel. */
export function zoomHint(userAgent: string): string {
  return /Mac|iPhone|iPad/.test(userAgent) ? "Use ⌘ + scroll to zoom" : "Use Ctrl + scroll to zoom";
}

export const TOUCH_PAN_HINT = "Use two fingers to move the map";

/** Farms drawn as one pin, or as a group pin when they would overlap on screen. */
export type MarkerGroup = {
  /** The first farm of the group (newest, or nearest the centre): where the pin stands. */
  lead: MerchantMapPoint;
  points: MerchantMapPoint[];
};

export type ScreenPoint = { x: number; y: number };

/**
 * Groups the farms whose pins would overlap at the current zoom: walking the farms in order, each
 * one joins the first group whose lead stands within `minDistancePx` on screen, else it leads a
 * new group. Leads are therefore at least `minDistancePx` apart, so no two pins overlap (pins stay
 * separate touch targets) and a crowded view draws a few dozen pins rather than hundreds. Farms
 * whose pin would not be wholly on show (`isShown`) are left out.
 */
export function groupOverlappingPoints(
  points: readonly MerchantMapPoint[],
  project: (point: MerchantMapPoint) => ScreenPoint,
  { minDistancePx, isShown }: { minDistancePx: number; isShown: (at: ScreenPoint) => boolean },
): MarkerGroup[] {
  const groups: (MarkerGroup & { at: ScreenPoint })[] = [];
  // Leads by grid cell of minDistancePx: a farm only checks the leads of its own and the 8 cells around it.
  const cells = new Map<string, (MarkerGroup & { at: ScreenPoint })[]>();
  const cellOf = (v: number) => Math.floor(v / minDistancePx);
  for (const point of points) {
    const at = project(point);
    if (!isShown(at)) continue;
    const cx = cellOf(at.x);
    const cy = cellOf(at.y);
    let home: MarkerGroup | undefined;
    for (let dx = -1; dx <= 1 && !home; dx += 1) {
      for (let dy = -1; dy <= 1 && !home; dy += 1) {
        home = cells
          .get(`${cx + dx}:${cy + dy}`)
          ?.find((g) => Math.hypot(g.at.x - at.x, g.at.y - at.y) < minDistancePx);
      }
    }
    if (home) {
      home.points.push(point);
      continue;
    }
    const group = { lead: point, points: [point], at };
    groups.push(group);
    const key = `${cx}:${cy}`;
    cells.set(key, [...(cells.get(key) ?? []), group]);
  }
  return groups.map(({ lead, points: members }) => ({ lead, points: members }));
}

/**
 * The pickup places (a farm's market stall) whose pins stand at least `minDistancePx` from every
 * pin already `taken` and from each other, and fit the view: two pins closer than that are one
 * touch target (WCAG 2.5.8), so a place that close waits until the map zooms in.
 */
export function placesApart<P>(
  places: readonly P[],
  taken: readonly ScreenPoint[],
  project: (place: P) => ScreenPoint,
  { minDistancePx, isShown }: { minDistancePx: number; isShown: (at: ScreenPoint) => boolean },
): P[] {
  const standing = [...taken];
  const apart: P[] = [];
  for (const place of places) {
    const at = project(place);
    if (!isShown(at)) continue;
    if (standing.some((s) => Math.hypot(s.x - at.x, s.y - at.y) < minDistancePx)) continue;
    standing.push(at);
    apart.push(place);
  }
  return apart;
}

/**
 * Whether a pin (`pinWidth` x `pinHeight`, standing on its point) fits wholly inside a `width` x
 * `height` view and clear of the map's own controls (`keepClear` rectangles).
 */
export function pinFits(
  at: ScreenPoint,
  {
    width,
    height,
    pinWidth,
    pinHeight,
    keepClear = [],
  }: {
    width: number;
    height: number;
    pinWidth: number;
    pinHeight: number;
    keepClear?: readonly { left: number; top: number; right: number; bottom: number }[];
  },
): boolean {
  const pin = {
    left: at.x - pinWidth / 2,
    right: at.x + pinWidth / 2,
    top: at.y - pinHeight,
    bottom: at.y,
  };
  if (pin.left < 0 || pin.top < 0 || pin.right > width || pin.bottom > height) return false;
  return keepClear.every(
    (r) => pin.right <= r.left || pin.left >= r.right || pin.bottom <= r.top || pin.top >= r.bottom,
  );
}

/** The accessible name of a group pin: how many farms, and the first few of them. */
export function groupLabel(group: MarkerGroup): string {
  const names = group.points.slice(0, 5).map((p) => p.username);
  const more = group.points.length > names.length ? ", and more" : "";
  return `${group.points.length} farms: ${names.join(", ")}${more}`;
}
