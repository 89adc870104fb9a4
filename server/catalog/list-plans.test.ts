import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/db/client";
import { renderStatement } from "@/server/db/named-statement";
import { closeTestDb, createTestDb } from "@/tests/db";
import { createMerchant, createProduct } from "@/server/db/seed/factories";
import { buildMerchantListQuery, type ListMerchantsInput } from "./merchant-list-query";
import { buildProductListQuery, type ListProductsInput } from "./product-list-query";
import { correctKeywordWords, keywordCorrectionsQuery, keywordWords } from "./search-keyword";
import { listProducts } from "./list-products";

/**
 * The catalog lists' query plans use the indexes meant for them. Tables of a few thousand rows
 * still fit in a few pages, so plans are taken with sequential scans discouraged (and, for the
 * match conditions, plain index scans too, as a full walk of any btree would otherwise stand in for
 * the sequential scan): the question is whether the index CAN serve the query.
 */
let db: Db;
beforeAll(async () => {
  db = await createTestDb();
  const merchant = await createMerchant(db, {
    username: "zephyr_orchard",
    latitude: 43.65,
    longitude: -79.38,
  });
  for (const name of ["Heirloom Tomatoes", "Kale", "Sweet Corn"])
    await createProduct(db, { merchantId: merchant.id, name });
  await db.execute(sql`
    insert into members (username, email, password_hash, first_name, last_name, member_type, address, city, province_state, latitude, longitude)
    select 'grower' || i, 'grower' || i || '@example.com', 'x', 'Ann', 'Lee', 'merchant', i || ' Side Road', 'Town' || (i % 300), 'ON',
      42 + (i % 100) * 0.03, -81 + (i / 100) * 0.1
    from generate_series(1, 1000) as i`);
  await db.execute(sql`
    insert into products (merchant_id, name, detail, unit_price_cents, currency, created_at)
    select m.id, 'Crop ' || m.id || ' ' || (array['Beans', 'Squash', 'Melons', 'Onions'])[1 + m.id % 4], 'Grown in the field.', 500, 'CAD',
      now() - (m.id % 90) * interval '1 day'
    from members m, generate_series(1, 2) as g where m.username like 'grower%'`);
  await db.execute(sql`analyze`);
});
afterAll(() => closeTestDb(db));

/**
 * `bitmapOnly` also discourages plain index scans: on tiny tables walking a btree in sort order
 * and filtering is cheapest, so this is how to ask whether the match conditions have an index.
 */
async function planOf(query: ReturnType<typeof sql>, { bitmapOnly = false } = {}): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    if (bitmapOnly) await tx.execute(sql`set local enable_indexscan = off`);
    const plan = await tx.execute<{ "QUERY PLAN": string }>(sql`explain ${query}`);
    return plan.rows.map((r) => r["QUERY PLAN"]).join("\n");
  });
}

async function productPlan(
  input: ListProductsInput,
  { second = false, bitmapOnly = false } = {},
): Promise<string> {
  return planOf((await builtList(input, second)).query, { bitmapOnly });
}

