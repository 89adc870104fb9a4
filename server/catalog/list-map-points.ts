import "server-only";
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { cacheLife, cacheTag } from "next/cache";
import type { MapPickupPlace, MerchantMapPoint } from "@/lib/catalog/types";
import { INTRODUCTION_PREVIEW_MAX_CHARS } from "@/lib/constants";
import { truncate } from "@/lib/format";
import { getDb, type Db, type DbTransaction } from "@/server/db/client";
import { members } from "@/server/db/schema";
import { validationError } from "@/server/errors";
import { distanceKm } from "@/server/geo";
import { CACHE_TAGS } from "./cache-tags";

/** No answer carries more points than this, however many farms there are. */
export const MAP_POINTS_LIMIT = 500;

/**
 * A published point is the farm's position rounded to 0.01 degree (about 1 km), and a box selects
 * farms by that rounded point too, so no box, however small, tells more: a farm geocoded from its
 * street address (Mapbox) is not pinned to its house on the public map (decision 0013 keeps the
 * house number out of search as well); its customers get the address with their order.
 */
const publicLatitude = sql<number>`round(${members.latitude}::numeric, 2)::float8`;
const publicLongitude = sql<number>`round(${members.longitude}::numeric, 2)::float8`;
/** How far a rounded point can be from the farm, in metres (half of 0.01 degree each way). */
const ROUNDING_SLACK_M = 800;

export const INVALID_BBOX_MESSAGE = "The bbox must be minLon,minLat,maxLon,maxLat in degrees.";

/** [minLon, minLat, maxLon, maxLat]. */
export type Bbox = readonly [number, number, number, number];

/**
 * The farm's pickup places with their own address (issue 41 item 3), by pickup_places_merchant_idx
 * inside the one statement (unsorted: a sort would show in the box statement's plan, which its test
 * keeps free of one). Columns are qualified by hand (in a select list Drizzle writes them bare).
 */
const placesOfFarm = sql<MapPickupPlace[] | null>`(
  select json_agg(json_build_object('name', pp.name, 'latitude', pp.latitude,
    'longitude', pp.longitude))
  from pickup_places pp
  where pp.merchant_id = ${members}."id" and pp.removed_at is null and pp.address is not null
    and pp.latitude is not null and pp.longitude is not null)`;

const COLUMNS = {
  latitude: publicLatitude,
  longitude: publicLongitude,
  username: members.username,
  introduction: members.introduction,
  places: placesOfFarm,
};

const LOCATED_MERCHANT = and(
  eq(members.memberType, "merchant"),
  isNotNull(members.latitude),
  isNotNull(members.longitude),
  isNotNull(members.geo),
);

const DECIMAL = /^-?\d{1,3}(\.\d{1,10})?$/;

/**
 * Reads `bbox=minLon,minLat,maxLon,maxLat` (absent or empty: no box). Four decimals in range with
 * min below max; a box across the antimeridian is refused (the marketplace serves North America).
 *
 * @throws AppError validation on `bbox`.
 */
export function parseBbox(value: string | null): Bbox | null {
  if (value === null || value.trim() === "") return null;
  const parts = value.split(",").map((part) => part.trim());
  const invalid = () => validationError({ bbox: [INVALID_BBOX_MESSAGE] }, INVALID_BBOX_MESSAGE);
  if (parts.length !== 4 || !parts.every((part) => DECIMAL.test(part))) throw invalid();
  const [minLon, minLat, maxLon, maxLat] = parts.map(Number) as [number, number, number, number];
  const inRange =
    minLon >= -180 &&
    maxLon <= 180 &&
    minLat >= -90 &&
    maxLat <= 90 &&
    minLon < maxLon &&
    minLat < maxLat;
  if (!inRange) throw invalid();
  return [minLon, minLat, maxLon, maxLat];
}

