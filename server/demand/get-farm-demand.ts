import "server-only";
import { eq, sql } from "drizzle-orm";
import {
  DEMAND_PAST_WEEKS,
  cellsAround,
  weekStartOf,
  weeksBefore,
  type DemandKind,
} from "@/lib/demand/cells";
import { MIN_PEOPLE, trendOf, type Trend } from "@/lib/demand/publish";
import type { Db } from "@/server/db/client";
import { demandCounts, members } from "@/server/db/schema";

/** The most terms a list shows. */
export const DEMAND_ROWS = 20;

export type DemandRow = {
  term: string;
  /** People this week so far, in steps of MIN_PEOPLE (lib/demand/publish.ts). */
  thisWeek: number;
  /** People in each of the past weeks, oldest first. */
  pastWeeks: number[];
  trend: Trend;
};

export type FarmDemand =
  | { located: false }
  | {
      located: true;
      /** The Monday of this week, then of each past week, oldest first (YYYY-MM-DD). */
      weekStart: string;
      pastWeekStarts: string[];
      saved: DemandRow[];
      searches: DemandRow[];
    };

type Atom = { kind: DemandKind; term: string; week: string; people: number };

/**
 * What people around a farm looked for: this week and the DEMAND_PAST_WEEKS before it, from the
 * weekly counts of the cells of the farm's area (two statements: the farm's point, then one read
 * of the counts by their primary key). Each cell's count is published only at MIN_PEOPLE people
 * or more (this week's in steps of MIN_PEOPLE) before the cells are added up, so nothing here is
 * ever made of fewer people, however two views are compared (lib/demand/publish.ts).
 */
export async function getFarmDemand(
  db: Db,
  { merchantId, now = new Date() }: { merchantId: number; now?: Date },
): Promise<FarmDemand> {
  const [farm] = await db
    .select({ latitude: members.latitude, longitude: members.longitude })
    .from(members)
    .where(eq(members.id, merchantId));
  if (!farm || farm.latitude === null || farm.longitude === null) return { located: false };

  const weekStart = weekStartOf(now);
  const pastWeekStarts = Array.from({ length: DEMAND_PAST_WEEKS }, (_, i) =>
    weeksBefore(weekStart, DEMAND_PAST_WEEKS - i),
  );
  const cells = cellsAround(farm.latitude, farm.longitude);
  const area = sql.join(
    cells.map((cell) => sql`(${cell.lat}::int, ${cell.lng}::int)`),
    sql`, `,
  );
  const c = demandCounts;
  const { rows } = await db.execute<Atom>(sql`
    select ${c.kind} as kind, ${c.term} as term, ${c.weekStart}::text as week,
      sum(case when ${c.weekStart} = ${weekStart}::date
               then ${c.people} - ${c.people} % ${MIN_PEOPLE}
               else ${c.people} end)::int as people
    from (values ${area}) as area(lat, lng)
    join ${c} on ${c.cellLat} = area.lat and ${c.cellLng} = area.lng
    where ${c.kind} in ('saved', 'unmet_search')
      and ${c.weekStart} between ${pastWeekStarts[0]}::date and ${weekStart}::date
      and ${c.people} >= ${MIN_PEOPLE}
    group by 1, 2, 3`);

  return {
    located: true,
    weekStart,
    pastWeekStarts,
    saved: rowsOf(rows, "saved", weekStart, pastWeekStarts),
    searches: rowsOf(rows, "unmet_search", weekStart, pastWeekStarts),
  };
}

function rowsOf(
  atoms: Atom[],
  kind: DemandKind,
  weekStart: string,
  pastWeekStarts: string[],
): DemandRow[] {
  const byTerm = new Map<string, DemandRow>();
  for (const atom of atoms) {
    if (atom.kind !== kind) continue;
    let row = byTerm.get(atom.term);
    if (!row) {
      row = {
        term: atom.term,
        thisWeek: 0,
        pastWeeks: pastWeekStarts.map(() => 0),
        trend: "steady",
      };
      byTerm.set(atom.term, row);
    }
    const people = Number(atom.people);
    if (atom.week === weekStart) row.thisWeek += people;
    else {
      const index = pastWeekStarts.indexOf(atom.week);
      if (index >= 0) row.pastWeeks[index]! += people;
    }
  }
  const total = (row: DemandRow) => row.pastWeeks.reduce((a, b) => a + b, 0);
  return [...byTerm.values()]
    .map((row) => ({ ...row, trend: trendOf(row.pastWeeks) }))
    .sort(
      (a, b) =>
        b.thisWeek - a.thisWeek || total(b) - total(a) || a.term.localeCompare(b.term, "en"),
    )
    .slice(0, DEMAND_ROWS);
}
