import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/db/client";
import { closeTestDb, createTestDb } from "@/tests/db";
import { buildWorld, TABLES, tableChunks, type SizeSpec } from "./generate";
import { fillDb } from "./load";

/** A tiny size: the generator's rules, not its scale. */
const TINY: SizeSpec = { name: "T", farms: 12, products: 240, orderLines: 1_200, customers: 120 };
const ANCHOR = Date.UTC(2026, 0, 15);

function digest(seed: string): Record<string, string> {
  const world = buildWorld(TINY, seed, ANCHOR);
  const out: Record<string, string> = {};
  for (const spec of TABLES) {
    const hash = createHash("sha256");
    for (const chunk of tableChunks(world, spec, { rows: 0 })) hash.update(chunk);
    out[spec.table] = hash.digest("hex");
  }
  return out;
}

describe("benchmark dataset generator", () => {
  it("gives the same rows for the same seed, and other rows for another seed", () => {
    const a = digest("harvest");
    expect(digest("harvest")).toEqual(a);
    const b = digest("other");
    expect(b.products).not.toBe(a.products);
  });

  describe("loaded into the project's schema", () => {
    let db: Db;
    const one = async (query: ReturnType<typeof sql>) => {
      const { rows } = await db.execute<{ n: string | number }>(query);
      return Number(rows[0]?.n);
    };

    beforeAll(async () => {
      db = await createTestDb();
      // Every CHECK constraint, enum, unique key and foreign key of the schema checks the rows.
      await fillDb(buildWorld(TINY, "harvest", ANCHOR), db, "drop");
    }, 120_000);
    afterAll(() => closeTestDb(db));

    it("loads the sizes asked for", async () => {
      expect(await one(sql`select count(*) as n from members where member_type = 'merchant'`)).toBe(
        TINY.farms,
      );
      expect(await one(sql`select count(*) as n from members where member_type = 'customer'`)).toBe(
        TINY.customers,
      );
      expect(await one(sql`select count(*) as n from products`)).toBe(TINY.products);
      expect(await one(sql`select count(*) as n from order_items`)).toBe(TINY.orderLines);
    });

    it("keeps each product's score and review count equal to its reviews", async () => {
      const differ = await one(sql`
        select count(*) as n from products p
        left join (select product_id, count(*) c, round(avg(score), 2) a from reviews group by 1) r on r.product_id = p.id
        where p.review_count <> coalesce(r.c, 0) or p.score <> coalesce(r.a, 0)`);
      expect(differ).toBe(0);
      expect(await one(sql`select count(*) as n from reviews`)).toBeGreaterThan(0);
    });

    it("snapshots each order line's product, farm and currency, with statuses of its delivery method", async () => {
      expect(
        await one(sql`
          select count(*) as n from order_items oi join orders o on o.id = oi.order_id join products p on p.id = oi.product_id
          where p.merchant_id <> oi.merchant_id or p.currency <> o.currency`),
      ).toBe(0);
      expect(
        await one(sql`select count(*) as n from order_items where delivery_service = 'in_store'
          and status in ('ready_to_ship', 'in_shipping', 'shipped')`),
      ).toBe(0);
      expect(
        await one(
          sql`select count(*) as n from order_items where delivery_service = 'free_delivery' and status = 'ready_for_pickup'`,
        ),
      ).toBe(0);
      expect(
        await one(
          sql`select count(*) as n from orders where created_at < ${new Date(ANCHOR - 731 * 86_400_000)}`,
        ),
      ).toBe(0);
    });

    it("derives what the catalog triggers keep: name words and units sold in 90 days", async () => {
      expect(
        await one(sql`
          select count(*) as n from (select w, count(*)::int c from products, product_name_words_of(products.name) w group by w) x
          full join product_name_words pw on pw.word = x.w where pw.product_count is distinct from x.c`),
      ).toBe(0);
      expect(
        await one(sql`
          select count(*) as n from products p left join (
            select product_id, sum(qty)::int u from order_items
            where created_at >= (select counted_from from product_sales_window) and active and status not in ('cancelled', 'refunded')
            group by 1) s on s.product_id = p.id
          where p.units_sold_90d <> coalesce(s.u, 0)`),
      ).toBe(0);
    });

    it("puts farms in real towns with coordinates, and records the facts the scenarios use", async () => {
      expect(
        await one(
          sql`select count(*) as n from members where member_type = 'merchant' and (latitude is null or city is null)`,
        ),
      ).toBe(0);
      const { rows } = await db.execute<{
        value: { largestFarmer: { id: number; orderLines: number } };
      }>(sql`select value from bench_meta where key = 'facts'`);
      const facts = rows[0]?.value;
      expect(facts?.largestFarmer.orderLines).toBeGreaterThan(0);
      expect(
        await one(
          sql`select count(*) as n from order_items where merchant_id = ${facts?.largestFarmer.id}`,
        ),
      ).toBe(facts?.largestFarmer.orderLines);
    });
  });
});
