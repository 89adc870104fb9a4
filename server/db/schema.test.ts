import { readFileSync } from "node:fs";
import path from "node:path";
import { is, sql, type SQL } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CURRENCIES,
  DELIVERY_DESTINATIONS,
  DELIVERY_METHODS,
  MEMBER_TYPES,
  NOTIFICATION_TYPES,
  ORDER_STATUSES,
  PLAN_IDS,
  RESELLER_PAY_STATUSES,
  SUBSCRIPTION_COUNTRY_SLUGS,
} from "@/lib/constants";
import { closeTestDb, createTestDb } from "@/tests/db";
import {
  createCustomer,
  createLocalLocation,
  createMerchant,
  createOrder,
  createProduct,
  createReview,
} from "@/server/db/seed/factories";
import type { Db } from "./client";
import { MIGRATIONS_FOLDER, migrateDb } from "./migrate";
import * as schema from "./schema";

let db: Db;

beforeAll(async () => {
  db = await createTestDb();
});

afterAll(() => closeTestDb(db));

const TABLES = [
  "admin_actions",
  "back_in_stock_mails",
  "cart_items",
  "contact_messages",
  "conversations",
  "demand_counts",
  "demand_salts",
  "demand_sightings",
  "dream_tracker_items",
  "email_outbox",
  "farmer_contact_leads",
  "installation",
  "job_leases",
  "local_locations",
  "members",
  "merchant_line_counts",
  "messages",
  "money_issues",
  "notification_preferences",
  "order_items",
  "order_pickups",
  "orders",
  "password_reset_tokens",
  "payout_accounts",
  "payout_onboarding_codes",
  "payouts",
  "pickup_closed_dates",
  "pickup_places",
  "pickup_slots",
  "pickup_windows",
  "product_name_words",
  "product_names",
  "product_sales_window",
  "product_terms",
  "products",
  "rate_limit_buckets",
  "recovery_codes",
  "reseller_transactions",
  "resellers",
  "review_replies",
  "review_reports",
  "reviews",
  "security_accesses",
  "short_links",
  "stripe_events",
  "subscriptions",
];

/** The indexes other code relies on by name (plans, upserts, error mapping). */
const KEY_INDEXES = [
  "members_user_key_unique",
  "members_username_unique",
  "members_email_lower_unique",
  "members_merchant_geo_idx",
  "members_merchant_latest_idx",
  "members_merchant_rating_idx",
  "members_username_trgm_idx",
  "members_email_trgm_idx",
  "members_address_trgm_idx",
  "products_p_key_unique",
  "product_terms_search_idx",
  "products_name_trgm_idx",
  "products_store_listing_idx",
  "products_latest_idx",
  "products_name_popular_idx",
  "reviews_member_product_unique",
  "reviews_product_created_idx",
  "cart_items_member_product_unique",
  "dream_tracker_items_member_product_unique",
  "orders_order_no_unique",
  "orders_checkout_key_unique",
  // The money reconciler's sweeps (decision 0037).
  "orders_awaiting_payment_idx",
  "order_items_refund_open_idx",
  "order_items_reversal_owed_idx",
  "money_issues_open_idx",
  "money_issues_key_unique",
  "subscriptions_stripe_period_end_idx",
  "orders_customer_created_idx",
  "order_items_order_product_unique",
  "order_items_merchant_created_idx",
  "order_items_product_created_idx",
  "orders_open_card_checkout_unique",
  "payouts_order_merchant_unique",
  "payouts_merchant_created_idx",
  "conversations_merchant_last_message_idx",
  "conversations_customer_last_message_idx",
  "messages_conversation_created_idx",
  "resellers_identifier_unique",
  "reseller_transactions_product_unique",
  "reseller_transactions_reseller_created_idx",
  "reseller_transactions_created_idx",
  "security_accesses_member_browser_unique",
  "short_links_code_unique",
  "short_links_original_url_unique",
  "members_admin_search_trgm_idx",
  "orders_admin_search_trgm_idx",
  "orders_email_lower_idx",
  "conversations_merchant_unread_idx",
  "conversations_customer_unread_idx",
  "admin_actions_created_idx",
  "contact_messages_open_idx",
  "password_reset_tokens_token_hash_unique",
  "notification_preferences_pkey",
  "stripe_events_pkey",
  "rate_limit_buckets_pkey",
];

