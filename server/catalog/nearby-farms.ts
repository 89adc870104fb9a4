import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Nearby } from "@/lib/catalog/types";
import { members } from "@/server/db/schema";

/**
 * Farms without coordinates sort after every located farm when there is no radius: a distance in
 * metres longer than any on Earth.
 */
export const UNLOCATED_DISTANCE_M = 1e9;

/**
 * My Local, farms first (notes/performance.md): the `farms` CTE holds each merchant's id and
 * distance in metres from the viewer. With a radius it keeps only farms within it, found through
 * the GiST index on ll_to_earth(latitude, longitude) (earth_box, then the exact distance); with
 * radius 0 it keeps every farm, unlocated ones last. Lists then join their rows to it by merchant.
 *
 *   with ${nearbyFarmsCte(near)} select ... join farms on farms.farm_id = products.merchant_id
 */
export function nearbyFarmsCte(near: Nearby): SQL {
  const origin = sql`ll_to_earth(${near.latitude}::float8, ${near.longitude}::float8)`;
  const point = sql`ll_to_earth(${members.latitude}, ${members.longitude})`;
  if (near.radiusKm > 0) {
    const radiusM = near.radiusKm * 1000;
    return sql`farms as (
      select ${members.id} as farm_id, earth_distance(${point}, ${origin}) as distance_m
      from ${members}
      where ${members.memberType} = 'merchant'
        and ${members.latitude} is not null and ${members.longitude} is not null
        and earth_box(${origin}, ${radiusM}::float8) @> ${point}
        and earth_distance(${point}, ${origin}) <= ${radiusM}::float8
    )`;
  }
  return sql`farms as (
    select ${members.id} as farm_id,
      coalesce(earth_distance(${point}, ${origin}), ${UNLOCATED_DISTANCE_M}::float8) as distance_m
    from ${members}
    where ${members.memberType} = 'merchant'
  )`;
}

/** Kilometres for a card: null for a farm with no coordinates. */
export function distanceKmOf(distanceM: number | string): number | null {
  const metres = Number(distanceM);
  return metres >= UNLOCATED_DISTANCE_M ? null : metres / 1000;
}
