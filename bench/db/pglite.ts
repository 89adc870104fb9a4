/**
 * The embedded comparison: the same service calls on PGlite (S dataset, in this process) and on
 * PostgreSQL (bench_s), sequentially, p95 side by side. PGlite runs on the calling JavaScript
 * thread, single connection: this is what the embedded default costs, not a production number.
 */
import { existsSync } from "node:fs";
import { sql } from "drizzle-orm";
import { closeDb, createPgliteDb, type Db } from "@/server/db/client";
import { defaultPgliteDir } from "../data/config";
import type { DatasetFacts } from "../data/generate";
import { guard, type Report } from "../lib/report";
import { timeLoop, type Timing } from "../lib/stats";
import type { DbContext } from "./context";
import { svc } from "./scenarios";

interface Case {
  name: string;
  run: (db: Db, facts: DatasetFacts, productId: number) => Promise<unknown>;
}

const CASES: Case[] = [
  { name: "product detail", run: async (db, _f, id) => (await svc("productDetail"))(db, id) },
  {
    name: "latest products page 1",
    run: async (db) => (await svc("listProducts"))(db, { sortType: "latest" }),
  },
  {
    name: "search two terms",
    run: async (db, f) => (await svc("listProducts"))(db, { keyword: f.search.twoTerms }),
  },
  {
    name: "My Local 25 km",
    run: async (db, f) => (await svc("listProducts"))(db, { near: { ...f.hotspot, radiusKm: 25 } }),
  },
  {
    name: "store products page 1",
    run: async (db, f) =>
      (await svc("listStoreProducts"))(db, {
        username: f.largestFarmer.username,
        viewMode: "public",
        page: 1,
        viewerId: null,
      }),
  },
];

async function firstProduct(db: Db): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(
    sql`select id from products where status = 'active' and review_count > 0 order by id limit 1`,
  );
  return Number(rows[0]?.id);
}

export async function pgliteComparison(pgS: DbContext, report: Report): Promise<void> {
  const dir = defaultPgliteDir("S");
  if (!existsSync(dir)) {
    report.notRun(
      "PGlite vs PostgreSQL (S):all",
      "no PGlite dataset (npm run bench:data -- --size S --target pglite)",
    );
    return;
  }
  const pglite = await createPgliteDb(dir);
  try {
    const { rows } = await pglite.execute<{ value: DatasetFacts }>(
      sql`select value from bench_meta where key = 'facts'`,
    );
    const facts = rows[0]?.value;
    if (!facts) throw new Error(`${dir} has no bench_meta facts`);
    const idLite = await firstProduct(pglite);
    const idPg = await firstProduct(pgS.db);
    for (const c of CASES) {
      const id = `PGlite vs PostgreSQL (S):${c.name} p95`;
      await guard(report, [id], async () => {
        const loop = { warmup: 10, iterations: 150, maxMs: 3_000 };
        const lite: Timing = await timeLoop(() => c.run(pglite, facts, idLite), loop);
        const pg: Timing = await timeLoop(() => c.run(pgS.db, pgS.facts, idPg), loop);
        report.add(id, lite.p95, {
          unit: "ms",
          baseline: pg.p95,
          baselineLabel: "PostgreSQL",
          note: `p50 ${lite.p50.toFixed(2)} vs ${pg.p50.toFixed(2)} ms`,
        });
      });
    }
  } finally {
    await closeDb(pglite);
  }
}