const schemaTables: PgTable[] = Object.values(schema).flatMap((value) =>
  is(value, PgTable) ? [value as PgTable] : [],
);

async function rows<T extends Record<string, unknown>>(query: SQL): Promise<T[]> {
  return (await db.execute<T>(query)).rows as T[];
}

/** The PostgreSQL error behind a failed statement (Drizzle wraps the driver's error as `cause`). */
async function pgErrorOf(
  statement: Promise<unknown>,
): Promise<{ code?: string; constraint?: string }> {
  try {
    await statement;
  } catch (error) {
    let current: unknown = error;
    while (current && typeof current === "object" && !("code" in current) && "cause" in current) {
      current = current.cause;
    }
    return current as { code?: string; constraint?: string };
  }
  throw new Error("the statement succeeded");
}

/** EXPLAIN output as one string, planned with sequential scans discouraged (tables are tiny). */
async function planOf(query: SQL): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const plan = await tx.execute<{ "QUERY PLAN": string }>(sql`explain ${query}`);
    return plan.rows.map((r) => r["QUERY PLAN"]).join("\n");
  });
}

describe("migrated schema", () => {
  it("has every table and no other", async () => {
    const found = await rows<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(found.map((r) => r.table_name)).toEqual(TABLES);
    expect(schemaTables.map((t) => getTableConfig(t).name).sort()).toEqual(TABLES);
  });

  it("has every index the schema declares, and the key ones by name", async () => {
    const found = new Set(
      (
        await rows<{ indexname: string }>(
          sql`select indexname from pg_indexes where schemaname = 'public'`,
        )
      ).map((r) => r.indexname),
    );
    const declared = schemaTables.flatMap((t) =>
      getTableConfig(t).indexes.map((i) => i.config.name!),
    );
    expect(declared.length).toBeGreaterThan(30);
    expect(declared.filter((name) => !found.has(name))).toEqual([]);
    expect(KEY_INDEXES.filter((name) => !found.has(name))).toEqual([]);
  });

  it("has the cube, earthdistance and pg_trgm extensions", async () => {
    const found = await rows<{ extname: string }>(
      sql`select extname from pg_extension order by extname`,
    );
    expect(found.map((r) => r.extname)).toEqual(
      expect.arrayContaining(["cube", "earthdistance", "pg_trgm"]),
    );
  });

  it("keeps its enums in step with the app's vocabularies", () => {
    expect(schema.memberTypeEnum.enumValues).toEqual([...MEMBER_TYPES]);
    expect(schema.currencyEnum.enumValues).toEqual([...CURRENCIES]);
    expect(schema.deliveryServiceEnum.enumValues).toEqual([...DELIVERY_METHODS]);
    expect(schema.deliveryDestinationEnum.enumValues).toEqual([...DELIVERY_DESTINATIONS]);
    expect(schema.orderItemStatusEnum.enumValues).toEqual([...ORDER_STATUSES]);
    expect(schema.notificationTypeEnum.enumValues).toEqual([...NOTIFICATION_TYPES]);
    expect(schema.subscriptionPlanEnum.enumValues).toEqual([...PLAN_IDS]);
    expect(schema.subscriptionCountryEnum.enumValues).toEqual([...SUBSCRIPTION_COUNTRY_SLUGS]);
    expect(schema.resellerPayStatusEnum.enumValues).toEqual([...RESELLER_PAY_STATUSES]);
  });

  it("does nothing when migrated again", async () => {
    await Promise.all([migrateDb(db), migrateDb(db)]);
    const [{ n }] = (await rows<{ n: string }>(
      sql`select count(*) as n from drizzle.__drizzle_migrations`,
    )) as [{ n: string }];
    // One row per migration of the journal, however many there are.
    const journal = JSON.parse(
      readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8"),
    ) as { entries: unknown[] };
    expect(Number(n)).toBe(journal.entries.length);
  });
});

