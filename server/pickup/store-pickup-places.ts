import "server-only";
import { sql } from "drizzle-orm";
import { farmTimeZone } from "@/lib/pickup/time-zones";
import type { Db } from "@/server/db/client";
import { oneLineAddress } from "./farm-setup";

export type StorePickupWindow = {
  weekday: number;
  startsMinute: number;
  endsMinute: number;
  cutoffDaysBefore: number;
  cutoffMinute: number;
};

export type StorePickupPlace = {
  name: string;
  /** The farm's own place: its street address goes only to customers with an order (decision 0013). */
  atFarm: boolean;
  /** A market stall's full address; for the farm's own place, its city and province/state. */
  address: string;
  latitude: number | null;
  longitude: number | null;
  /** Weekly, in the farm's time zone, by day and time. */
  windows: StorePickupWindow[];
};

export type StorePickup = { timeZone: string; places: StorePickupPlace[] };

type Row = {
  place_id: number;
  name: string;
  address: string | null;
  city: string | null;
  province_state: string | null;
  postal_code: string | null;
  latitude: number | null;
  longitude: number | null;
  farm_city: string | null;
  farm_province_state: string | null;
  farm_time_zone: string | null;
  weekday: number | null;
  starts_minute: number | null;
  ends_minute: number | null;
  cutoff_days_before: number | null;
  cutoff_minute: number | null;
};

/**
 * Where and when the farm `username` hands orders over, for its public store page (issue 41 item
 * 3): its places with a window, and its own places with an address (a market stall) even before
 * they have one, each with its weekly windows. One statement (the farm by username, its places
 * and windows by their merchant indexes); it writes nothing, so a farm that never opened its
 * pickup setup simply lists no place.
 */
export async function listStorePickupPlaces(db: Db, username: string): Promise<StorePickup> {
  const { rows } = await db.execute<Row>(sql`
    select pp.id as place_id, pp.name, pp.address, pp.city, pp.province_state, pp.postal_code,
      pp.latitude, pp.longitude, m.city as farm_city, m.province_state as farm_province_state,
      m.time_zone as farm_time_zone, w.weekday, w.starts_minute, w.ends_minute,
      w.cutoff_days_before, w.cutoff_minute
    from members m
    join pickup_places pp on pp.merchant_id = m.id and pp.removed_at is null
    left join pickup_windows w on w.merchant_id = m.id and w.place_id = pp.id
      and w.removed_at is null
    where m.username = ${username} and m.member_type = 'merchant'
    order by pp.address is not null, pp.id, w.weekday, w.starts_minute`);
  const first = rows[0];
  const timeZone = farmTimeZone(first?.farm_time_zone, first?.farm_province_state);
  const places = new Map<number, StorePickupPlace>();
  for (const r of rows) {
    let place = places.get(r.place_id);
    if (!place) {
      const atFarm = r.address === null;
      place = {
        name: r.name,
        atFarm,
        address: atFarm
          ? [r.farm_city, r.farm_province_state].filter(Boolean).join(", ")
          : oneLineAddress({
              address: r.address,
              city: r.city,
              provinceState: r.province_state,
              postalCode: r.postal_code,
            }),
        // The farm's own place is on the map as the farm itself (its rounded point).
        latitude: atFarm ? null : r.latitude,
        longitude: atFarm ? null : r.longitude,
        windows: [],
      };
      places.set(r.place_id, place);
    }
    if (r.weekday !== null)
      place.windows.push({
        weekday: r.weekday,
        startsMinute: r.starts_minute!,
        endsMinute: r.ends_minute!,
        cutoffDaysBefore: r.cutoff_days_before!,
        cutoffMinute: r.cutoff_minute!,
      });
  }
  return {
    timeZone,
    places: [...places.values()].filter((p) => !p.atFarm || p.windows.length > 0),
  };
}