/**
 * The farmers map's points (spec part 1 section 3 "Merchant map point"): merchants with
 * coordinates, never more than MAP_POINTS_LIMIT, and never a query per row.
 *
 * - Without a box: the newest farms, through the merchant "latest" index (one statement).
 * - With a box: the farms inside it, nearest its centre first, through the GiST index on
 *   members.geo (ll_to_earth of the farm, stored): an earth_box around the box bounds the index scan and nearest-first order stops
 *   it at the limit, so neither a crowded nor a continent-wide box reads more than it returns.
 *   PostgreSQL estimates cube containment badly (a fixed 0.1 %) and would rather read every farm
 *   of the box in a bitmap scan and sort them all (105 ms for a continent-wide box at 20,000
 *   farms, against 2 ms); bitmap scans are off for this one statement (SET LOCAL in its own
 *   transaction) so it takes the ordered index scan. Measured on PostgreSQL 15 with 23,000 farms:
 *   1.7 ms for 3,000 farms in a metro box, 2 ms for the continent, 2.4 ms for an empty box.
 *
 * Introductions are cut at 157 characters with an ellipsis, as the popup shows them; no email or
 * other private field is read. Points are rounded to 0.01 degree (publicLatitude). Each farm
 * carries its other pickup places (a market stall: a public place, shown where it is); a box
 * selects by the farm's point, so a stall inside a box whose farm is outside it is not listed.
 */
export async function listMapPoints(
  db: Db,
  { bbox }: { bbox: Bbox | null },
): Promise<MerchantMapPoint[]> {
  let rows: {
    latitude: number | null;
    longitude: number | null;
    username: string;
    introduction: string | null;
    places: MapPickupPlace[] | null;
  }[];
  if (!bbox) {
    rows = await db
      .select(COLUMNS)
      .from(members)
      .where(LOCATED_MERCHANT)
      .orderBy(desc(members.createdAt), desc(members.id))
      .limit(MAP_POINTS_LIMIT);
  } else {
    rows = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_bitmapscan = off`);
      return mapPointsInBoxQuery(tx, bbox);
    });
  }

  return rows.map((row) => ({
    latitude: row.latitude!,
    longitude: row.longitude!,
    username: row.username,
    introduction: row.introduction
      ? truncate(row.introduction, INTRODUCTION_PREVIEW_MAX_CHARS)
      : null,
    // Only farms that have one carry the field: the spec's point keeps its four fields.
    ...(row.places?.length ? { places: row.places } : {}),
  }));
}

/**
 * The statement behind a box (exported for the query-plan test): farms inside the box, nearest its
 * centre first, at most MAP_POINTS_LIMIT.
 */
export function mapPointsInBoxQuery(db: Db | DbTransaction, bbox: Bbox) {
  const [minLon, minLat, maxLon, maxLat] = bbox;
  const centre = sql`ll_to_earth(${(minLat + maxLat) / 2}::float8, ${(minLon + maxLon) / 2}::float8)`;
  const point = sql`${members.geo}`;
  // The circle through the box's corners holds the whole box; the slack covers the extension's
  // slightly larger Earth radius and rounding, and a farm whose rounded point is in the box while
  // the farm itself is just outside. (The order is by the farm's own distance from the centre: it
  // only decides which farms a box of more than MAP_POINTS_LIMIT keeps.)
  const radiusM = Math.ceil(cornerDistanceM(bbox) * 1.01) + 1 + ROUNDING_SLACK_M;
  return (
    db
      .select(COLUMNS)
      .from(members)
      .where(
        and(
          LOCATED_MERCHANT,
          sql`earth_box(${centre}, ${radiusM}::float8) @> ${point}`,
          sql`${publicLatitude} between ${minLat}::float8 and ${maxLat}::float8`,
          sql`${publicLongitude} between ${minLon}::float8 and ${maxLon}::float8`,
        ),
      )
      // Distance alone (no tie-breaker column), so the index delivers the order itself.
      .orderBy(sql`${point} <-> ${centre}`)
      .limit(MAP_POINTS_LIMIT)
  );
}

/**
 * `listMapPoints` through the Next data cache: the same public answer for everyone, tagged
 * MERCHANT_LISTS so a farm that registers, moves or edits its introduction shows on the next
 * request after the tag is revalidated, and at most a few minutes late otherwise.
 */
export async function listMapPointsCached(bbox: Bbox | null): Promise<MerchantMapPoint[]> {
  "use cache";
  cacheTag(CACHE_TAGS.MERCHANT_LISTS);
  cacheLife("minutes");
  return listMapPoints(await getDb(), { bbox });
}

/** Great-circle distance in metres from the box's centre to its farthest corner. */
function cornerDistanceM([minLon, minLat, maxLon, maxLat]: Bbox): number {
  const centre = { latitude: (minLat + maxLat) / 2, longitude: (minLon + maxLon) / 2 };
  const corners = [
    { latitude: minLat, longitude: minLon },
    { latitude: minLat, longitude: maxLon },
    { latitude: maxLat, longitude: minLon },
    { latitude: maxLat, longitude: maxLon },
  ];
  return Math.max(...corners.map((corner) => distanceKm(centre, corner))) * 1000;
}
