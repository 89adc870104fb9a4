/**
 * The farm's Demand page at scale (issue 44: "Demand for the farm with the most activity at M <=
 * 20 ms of database time"). The datasets hold no demand, so the scenario writes weekly counts
 * around the busiest place first, sized from the dataset itself, times getFarmDemand for the farm
 * nearest to it, and removes them again.
 *
 * The counts: in every cell of the farm's area (lib/demand/cells.ts), for both kinds and each of
 * the 9 weeks shown, a fifth of the customers whose My Local point lies in the cell take part that
 * week, with 3 terms each; their terms follow Zipf's law over a vocabulary of 5,000 (term r is chosen by a share
 * 1/(r * H)), each term's people drawn by rounding its expected count at random, and only terms
 * someone chose are rows: about what a week of recordDemand leaves (decision 0046), most of them
 * under 5 people, so the page's `people >= 5` filter reads them all.
 */
import { cellsAround, DEMAND_PAST_WEEKS, weekStartOf, weeksBefore } from "@/lib/demand/cells";
import { service } from "../lib/missing";
import { guard, type Report } from "../lib/report";
import { captureStatements, timeStatements } from "../lib/statements";
import { median, summarize } from "../lib/stats";
import type { DbContext } from "./context";

const VOCABULARY = 5_000;
const SHARE_ACTIVE = 0.2;
/** Terms an active person saves, or searches for without finding much, in a week (each kind). */
const TERMS_PER_PERSON = 3;
const WARMUP = 20;
const CALLS = 300;
/** Every term the scenario writes starts with this, so it removes exactly what it wrote. */
const TERM_PREFIX = "bench demand ";

type GetFarmDemand = (
  db: DbContext["db"],
  input: { merchantId: number; now?: Date },
) => Promise<{ located: boolean; saved?: unknown[]; searches?: unknown[] }>;

export async function demandScenario(ctx: DbContext, report: Report): Promise<void> {
  const ids = [
    "demand (db):getFarmDemand busiest farm p95",
    "demand (db):server time of its statements",
    "demand (db):rows in the farm's area",
  ];
  await guard(report, ids, async () => {
    const getFarmDemand = await service<GetFarmDemand>(
      "server/demand/get-farm-demand.ts",
      "getFarmDemand",
    );
    const { latitude, longitude } = ctx.facts.hotspot;
    const {
      rows: [farm],
    } = await ctx.raw.query<{ id: number; latitude: number; longitude: number }>(
      `select id, latitude, longitude from members
       where member_type = 'merchant' and latitude is not null and longitude is not null
       order by (latitude - $1) ^ 2 + (longitude - $2) ^ 2 limit 1`,
      [latitude, longitude],
    );
    if (!farm) throw new Error("no located farm in the dataset");
    const cells = cellsAround(farm.latitude, farm.longitude);
    const thisWeek = weekStartOf(new Date());
    const weeks = [
      ...Array.from({ length: DEMAND_PAST_WEEKS }, (_, i) =>
        weeksBefore(thisWeek, DEMAND_PAST_WEEKS - i),
      ),
      thisWeek,
    ];
    const harmonic = Array.from({ length: VOCABULARY }, (_, r) => 1 / (r + 1)).reduce(
      (a, b) => a + b,
    );
    const cleanup = () =>
      ctx.raw.query(`delete from demand_counts where term like $1`, [`${TERM_PREFIX}%`]);
    await cleanup();
    try {
      await ctx.raw.query(`select setseed(0.44)`);
      const written = await ctx.raw.query(
        `insert into demand_counts (kind, cell_lat, cell_lng, week_start, term, people)
         select kind, cell.lat, cell.lng, week::date, $3 || r, people
         from unnest($1::int[], $2::int[]) as cell(lat, lng)
         cross join lateral (
           select round(count(*) * $4::float8) as active from local_locations l
           where floor(l.latitude / 0.2) = cell.lat and floor(l.longitude / 0.2) = cell.lng
         ) as c
         cross join unnest(array['saved', 'unmet_search']::demand_kind[]) as kind
         cross join unnest($5::text[]) as week
         cross join generate_series(1, $6::int) as r
         cross join lateral (
           select floor(c.active / (r * $7::float8))::int
             + (random() < c.active / (r * $7::float8) - floor(c.active / (r * $7::float8)))::int
             as people
         ) as p
         where p.people > 0`,
        [
          cells.map((c) => c.lat),
          cells.map((c) => c.lng),
          TERM_PREFIX,
          SHARE_ACTIVE * TERMS_PER_PERSON,
          weeks,
          VOCABULARY,
          harmonic,
        ],
      );
      await ctx.raw.query(`analyze demand_counts`);
      // Database time: each call's statements from node-postgres to the answer, one call at a time.
      const call = () => getFarmDemand(ctx.db, { merchantId: farm.id });
      for (let i = 0; i < WARMUP; i++) await call();
      const samples: number[] = [];
      for (let i = 0; i < CALLS; i++) samples.push((await timeStatements(call)).busyMs);
      const t = summarize(samples);
      const shown = await call();
      report.add(ids[0]!, t.p95, {
        unit: "ms",
        baseline: null,
        baselineLabel: "",
        note: `database time, p50 ${t.p50.toFixed(2)} ms, n=${t.n}; farm ${farm.id}, ${cells.length} cells, ${shown.saved?.length ?? 0} saved and ${shown.searches?.length ?? 0} search terms shown`,
      });
      // The server's own time (EXPLAIN ANALYZE: planning and execution), median of 5 calls.
      const totals: number[] = [];
      for (let i = 0; i < 5; i++) {
        let ms = 0;
        for (const statement of await captureStatements(call)) {
          const { rows } = await ctx.raw.query<{
            "QUERY PLAN": [{ "Planning Time": number; "Execution Time": number }];
          }>(`explain (analyze, format json) ${statement.text}`, statement.values);
          const plan = rows[0]?.["QUERY PLAN"][0];
          if (plan) ms += plan["Planning Time"] + plan["Execution Time"];
        }
        totals.push(ms);
      }
      report.add(ids[1]!, median(totals), { unit: "ms", note: "EXPLAIN ANALYZE, median of 5" });
      report.add(ids[2]!, written.rowCount ?? 0, {
        unit: "rows",
        baseline: null,
        baselineLabel: "",
        note: `${weeks.length} weeks x 2 kinds x ${cells.length} cells`,
      });
    } finally {
      await cleanup();
    }
  });
}