describe("relations", () => {
  it("load a merchant's store and an order's lines through db.query", async () => {
    const merchant = await createMerchant(db);
    const customer = await createCustomer(db);
    const product = await createProduct(db, { merchantId: merchant.id });
    await createReview(db, { productId: product.id, memberId: customer.id, score: 4 });
    const order = await createOrder(db, {
      customerId: customer.id,
      items: [{ productId: product.id, qty: 3 }],
    });

    const store = await db.query.members.findFirst({
      where: (m, { eq }) => eq(m.id, merchant.id),
      with: { products: { with: { reviews: true } }, subscription: true, localLocation: true },
    });
    // Nested relations travel as JSON, so numeric text loses its trailing zeros ("4", not "4.00").
    expect(
      store?.products.map((p) => [p.id, Number(p.score), p.reviewCount, p.reviews.length]),
    ).toEqual([[product.id, 4, 1, 1]]);

    const placed = await db.query.orders.findFirst({
      where: (o, { eq }) => eq(o.id, order.id),
      with: { customer: true, items: { with: { product: true, merchant: true } } },
    });
    expect(placed?.customer.id).toBe(customer.id);
    expect(placed?.totalCents).toBe(product.unitPriceCents * 3);
    expect(placed?.items.map((i) => [i.productName, i.qty, i.merchant.id])).toEqual([
      [product.name, 3, merchant.id],
    ]);
  });
});

describe("business rules held by the database", () => {
  it.each([
    {
      rule: "a second review by the same member on a product",
      code: "23505",
      constraint: "reviews_member_product_unique",
      act: async () => {
        const merchant = await createMerchant(db);
        const customer = await createCustomer(db);
        const product = await createProduct(db, { merchantId: merchant.id });
        await createReview(db, { productId: product.id, memberId: customer.id });
        return db
          .insert(schema.reviews)
          .values({ productId: product.id, memberId: customer.id, score: 4, content: "x" });
      },
    },
    {
      rule: "a review scored 6",
      code: "23514",
      constraint: "reviews_score_range",
      act: async () => {
        const merchant = await createMerchant(db);
        const product = await createProduct(db, { merchantId: merchant.id });
        const customer = await createCustomer(db);
        return db
          .insert(schema.reviews)
          .values({ productId: product.id, memberId: customer.id, score: 6, content: "x" });
      },
    },
    {
      rule: "a duplicate order number",
      code: "23505",
      constraint: "orders_order_no_unique",
      act: async () => {
        const merchant = await createMerchant(db);
        const customer = await createCustomer(db);
        const product = await createProduct(db, { merchantId: merchant.id });
        await createOrder(db, {
          customerId: customer.id,
          orderNo: "DUP-1",
          items: [{ productId: product.id }],
        });
        return createOrder(db, {
          customerId: customer.id,
          orderNo: "DUP-1",
          items: [{ productId: product.id }],
        });
      },
    },
    {
      rule: "a location radius of 7 km",
      code: "23514",
      constraint: "local_locations_radius_km_step",
      act: async () =>
        createLocalLocation(db, { memberId: (await createCustomer(db)).id, radiusKm: 7 }),
    },
    {
      rule: "a location radius of 55 km",
      code: "23514",
      constraint: "local_locations_radius_km_step",
      act: async () =>
        createLocalLocation(db, { memberId: (await createCustomer(db)).id, radiusKm: 55 }),
    },
    {
      rule: "an email differing only in case",
      code: "23505",
      constraint: "members_email_lower_unique",
      act: async () => {
        await createCustomer(db, { email: "same@example.com" });
        return createCustomer(db, { email: "Same@Example.com" });
      },
    },
    {
      rule: "an uppercase username",
      code: "23514",
      constraint: "members_username_lowercase",
      act: () => createCustomer(db, { username: "Farmer_Joe" }),
    },
    {
      rule: "a cart quantity of 0",
      code: "23514",
      constraint: "cart_items_qty_positive",
      act: async () => {
        const product = await createProduct(db, { merchantId: (await createMerchant(db)).id });
        const customer = await createCustomer(db);
        return db
          .insert(schema.cartItems)
          .values({ memberId: customer.id, productId: product.id, qty: 0 });
      },
    },
  ])("refuses $rule", async ({ act, code, constraint }) => {
    const error = await pgErrorOf(act());
    expect({ code: error.code, constraint: error.constraint }).toEqual({ code, constraint });
  });

  it("accepts every radius from 0 to 50 in steps of 5", async () => {
    for (const radiusKm of [0, 5, 25, 50]) {
      const location = await createLocalLocation(db, {
        memberId: (await createCustomer(db)).id,
        radiusKm,
      });
      expect(location.radiusKm).toBe(radiusKm);
    }
  });

  it("indexes a product's name above its detail for keyword search", async () => {
    const merchant = await createMerchant(db);
    const product = await createProduct(db, {
      merchantId: merchant.id,
      name: "Cherry Tomatoes",
      detail: "Sweet, grown next to the basil.",
    });
    const [match] = await rows<{ vector: string }>(
      sql`select search_vector::text as vector from products where id = ${product.id}`,
    );
    expect(match!.vector).toMatch(/'tomato':\d+A/);
    expect(match!.vector).toMatch(/'basil':\d+B/);
  });
});

