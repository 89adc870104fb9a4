import "server-only";
import { createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import { cellOf, normaliseTerm, weekStartOf, type DemandKind } from "@/lib/demand/cells";
import type { Db } from "@/server/db/client";
import { demandCounts, demandSightings } from "@/server/db/schema";
import { getWeekKey } from "./week-key";

export type DemandEvent = {
  kind: DemandKind;
  /** The search's keyword or the saved product's name, normalised here. */
  text: string;
  /** Where the person is (their My Local point). */
  latitude: number;
  longitude: number;
  /** Who, only to count them once a week: hashed here, never stored (see demandPersonOf). */
  person: string;
  at?: Date;
};

/**
 * Counts one person's search or save in the week's count of its grid cell and term, once per
 * person a week. The person is kept only as a hash under the week's key that also covers the
 * kind, cell and term (so two sightings of one person cannot be joined); one statement inserts it
 * and, only when it was new, adds one to the count, so two instances recording the same person at
 * once count them once. Returns whether the person was new to the count.
 */
export async function recordDemand(db: Db, event: DemandEvent): Promise<boolean> {
  const term = normaliseTerm(event.text);
  if (term === null) return false;
  const weekStart = weekStartOf(event.at ?? new Date());
  const cell = cellOf(event.latitude, event.longitude);
  const key = await getWeekKey(db, weekStart);
  const personHash = createHmac("sha256", key)
    .update(JSON.stringify([weekStart, event.kind, cell.lat, cell.lng, term, event.person]))
    .digest()
    .subarray(0, 16)
    .toString("base64url");
  const { rows } = await db.execute<{ counted: number }>(sql`
    with seen as (
      insert into ${demandSightings} (week_start, kind, cell_lat, cell_lng, term, person_hash)
      values (${weekStart}, ${event.kind}, ${cell.lat}, ${cell.lng}, ${term}, ${personHash})
      on conflict do nothing
      returning 1
    )
    insert into ${demandCounts} as c (kind, cell_lat, cell_lng, week_start, term, people)
    select ${event.kind}, ${cell.lat}, ${cell.lng}, ${weekStart}, ${term}, 1 from seen
    on conflict (kind, cell_lat, cell_lng, week_start, term)
      do update set people = c.people + 1
    returning 1 as counted`);
  return rows.length > 0;
}
