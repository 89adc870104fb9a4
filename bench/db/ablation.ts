/**
 * What each design choice buys: the same service call with the choice in place and taken away,
 * inside a transaction that is rolled back (DROP INDEX is transactional in PostgreSQL, so nothing
 * changes for good; the bench database has no other users while this runs). The service runs on
 * the transaction's connection: services take `db` first, and a transaction is a Db.
 */
import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { guard, type Report } from "../lib/report";
import { timeLoop, type Timing } from "../lib/stats";
import type { DbContext } from "./context";
import { probes, svc } from "./scenarios";

class Rollback extends Error {}

/** Times `fn` on a transaction after `setup` statements, then rolls everything back. */
async function within(db: Db, setup: string[], fn: (tx: Db) => Promise<unknown>): Promise<Timing> {
  let timing: Timing | null = null;
  try {
    await db.transaction(async (tx) => {
      for (const s of setup) await tx.execute(sql.raw(s));
      timing = await timeLoop(() => fn(tx as unknown as Db), {
        warmup: 5,
        iterations: 60,
        maxMs: 6_000,
      });
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  if (!timing) throw new Error("no timing");
  return timing;
}

interface Choice {
  name: string;
  /** Statements that take the choice away (run inside the rolled-back transaction). */
  without: string[];
  run: (tx: Db, ctx: DbContext) => Promise<unknown>;
}

export async function ablation(ctx: DbContext, report: Report): Promise<void> {
  const p = await probes(ctx);
  const listProducts = await svc("listProducts").catch(() => null);
  const near25 = { ...ctx.facts.hotspot, radiusKm: 25 };
  const choices: Choice[] = [
    {
      name: "postings index (product_terms), search two terms",
      without: ["drop index product_terms_search_idx"],
      run: (tx) => listProducts!(tx, { keyword: ctx.facts.search.twoTerms }),
    },
    {
      name: "postings index (product_terms), rare term",
      without: ["drop index product_terms_search_idx"],
      run: (tx) => listProducts!(tx, { keyword: ctx.facts.search.rareTerm }),
    },
    {
      name: "typo table (product_name_words) trigram index, typo",
      without: ["drop index product_name_words_trgm_idx"],
      run: (tx) => listProducts!(tx, { keyword: ctx.facts.search.typo }),
    },
    {
      name: "GiST earth index on farms, My Local 25 km",
      without: ["drop index members_merchant_geo_idx"],
      run: (tx) => listProducts!(tx, { near: near25 }),
    },
    {
      name: "GiST earth index on farms, My Local no limit (nearest farms first)",
      without: ["drop index members_merchant_geo_idx"],
      run: (tx) => listProducts!(tx, { near: { ...near25, radiusKm: 0 } }),
    },
    {
      name: "per-farm popular index, My Local 25 km Popular",
      without: ["drop index products_store_popular_idx"],
      run: (tx) => listProducts!(tx, { sortType: "popular", near: near25 }),
    },
    {
      name: "per-farm counts index (totals), products page 1",
      without: ["drop index members_merchant_products_idx"],
      run: (tx) => listProducts!(tx, { sortType: "latest" }),
    },
    {
      name: "lower(name) index, common term with exact names",
      without: ["drop index products_name_lower_idx"],
      run: (tx) => listProducts!(tx, { keyword: ctx.facts.search.commonTerm }),
    },
    {
      name: "parallel query off (on = 2 workers), My Local 25 km",
      without: ["set local max_parallel_workers_per_gather = 2"],
      run: (tx) => listProducts!(tx, { near: near25 }),
    },
    {
      name: "parallel query off (on = 2 workers), common term",
      without: ["set local max_parallel_workers_per_gather = 2"],
      run: (tx) => listProducts!(tx, { keyword: ctx.facts.search.commonTerm }),
    },
    {
      name: "latest index, newest products page 1",
      without: ["drop index products_latest_idx"],
      run: (tx) => listProducts!(tx, { sortType: "latest" }),
    },
    {
      name: "popular index, popular products page 1",
      without: ["drop index products_popular_idx"],
      run: (tx) => listProducts!(tx, { sortType: "popular" }),
    },
    {
      name: "store listing index, largest store page 1",
      without: ["drop index products_store_listing_idx"],
      run: async (tx) =>
        (await svc("listStoreProducts"))(tx, {
          username: ctx.facts.largestFarmer.username,
          viewMode: "public",
          page: 1,
          viewerId: null,
        }),
    },
    {
      name: "reviews index, product reviews page 1",
      without: ["drop index reviews_product_created_idx"],
      run: async (tx) => (await svc("listReviews"))(tx, { productId: p.productIds[0], page: 1 }),
    },
    {
      name: "order lines by farm index, largest farmer page 1",
      without: ["drop index order_items_merchant_created_idx"],
      run: async (tx) =>
        (await svc("listReceivedOrders"))(tx, {
          merchantId: ctx.facts.largestFarmer.id,
          page: 1,
          perPage: 10,
          keyword: "",
        }),
    },
  ];
  for (const c of choices) {
    const id = `design choices (db):${c.name}`;
    await guard(report, [id], async () => {
      if (!listProducts) await svc("listProducts");
      await c.run(ctx.db, ctx); // the service exists and works
      const withIt = await within(ctx.db, [], (tx) => c.run(tx, ctx));
      const without = await within(ctx.db, c.without, (tx) => c.run(tx, ctx));
      report.add(id, withIt.p95, {
        unit: "ms",
        baseline: without.p95,
        baselineLabel: "without",
        note: `p50 ${withIt.p50.toFixed(2)} ms with, ${without.p50.toFixed(2)} ms without`,
      });
    });
  }
  // Keyset paging (Load More) against the page number at the same depth is in "listing depth".
}