describe("query plans", () => {
  beforeAll(async () => {
    // A few hundred farms and products so the plans are not decided by emptiness alone.
    await db.execute(sql`
      insert into members (username, email, password_hash, first_name, last_name, member_type, latitude, longitude)
      select 'farm' || g, 'farm' || g || '@example.com', 'x', 'F', 'L', 'merchant',
             43 + (g % 100) * 0.01, -80 + (g / 100) * 0.01
      from generate_series(1, 300) g`);
    await db.execute(sql`
      insert into products (merchant_id, name, detail, unit_price_cents, currency, created_at)
      select m.id, case when g % 50 = 0 then 'Heirloom tomato ' || g else 'Kale bunch ' || g end,
             'Grown without pesticides', 500, 'CAD', now() - g * interval '1 minute'
      from generate_series(1, 2000) g
      join members m on m.username = 'farm' || (1 + g % 300)`);
    // One busy store, so reading it in index order beats fetching and sorting its rows.
    await db.execute(sql`
      insert into products (merchant_id, name, detail, unit_price_cents, currency, created_at)
      select (select id from members where username = 'farm7'), 'Carrots ' || g, 'Crunchy', 300, 'CAD',
             now() - interval '30 days' - g * interval '1 hour'
      from generate_series(1, 40) g`);
    await db.execute(sql`analyze members`);
    await db.execute(sql`analyze products`);
  });

  it("finds the nearest farms through the GiST index on the stored earth point", async () => {
    const plan = await planOf(sql`
      select id from members
      where member_type = 'merchant' and geo is not null
        and earth_box(ll_to_earth(43.65, -79.38), 25000) @> geo
        and earth_distance(ll_to_earth(43.65, -79.38), geo) < 25000
      order by geo <-> ll_to_earth(43.65, -79.38)
      limit 10`);
    expect(plan).toContain("members_merchant_geo_idx");
  });

  it("stores each member's earth point and each merchant's active product count", async () => {
    const { rows } = await db.execute<{ same: boolean; counted: boolean }>(sql`
      select bool_and(m.geo is not distinct from ll_to_earth(m.latitude, m.longitude)) as same,
             bool_and(m.active_product_count = (select count(*) from products p
               where p.merchant_id = m.id and p.status = 'active')) as counted
      from members m`);
    expect(rows[0]).toEqual({ same: true, counted: true });
  });

  it("keeps product_names equal to the active products by lowercased name", async () => {
    const [merchant] = (
      await db.execute<{ id: number }>(
        sql`select id from members where member_type = 'merchant' limit 1`,
      )
    ).rows;
    const { rows: made } = await db.execute<{ id: number }>(sql`
      insert into products (merchant_id, name, detail, unit_price_cents, currency)
      values (${merchant!.id}, 'Zesty Lemons', 'x', 100, 'CAD'), (${merchant!.id}, 'zesty LEMONS', 'x', 100, 'CAD')
      returning id`);
    await db.execute(sql`update products set status = 'deleted' where id = ${made[0]!.id}`);
    await db.execute(sql`update products set name = 'Zesty Limes' where id = ${made[1]!.id}`);
    const { rows } = await db.execute<{ diff: number }>(sql`
      select count(*)::int as diff from (
        (select name, product_count from product_names
         except select lower(name), count(*)::int from products where status = 'active' group by lower(name))
        union all
        (select lower(name), count(*)::int from products where status = 'active' group by lower(name)
         except select name, product_count from product_names)
      ) d`);
    expect(rows[0]!.diff).toBe(0);
    const { rows: lemons } = await db.execute(
      sql`select * from product_names where name like 'zesty%' order by name`,
    );
    expect(lemons).toEqual([{ name: "zesty limes", product_count: 1 }]);
  });

  it("keeps product_terms equal to the lexemes of the active products", async () => {
    const merchants = (
      await db.execute<{ id: number }>(
        sql`select id from members where member_type = 'merchant' order by id limit 2`,
      )
    ).rows;
    const [one, two] = merchants.map((m) => m.id);
    const { rows: made } = await db.execute<{ id: number }>(sql`
      insert into products (merchant_id, name, detail, unit_price_cents, currency)
      values (${one}, 'Quokka Plums', 'Sweet plums', 100, 'CAD'),
        (${one}, 'Quokka Figs', 'Ripe figs', 100, 'CAD'),
        (${one}, 'Quokka Pears', 'Crisp pears', 100, 'CAD'),
        (${one}, 'Quokka Beets', 'Red beets', 100, 'CAD')
      returning id`);
    const [plums, figs, pears, beets] = made.map((r) => r.id);
    await db.execute(sql`update products set status = 'deleted' where id = ${plums}`);
    await db.execute(
      sql`update products set name = 'Quokka Dates', detail = 'Sticky quokka dates' where id = ${figs}`,
    );
    await db.execute(sql`update products set merchant_id = ${two} where id = ${pears}`);
    await db.execute(sql`update products set unit_price_cents = 200 where id = ${beets}`);
    const { rows } = await db.execute<{ diff: number }>(sql`
      with want as (
        select t.lexeme, p.id as product_id, 'A' = any(t.weights) as in_name, p.merchant_id,
          product_name_key(p.name) as name_key
        from products p, unnest(p.search_vector) t where p.status = 'active'
      )
      select count(*)::int as diff from (
        (select lexeme, product_id, in_name, merchant_id, name_key from product_terms except select * from want)
        union all
        (select * from want except select lexeme, product_id, in_name, merchant_id, name_key from product_terms)
      ) d`);
    expect(rows[0]!.diff).toBe(0);
    const { rows: figRows } = await db.execute(sql`
      select lexeme, in_name, merchant_id from product_terms where product_id = ${figs} order by lexeme`);
    expect(figRows).toEqual([
      { lexeme: "date", in_name: true, merchant_id: one },
      { lexeme: "quokka", in_name: true, merchant_id: one },
      { lexeme: "sticki", in_name: false, merchant_id: one },
    ]);
    const { rows: gone } = await db.execute(
      sql`select 1 from product_terms where product_id = ${plums}`,
    );
    expect(gone).toEqual([]);
    await db.execute(sql`delete from products where id = ${beets}`);
    const { rows: deleted } = await db.execute(
      sql`select 1 from product_terms where product_id = ${beets}`,
    );
    expect(deleted).toEqual([]);
  });

  it("answers a keyword's word latest listed first from the postings index alone", async () => {
    const plan = await planOf(
      sql`select product_id from product_terms where lexeme = 'tomato' order by product_id desc limit 12`,
    );
    expect(plan).toMatch(/Index Only Scan using product_terms_search_idx/);
    expect(plan).not.toContain("Sort");
  });

  it("answers ILIKE '%q%' on product names with the trigram index", async () => {
    const plan = await planOf(sql`select id from products where name ilike '%omat%'`);
    expect(plan).toContain("products_name_trgm_idx");
  });

  it("reads the latest products in index order, without sorting", async () => {
    const plan = await planOf(
      sql`select id from products where status = 'active' order by created_at desc, id desc limit 12`,
    );
    expect(plan).toContain("products_latest_idx");
    expect(plan).not.toMatch(/\bSort\b/);
  });

  it("reads a store's products in index order, without sorting", async () => {
    const [store] = await rows<{ id: number }>(
      sql`select id from members where username = 'farm7'`,
    );
    const plan = await planOf(sql`
      select id from products
      where merchant_id = ${sql.raw(String(store!.id))} and status = 'active'
      order by created_at desc, id desc limit 12`);
    expect(plan).toContain("products_store_listing_idx");
    expect(plan).not.toMatch(/\bSort\b/);
  });
});
