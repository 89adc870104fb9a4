import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Nearby } from "@/lib/catalog/types";
import { members } from "@/server/db/schema";

/**
 * My Local reads distance as a property of the farm (notes/performance.md). Lists order farms by
 * `k`, the straight-line (chord) distance in metres between the farm's and the viewer's points on
 * earthdistance's sphere: the cube `<->` operator over `members.geo` (ll_to_earth of the farm,
 * stored), which the GiST index answers nearest first and which orders exactly like the
 * great-circle distance. The viewer's point and the radius's chord are computed here, so the
 * database evaluates no trigonometry per row.
 */

/** `k` of a farm without coordinates: after every located farm (a chord is at most 12,756 km). */
export const UNLOCATED_DISTANCE_M = 1e9;

/** earthdistance's earth() radius, in metres. */
const EARTH_RADIUS_M = 6_378_168;

const LOCATED_MERCHANT = sql`${members.memberType} = 'merchant' and ${members.geo} is not null`;
const UNLOCATED_MERCHANT = sql`${members.memberType} = 'merchant' and (${members.latitude} is null or ${members.longitude} is null)`;

/** ll_to_earth(latitude, longitude), as a cube constant. */
function origin(near: Nearby): SQL {
  const lat = (near.latitude * Math.PI) / 180;
  const lon = (near.longitude * Math.PI) / 180;
  const x = EARTH_RADIUS_M * Math.cos(lat) * Math.cos(lon);
  const y = EARTH_RADIUS_M * Math.cos(lat) * Math.sin(lon);
  const z = EARTH_RADIUS_M * Math.sin(lat);
  return sql`cube(array[${x}::float8, ${y}::float8, ${z}::float8])`;
}

/** The chord of a great-circle distance (earthdistance's gc_to_sec). */
function chordOf(metres: number): number {
  return 2 * EARTH_RADIUS_M * Math.sin(Math.min(metres / (2 * EARTH_RADIUS_M), Math.PI / 2));
}

/** The farm's `k` from the viewer (null for a farm without coordinates). */
export function farmChord(near: Nearby): SQL {
  return sql`(${members.geo} <-> ${origin(near)})`;
}

/** The farm's `k` as lists sort it: farms without coordinates at UNLOCATED_DISTANCE_M. */
export function farmSortChord(near: Nearby): SQL {
  return sql`coalesce(${farmChord(near)}, ${UNLOCATED_DISTANCE_M}::float8)`;
}

/** Within the radius: the index's box first, then the exact distance. */
function withinRadius(near: Nearby): SQL {
  const chord = chordOf(near.radiusKm * 1000);
  return sql`${members.geo} <@ cube_enlarge(${origin(near)}, ${chord}::float8, 3)
    and cube_distance(${members.geo}, ${origin(near)}) <= ${chord}::float8`;
}

/**
 * A subquery of farms (`farm_id`, `k`), nearest first, for lists that page through farms in
 * distance order: only the `limit` nearest farms that pass `qualify` (and every farm tied with the
 * last of them), read from the GiST index nearest first, so the cost does not grow with the radius
 * or the number of farms. With a radius only the farms within it; without one (radius 0) every
 * farm passing `qualify` that has no coordinates follows, at UNLOCATED_DISTANCE_M.
 *
 * `qualify` is a condition on `members` (the farm row); `limit` must be at least the number of
 * farms the page can reach, e.g. one row per farm and `offset + perPage + 1` farms when `qualify`
 * keeps only farms with a row left to show.
 */
export function nearestFarms(near: Nearby, options: { limit: number; qualify: SQL }): SQL {
  const k = farmChord(near);
  const located = sql`(select ${members.id} as farm_id, ${k} as k from ${members}
    where ${LOCATED_MERCHANT} ${near.radiusKm > 0 ? sql`and ${withinRadius(near)}` : sql``}
      and ${options.qualify}
    order by ${k}
    fetch first ${options.limit} rows with ties)`;
  if (near.radiusKm > 0) return located;
  return sql`(${located}
    union all
    (select ${members.id} as farm_id, ${UNLOCATED_DISTANCE_M}::float8 as k from ${members}
      where ${UNLOCATED_MERCHANT} and ${options.qualify}))`;
}

/**
 * CTE `farms` (`farm_id`, `k`) of every farm within the radius, through the GiST index (earth_box,
 * then the exact distance), for lists that filter by distance without paging farms in order
 * (keyword search, totals). Needs a radius: with radius 0 every farm is in range, so join
 * `farmsAnywhere` instead.
 *
 *   with ${nearbyFarmsCte(near)} select ... join farms on farms.farm_id = products.merchant_id
 */
export function nearbyFarmsCte(near: Nearby): SQL {
  if (near.radiusKm <= 0) throw new Error("nearbyFarmsCte needs a radius");
  return sql`farms as (
    select ${members.id} as farm_id, ${farmChord(near)} as k
    from ${members}
    where ${LOCATED_MERCHANT} and ${withinRadius(near)}
  )`;
}

/**
 * A subquery of every farm (`farm_id`, `k`) to join by id: `k` is computed only for the rows
 * joined to it (unlocated farms at UNLOCATED_DISTANCE_M).
 */
export function farmsAnywhere(near: Nearby): SQL {
  return sql`(select ${members.id} as farm_id, ${farmSortChord(near)} as k
    from ${members} where ${members.memberType} = 'merchant')`;
}

/** Active products of the farms within the radius, or of every farm: a sum, not a count of rows. */
export function activeProductTotal(near: Nearby | null): SQL {
  const inRange = near && near.radiusKm > 0 ? sql`and ${withinRadius(near)}` : sql``;
  return sql`(select coalesce(sum(${members.activeProductCount}), 0)::int from ${members}
    where ${near && near.radiusKm > 0 ? LOCATED_MERCHANT : sql`${members.memberType} = 'merchant'`} ${inRange})`;
}

/** Great-circle kilometres for a card from a farm's `k`: null for a farm with no coordinates. */
export function distanceKmOf(k: number | string): number | null {
  const chord = Number(k);
  if (chord >= UNLOCATED_DISTANCE_M) return null;
  return (2 * EARTH_RADIUS_M * Math.asin(Math.min(chord / (2 * EARTH_RADIUS_M), 1))) / 1000;
}