describe("product list plans", () => {
  it("walks the latest index for Latest, also past the first page", async () => {
    expect(await productPlan({ sortType: "latest" })).toContain("products_latest_idx");
    const next = await productPlan({ sortType: "latest" }, { second: true });
    expect(next).toMatch(/Index (Only )?Scan using products_latest_idx[\s\S]*Index Cond: \(ROW\(/);
  });

  it("walks the popularity index for Popular", async () => {
    expect(await productPlan({ sortType: "popular" })).toContain("products_popular_idx");
    expect(await productPlan({ sortType: "popular" }, { second: true })).toMatch(
      /products_popular_idx[\s\S]*Index Cond: \(ROW\(/,
    );
  });

  it("reads keyword matches from the postings index, and corrections through the word index", async () => {
    const plan = await productPlan({ keyword: "heirlom tomatoes" });
    // (Newest first without a sort is checked at benchmark scale by bench:ci: on these few rows
    // the planner rightly prefers a bitmap scan and a sort.)
    expect(plan).toMatch(/product_terms_search_idx[^\n]*\n\s+Index Cond: \(lexeme = 'tomato'/);
    // The indexed form is PostgreSQL's; EXPLAIN does not run it, so the embedded database can
    // plan it safely (decision 0012).
    const corrections = await planOf(
      keywordCorrectionsQuery(["heirlom", "tomatoes"], { trigramIndex: true }),
      { bitmapOnly: true },
    );
    expect(corrections).toMatch(
      /Bitmap Index Scan on product_name_words_trgm_idx[^\n]*\n\s+Index Cond: \(word % /,
    );
  });

  it("finds the farms within a radius through the earth index", async () => {
    const plan = await productPlan({
      sortType: "latest",
      near: { latitude: 43.7, longitude: -79.4, radiusKm: 25 },
    });
    expect(plan).toContain("members_merchant_geo_idx");
  });

  // (Latest's per-farm index is checked at benchmark scale by bench:ci: on these few rows the
  // planner rightly prefers a bitmap scan and a sort.)
  it.each([
    ["popular", 0, "products_store_popular_idx"],
    ["popular", 50, "products_store_popular_idx"],
  ] as const)(
    "reads My Local %s (radius %i) nearest farm first, each farm's products through %s",
    async (sortType, radiusKm, productIndex) => {
      const plan = await productPlan({
        sortType,
        near: { latitude: 43.7, longitude: -79.4, radiusKm },
      });
      expect(plan).toMatch(
        /Index Scan using members_merchant_geo_idx[^\n]*\n(\s+Index Cond:[^\n]*\n)?\s+Order By: \(geo <->/,
      );
      expect(plan).toContain(productIndex);
    },
  );

  // A named statement may keep one plan for every value (decision 0015): only where no value can
  // change the plan (one index walk, limits in the text).
  const near = { latitude: 43.7, longitude: -79.4, radiusKm: 25 };
  const namedCases: [string, ListProductsInput, boolean, boolean][] = [
    ["one word", { keyword: "kale" }, false, true],
    ["one misspelt word", { keyword: "kael" }, false, true],
    ["one word, Latest", { keyword: "kale", sortType: "latest" }, false, true],
    ["one word, Load More", { keyword: "beans" }, true, true],
    ["only a stop word", { keyword: "the" }, false, true],
    ["one word, Popular", { keyword: "kale", sortType: "popular" }, false, false],
    ["two words", { keyword: "heirloom tomatoes" }, false, false],
    ["one word, My Local", { keyword: "kale", near }, false, false],
    ["one word, page 2", { keyword: "kale", page: 2 }, false, false],
    ["no keyword", {}, false, false],
  ];
  it.each(namedCases)("%s: named statement %#", async (_, input, second, named) => {
    expect((await builtList(input, second)).named).toBe(named);
  });

  // The plan PostgreSQL keeps for a named statement is made without its values: it must still
  // walk the postings, and hash the keyword once (a function of a parameter is not folded then).
  it.each(namedCases.filter(([, input, , named]) => named && input.keyword !== "the"))(
    "%s: the plan made without the values walks the postings index",
    async (_, input, second) => {
      const { query } = await builtList(input, second);
      const { sql: text, params } = renderStatement(query, { named: false });
      const values = params.map((value) => `'${String(value).replace(/'/g, "''")}'`).join(", ");
      const plan = await db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
        await tx.execute(sql.raw(`prepare generic_list as ${text}`));
        try {
          const { rows } = await tx.execute<{ "QUERY PLAN": string }>(
            sql.raw(`explain execute generic_list(${values})`),
          );
          return rows.map((r) => r["QUERY PLAN"]).join("\n");
        } finally {
          await tx.execute(sql`deallocate generic_list`);
        }
      });
      // The lexeme is a subquery's value (textValue): `$n` up to PostgreSQL 16, `(InitPlan n).col1`
      // from 17 on (PGlite).
      expect(plan).toMatch(
        /product_terms_search_idx[^\n]*\n\s+Index Cond: \(lexeme = (\$\d+|\(InitPlan \d+\)\.col1)\)/,
      );
      expect(plan).not.toMatch(/Filter:[^\n]*md5/);
    },
  );

  // PostgreSQL keeps the plan made without the values only when it costs no more than the plans
  // it made for them; a rare word's plan costs less, so unless its values are kept from the
  // planner (textValue, decision 0027) every run was planned again.
  it.each([
    ["a rare word", { keyword: "kale" }],
    ["a word in no product", { keyword: "rutabaga" }],
    ["a word in many products", { keyword: "crop" }],
  ])("keeps one plan for a named statement of %s after five runs", async (_, input) => {
    const { query, named } = await builtList(input, false);
    expect(named).toBe(true);
    const { sql: text, params } = renderStatement(query, { named: false });
    const values = params.map((value) => `'${String(value).replace(/'/g, "''")}'`).join(", ");
    const plans = await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`prepare kept_list as ${text}`));
      try {
        for (let run = 0; run < 7; run++) await tx.execute(sql.raw(`execute kept_list(${values})`));
        const { rows } = await tx.execute<{ generic_plans: number; custom_plans: number }>(
          sql`select generic_plans::int, custom_plans::int from pg_prepared_statements where name = 'kept_list'`,
        );
        return rows[0];
      } finally {
        await tx.execute(sql`deallocate kept_list`);
      }
    });
    expect(plans).toEqual({ generic_plans: 2, custom_plans: 5 });
  });
});

/** The product list statement for `input` (its second page with `second`), one per page. */
async function builtList(input: ListProductsInput, second: boolean) {
  let cursor: string | null = null;
  if (second) {
    cursor = (await listProducts(db, { ...input, perPage: 1 })).nextCursor;
    expect(cursor).not.toBeNull();
  }
  const words = keywordWords(input.keyword ?? "");
  const corrections = words.length > 0 ? await correctKeywordWords(db, words) : new Map();
  return buildProductListQuery({ ...input, perPage: 1, cursor }, corrections);
}

describe("merchant list plans", () => {
  const merchantPlan = (input: ListMerchantsInput, options: { bitmapOnly?: boolean } = {}) =>
    planOf(buildMerchantListQuery({ ...input, perPage: 1 }).query, options);

  // (The keyword's trigram index is checked at benchmark scale by bench:ci, probe "farmers
  // keyword": on these 1,001 farms a bitmap over a small merchant-only index and a filter is
  // cheaper, and the planner rightly takes it.)

  it("lists the newest farmers through the latest-merchant index", async () => {
    expect(await merchantPlan({})).toContain("members_merchant_latest_idx");
  });

  it("lists the top rated farmers through the rating index", async () => {
    expect(await merchantPlan({ sortType: "rating" })).toContain("members_merchant_rating_idx");
  });

  it("finds the farms within a radius through the earth index", async () => {
    const plan = await merchantPlan({ near: { latitude: 43.7, longitude: -79.4, radiusKm: 10 } });
    expect(plan).toContain("members_merchant_geo_idx");
  });
});
