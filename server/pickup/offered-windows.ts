import "server-only";
import { sql } from "drizzle-orm";
import { REGION_ZONES, DEFAULT_TIME_ZONE } from "@/lib/pickup/time-zones";
import type { Db } from "@/server/db/client";

/** How many days ahead windows are offered at checkout (issue 41 item 4: the next four weeks). */
export const OFFERED_DAYS = 28;

export type WindowOccurrence = {
  windowId: number;
  merchantId: number;
  /** The date in the farm's zone, "YYYY-MM-DD". */
  day: string;
  startsAt: string;
  endsAt: string;
  cutoffAt: string;
  timeZone: string;
  placeName: string;
  placeAddress: string;
  capacity: number | null;
  taken: number;
  closed: boolean;
  pastCutoff: boolean;
  /** Open: not closed, before its cut-off and with a place left. */
  open: boolean;
};

type Row = {
  window_id: number;
  merchant_id: number;
  day: string;
  starts_at: string | Date;
  ends_at: string | Date;
  cutoff_at: string | Date;
  time_zone: string;
  place_name: string;
  place_address: string;
  capacity: number | null;
  taken: number;
  closed: boolean;
  past_cutoff: boolean;
};

const iso = (v: string | Date) => new Date(v).toISOString();

/**
 * Every occurrence of the farms' weekly windows from today (in each farm's zone) for the next four
 * weeks, with what stops it from being offered (closed date, cut-off passed, full), in one
 * statement: the windows by the farms' index, their slots and closed dates by primary key. Sorted
 * by farm, then time.
 */
export async function windowOccurrences(
  db: Db,
  merchantIds: readonly number[],
  at: Date = new Date(),
): Promise<WindowOccurrence[]> {
  if (merchantIds.length === 0) return [];
  const zones = JSON.stringify(REGION_ZONES);
  const ids = `{${[...new Set(merchantIds)].join(",")}}`;
  const result = await db.execute<Row>(sql`
    with farm as (
      select m.id, m.address, m.city, m.province_state, m.postal_code,
        coalesce(m.time_zone, ${zones}::jsonb ->> upper(m.province_state), ${DEFAULT_TIME_ZONE}) as tz
      from members m where m.id = any(${ids}::int[])
    ),
    -- Materialized: each occurrence's date is worked out once, not again in every join and
    -- column that names it (half the statement's time at M).
    occ as materialized (
      select w.id as window_id, w.merchant_id, w.place_id, w.capacity, f.tz, f.address as farm_address,
        f.city as farm_city, f.province_state as farm_region, f.postal_code as farm_postal,
        first_day.d + 7 * n as day,
        w.starts_minute, w.ends_minute, w.cutoff_days_before, w.cutoff_minute
      from farm f
      join pickup_windows w on w.merchant_id = f.id and w.removed_at is null
      cross join lateral (
        select (${at.toISOString()}::timestamptz at time zone f.tz)::date
          + ((w.weekday - extract(dow from (${at.toISOString()}::timestamptz at time zone f.tz))::int + 7) % 7) as d
      ) first_day
      cross join generate_series(0, ${OFFERED_DAYS / 7 - 1}) n
    )
    select o.window_id, o.merchant_id, to_char(o.day, 'YYYY-MM-DD') as day,
      (o.day + make_interval(mins => o.starts_minute)) at time zone o.tz as starts_at,
      (o.day + make_interval(mins => o.ends_minute)) at time zone o.tz as ends_at,
      ((o.day - o.cutoff_days_before) + make_interval(mins => o.cutoff_minute)) at time zone o.tz
        as cutoff_at,
      o.tz as time_zone, p.name as place_name,
      case when p.address is null
        then concat_ws(', ', o.farm_address, o.farm_city, nullif(concat_ws(' ', o.farm_region, o.farm_postal), ''))
        else concat_ws(', ', p.address, p.city, nullif(concat_ws(' ', p.province_state, p.postal_code), ''))
      end as place_address,
      o.capacity, coalesce(s.taken, 0)::int as taken,
      exists (select 1 from pickup_closed_dates c where c.merchant_id = o.merchant_id and c.day = o.day)
        as closed,
      ((o.day - o.cutoff_days_before) + make_interval(mins => o.cutoff_minute)) at time zone o.tz
        <= ${at.toISOString()}::timestamptz as past_cutoff
    from occ o
    join pickup_places p on p.id = o.place_id
    left join pickup_slots s on s.window_id = o.window_id and s.day = o.day
    order by o.merchant_id, 4, o.window_id`);
  return result.rows.map((r) => {
    const full = r.capacity != null && r.taken >= r.capacity;
    return {
      windowId: r.window_id,
      merchantId: r.merchant_id,
      day: r.day,
      startsAt: iso(r.starts_at),
      endsAt: iso(r.ends_at),
      cutoffAt: iso(r.cutoff_at),
      timeZone: r.time_zone,
      placeName: r.place_name,
      placeAddress: r.place_address,
      capacity: r.capacity,
      taken: r.taken,
      closed: r.closed,
      pastCutoff: r.past_cutoff,
      open: !r.closed && !r.past_cutoff && !full,
    };
  });
}
