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
      // As many conversations as customers, as many messages as order lines.
      expect(await one(sql`select count(*) as n from conversations`)).toBe(TINY.customers);
      expect(await one(sql`select count(*) as n from messages`)).toBe(TINY.orderLines);
    });

    it("keeps each conversation's last message time and unread counters consistent with its messages", async () => {
      // last_message_at is the newest message's time.
      expect(
        await one(sql`
          select count(*) as n from conversations c
          left join (select conversation_id, max(created_at) t from messages group by 1) m on m.conversation_id = c.id
          where m.t is distinct from c.last_message_at`),
      ).toBe(0);
      // A side's unread count is at most the run of the other side's messages at the end, and
      // the side that wrote last has nothing unread.
      expect(
        await one(sql`
          with ranked as (
            select conversation_id, sender_member_id, created_at, id,
              row_number() over (partition by conversation_id order by created_at desc, id desc) as r
            from messages),
          last_sender as (
            select r.conversation_id, r.sender_member_id is not distinct from c.merchant_id as by_merchant
            from ranked r join conversations c on c.id = r.conversation_id where r.r = 1),
          tail_run as (
            select r.conversation_id, count(*) as run from ranked r
            join last_sender l on l.conversation_id = r.conversation_id
            where r.r <= coalesce((
              select min(r2.r) - 1 from ranked r2 join conversations c2 on c2.id = r2.conversation_id
              where r2.conversation_id = r.conversation_id
                and (r2.sender_member_id is not distinct from c2.merchant_id) <> l.by_merchant), 1e9)
            group by r.conversation_id)
          select count(*) as n from conversations c
          join last_sender l on l.conversation_id = c.id join tail_run t on t.conversation_id = c.id
          where (l.by_merchant and (c.merchant_unread_count <> 0 or c.customer_unread_count > t.run))
             or (not l.by_merchant and (c.customer_unread_count <> 0 or c.merchant_unread_count > t.run))`),
      ).toBe(0);
      expect(
        await one(sql`select count(*) as n from conversations where merchant_unread_count > 0`),
      ).toBeGreaterThan(0);
      // Visitors known only by email, and customers.
      expect(
        await one(
          sql`select count(*) as n from conversations where customer_id is null and visitor_email is not null`,
        ),
      ).toBeGreaterThan(0);
      const { rows } = await db.execute<{
        value: { messaging: { largestFarmer: { id: number; conversations: number } } };
      }>(sql`select value from bench_meta where key = 'facts'`);
      const farmer = rows[0]?.value.messaging.largestFarmer;
      expect(farmer?.conversations).toBeGreaterThan(TINY.customers / TINY.farms);
      expect(
        await one(sql`select count(*) as n from conversations where merchant_id = ${farmer?.id}`),
      ).toBe(farmer?.conversations);
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
