import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { MSG } from "@/lib/validation/messages";
import type { Db } from "@/server/db/client";
import { products } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { closeTestDb, createTestDb } from "@/tests/db";
import {
  createCustomer,
  createMerchant,
  createOrder,
  createProduct,
  createReview,
  type Member,
  type Product,
} from "@/server/db/seed/factories";
import { expireProductSales } from "./expire-product-sales";
import { listProducts, type ListProductsInput } from "./list-products";
import {
  correctKeywordWords,
  forgetKeywordCorrections,
  keywordCorrectionsQuery,
  keywordLexemeSets,
} from "./search-keyword";

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => closeTestDb(db));

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

// Real places: Toronto, Barrie (about 85 km north) and Ottawa (about 350 km east).
const TORONTO = { latitude: 43.65, longitude: -79.38 };
const BARRIE = { latitude: 44.39, longitude: -79.69 };
const OTTAWA = { latitude: 45.42, longitude: -75.69 };

async function farm(
  username: string,
  place: { latitude: number; longitude: number } | null,
): Promise<Member> {
  return createMerchant(db, { username, ...(place ?? { latitude: null, longitude: null }) });
}

/** Counts the statements `fn` sends to the database. */
async function countStatements<T>(
  fn: () => Promise<T>,
): Promise<{ result: T; statements: number }> {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const spy = vi.spyOn(client, "query");
  try {
    const result = await fn();
    return { result, statements: spy.mock.calls.length };
  } finally {
    spy.mockRestore();
  }
}

/** Every item of a list, walking Load More's cursor from the first page. */
async function walk(input: ListProductsInput): Promise<number[]> {
  const ids: number[] = [];
  let answer = await listProducts(db, input);
  ids.push(...answer.items.map((p) => p.id));
  while (answer.nextCursor) {
    answer = await listProducts(db, { ...input, cursor: answer.nextCursor });
    ids.push(...answer.items.map((p) => p.id));
  }
  return ids;
}

async function titles(input: ListProductsInput): Promise<string[]> {
  return (await listProducts(db, { perPage: 50, ...input })).items.map((p) => p.title);
}

async function appErrorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe("listProducts: cards", () => {
  it("answers cards in the ProductCard shape with the merchant's place", async () => {
    const merchant = await createMerchant(db, {
      username: "card_farm",
      city: "Guelph",
      provinceState: "ON",
    });
    const product = await createProduct(db, {
      merchantId: merchant.id,
      name: "Zanzibar Cardamom Pods",
      detail: "Green pods.",
      unitPriceCents: 1250,
      unitWeight: "0.50",
      unitWeightSymbol: "lbs",
      deliveryService: "free_delivery",
      inStock: false,
    });
    const { items, total } = await listProducts(db, { keyword: "zanzibar cardamom pods" });
    expect(total).toBe(1);
    expect(items[0]).toEqual({
      id: product.id,
      title: "Zanzibar Cardamom Pods",
      detail: "Green pods.",
      price: "12.50",
      priceUnit: "0.5 lbs",
      currencySymbol: "$",
      currency: "CAD",
      deliveryMethod: "free_delivery",
      merchantUsername: "card_farm",
      merchantCity: "Guelph",
      merchantProvinceState: "ON",
      image: null,
      score: 0,
      reviewCount: 0,
      inStock: false,
    });
  });

  it("never lists deleted or permanently removed products", async () => {
    const merchant = await createMerchant(db);
    const shown = await createProduct(db, { merchantId: merchant.id, name: "Quokka Plums" });
    await createProduct(db, {
      merchantId: merchant.id,
      name: "Quokka Plums Deleted",
      status: "deleted",
    });
    await createProduct(db, {
      merchantId: merchant.id,
      name: "Quokka Plums Removed",
      status: "removed",
    });
    for (const sortType of ["all", "popular", "latest"] as const) {
      const { items, total } = await listProducts(db, { keyword: "quokka", sortType });
      expect(items.map((p) => p.id)).toEqual([shown.id]);
      expect(total).toBe(1);
      const browse = await walk({ sortType });
      expect(browse).toContain(shown.id);
      expect(browse.length).toBe(new Set(browse).size);
      const statuses = await db.execute<{ status: string }>(
        sql`select status from products where id in (${sql.join(
          browse.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      expect(new Set(statuses.rows.map((r) => r.status))).toEqual(new Set(["active"]));
    }
  });
});

describe("listProducts: sorting", () => {
  let older: Product;
  let newer: Product;
  let bestSeller: Product;
  let wellRated: Product;

  beforeAll(async () => {
    const merchant = await createMerchant(db, { username: "sort_farm" });
    const customer = await createCustomer(db);
    older = await createProduct(db, {
      merchantId: merchant.id,
      name: "Wombat Radish Old",
      createdAt: daysAgo(30),
    });
    newer = await createProduct(db, {
      merchantId: merchant.id,
      name: "Wombat Radish New",
      createdAt: daysAgo(1),
    });
    bestSeller = await createProduct(db, {
      merchantId: merchant.id,
      name: "Wombat Radish Seller",
      createdAt: daysAgo(20),
    });
    wellRated = await createProduct(db, {
      merchantId: merchant.id,
      name: "Wombat Radish Rated",
      createdAt: daysAgo(25),
    });
    const stale = await createProduct(db, {
      merchantId: merchant.id,
      name: "Wombat Radish Stale",
      createdAt: daysAgo(200),
    });
    // 5 units this month; 50 units long ago (outside 90 days) and 40 cancelled ones do not count.
    await createOrder(db, {
      customerId: customer.id,
      items: [{ productId: bestSeller.id, qty: 5 }],
      createdAt: daysAgo(3),
    });
    await createOrder(db, {
      customerId: customer.id,
      items: [{ productId: stale.id, qty: 50 }],
      createdAt: daysAgo(120),
    });
    await createOrder(db, {
      customerId: customer.id,
      items: [{ productId: older.id, qty: 40, status: "cancelled" }],
      createdAt: daysAgo(2),
    });
    await createOrder(db, {
      customerId: customer.id,
      items: [{ productId: wellRated.id, qty: 1 }],
      createdAt: daysAgo(4),
    });
    await createOrder(db, {
      customerId: customer.id,
      items: [{ productId: newer.id, qty: 1 }],
      createdAt: daysAgo(5),
    });
    await createReview(db, { productId: wellRated.id, memberId: customer.id, score: 5 });
    await createReview(db, { productId: newer.id, memberId: customer.id, score: 2 });
  });

  it("Latest and All without a keyword put the newest first", async () => {
    for (const sortType of ["latest", "all"] as const) {
      const ids = (await walk({ sortType })).filter((id) =>
        [older.id, newer.id, bestSeller.id].includes(id),
      );
      expect(ids).toEqual([newer.id, bestSeller.id, older.id]);
    }
  });

  it("asks nothing of a stop word, and never corrects one", async () => {
    const plain = await titles({ keyword: "wombat", sortType: "latest" });
    expect(plain).toHaveLength(5);
    expect(await titles({ keyword: "the wombat", sortType: "latest" })).toEqual(plain);
    expect(await titles({ keyword: "wombat and the radish", sortType: "latest" })).toEqual(plain);
  });

  it("Latest with a keyword puts the latest listed first (decision 0014)", async () => {
    // These rows were written with back-dated created_at; the app's own rows are listed in order.
    expect(await titles({ keyword: "wombat", sortType: "latest" })).toEqual([
      "Wombat Radish Stale",
      "Wombat Radish Rated",
      "Wombat Radish Seller",
      "Wombat Radish New",
      "Wombat Radish Old",
    ]);
  });

  it("Popular orders by units sold in the last 90 days, then by average score", async () => {
    expect(await titles({ keyword: "wombat", sortType: "popular" })).toEqual([
      "Wombat Radish Seller",
      "Wombat Radish Rated",
      "Wombat Radish New",
      // No counted sales and no score: the newer id first.
      "Wombat Radish Stale",
      "Wombat Radish Old",
    ]);
    const browse = (await walk({ sortType: "popular", perPage: 5 })).filter((id) =>
      [bestSeller.id, wellRated.id, newer.id].includes(id),
    );
    expect(browse).toEqual([bestSeller.id, wellRated.id, newer.id]);
  });

  it("Popular with a keyword lists the exact names by sales and score, on every page", async () => {
    const merchant = await createMerchant(db);
    const customer = await createCustomer(db);
    const made = async (name: string, sold: number, score?: number) => {
      const product = await createProduct(db, { merchantId: merchant.id, name });
      if (sold > 0)
        await createOrder(db, {
          customerId: customer.id,
          items: [{ productId: product.id, qty: sold }],
          createdAt: daysAgo(2),
        });
      if (score) await createReview(db, { productId: product.id, memberId: customer.id, score });
      return product.id;
    };
    const quiet = await made("Numbat Beans", 0);
    const topSeller = await made("numbat beans", 9);
    const wellScored = await made("Numbat Beans", 2, 5);
    const poorlyScored = await made("NUMBAT BEANS", 2, 1);
    const newestQuiet = await made("Numbat Beans", 0);
    // Sells best of all, but is not named exactly so: after every exact name.
    const jar = await made("Numbat Beans Jar", 30);
    const expected = [topSeller, wellScored, poorlyScored, newestQuiet, quiet, jar];

    const input = { keyword: "numbat beans", sortType: "popular", perPage: 2 } as const;
    expect(await walk(input)).toEqual(expected);
    const byNumber: number[] = [];
    for (let page = 1; page <= 3; page++)
      byNumber.push(...(await listProducts(db, { ...input, page })).items.map((p) => p.id));
    expect(byNumber).toEqual(expected);
    expect((await listProducts(db, input)).total).toBe(6);
  });

  it("forgets sales once they are older than 90 days", async () => {
    const merchant = await createMerchant(db);
    const customer = await createCustomer(db);
    const product = await createProduct(db, { merchantId: merchant.id, name: "Expiring Sale" });
    await createOrder(db, {
      customerId: customer.id,
      items: [{ productId: product.id, qty: 7 }],
      createdAt: daysAgo(89.99),
    });
    const units = async () =>
      (
        await db.execute<{ u: number }>(
          sql`select units_sold_90d as u from products where id = ${product.id}`,
        )
      ).rows[0]!.u;
    expect(await units()).toBe(7);
    // As if the window had last moved 95 days ago and the line were now 91 days old.
    await db.execute(
      sql`update product_sales_window set counted_from = now() - interval '95 days'`,
    );
    await db.execute(
      sql`update order_items set created_at = now() - interval '91 days' where product_id = ${product.id}`,
    );
    expect(await units()).toBe(7);
    expect(await expireProductSales(db)).toBeGreaterThanOrEqual(1);
    expect(await units()).toBe(0);
  });
});

describe("listProducts: keyword", () => {
  beforeAll(async () => {
    const merchant = await createMerchant(db, { username: "keyword_farm" });
    await createProduct(db, {
      merchantId: merchant.id,
      name: "Heirloom Tomatoes",
      detail: "Brandywine and Cherokee Purple.",
      createdAt: daysAgo(9),
    });
    await createProduct(db, {
      merchantId: merchant.id,
      name: "Tomato Sauce Jars",
      detail: "Cooked slowly.",
      createdAt: daysAgo(8),
    });
    await createProduct(db, {
      merchantId: merchant.id,
      name: "Basil Bunch",
      detail: "Goes well with tomatoes.",
      createdAt: daysAgo(1),
    });
    await createProduct(db, {
      merchantId: merchant.id,
      name: "Kale Chips",
      detail: "Crunchy kale, baked.",
      createdAt: daysAgo(1),
    });
    await createProduct(db, {
      merchantId: merchant.id,
      name: "Curly Kale Bunch",
      detail: "Kale kale kale.",
      createdAt: daysAgo(2),
    });
    await createProduct(db, {
      merchantId: merchant.id,
      name: "Kale",
      detail: "Plain.",
      createdAt: daysAgo(60),
    });
  });

  it("matches name and detail, ranking a name match above a newer detail match", async () => {
    expect(await titles({ keyword: "tomatoes" })).toEqual([
      "Tomato Sauce Jars",
      "Heirloom Tomatoes",
      "Basil Bunch",
    ]);
  });

  it("corrects a misspelt word against the words of product names", async () => {
    expect(await titles({ keyword: "heirlom tomatos" })).toEqual(["Heirloom Tomatoes"]);
    expect(await titles({ keyword: "Tomatoe" })).toEqual([
      "Tomato Sauce Jars",
      "Heirloom Tomatoes",
      "Basil Bunch",
    ]);
    expect(await titles({ keyword: "bazil" })).toEqual(["Basil Bunch"]);
  });

  it("puts every exact name match first, whatever the sort", async () => {
    for (const sortType of ["all", "popular", "latest"] as const) {
      const found = await titles({ keyword: "KALE", sortType });
      expect(found[0]).toBe("Kale");
      expect(new Set(found)).toEqual(new Set(["Kale", "Kale Chips", "Curly Kale Bunch"]));
    }
  });

  it.each([
    ["a keyword that matches nothing", "zzzqqq"],
    ["only symbols", "!!!"],
    ["a database statement (cleared: every product)", "'; drop table products; --"],
  ])("copes with %s", async (_label, keyword) => {
    const answer = await listProducts(db, { keyword });
    expect(answer.page).toBe(1);
    expect(answer.items.length).toBeLessThanOrEqual(12);
  });

  it("treats LIKE wildcards in the keyword literally", async () => {
    // "%" is outside the keyword set (sanitised away); "_" is kept and must not match any letter.
    expect(await titles({ keyword: "K_le" })).toEqual([]);
  });

  // The embedded database finds corrections without the trigram index (decision 0012); only
  // PostgreSQL can run both forms safely, and they must agree.
  it.runIf(inject("testDb")?.kind === "postgres")(
    "finds the same corrections with and without the trigram index",
    async () => {
      const words = ["heirlom", "tomatos", "bazil", "kale", "the", "zzzqqq", "tomatoe"];
      const answer = async (trigramIndex: boolean) =>
        (
          await db.execute<{ w: string; fix: string | null; lexemes: string[] }>(
            keywordCorrectionsQuery(words, { trigramIndex }),
          )
        ).rows
          .map(({ w, fix, lexemes }) => ({ w, fix, lexemes }))
          .sort((a, b) => a.w.localeCompare(b.w));
      const indexed = await answer(true);
      expect(indexed.find((r) => r.w === "heirlom")?.fix).toBe("heirloom");
      expect(await answer(false)).toEqual(indexed);
    },
  );

  it.runIf(inject("testDb")?.kind === "postgres")(
    "on PostgreSQL, sends a one-word search as a named statement, a two-word one unnamed",
    async () => {
      const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
        .$client;
      // Corrected once first, so that the list statements are all that is sent.
      await listProducts(db, { keyword: "kale chips" });
      const spy = vi.spyOn(client, "query");
      try {
        await listProducts(db, { keyword: "kale" });
        await listProducts(db, { keyword: "kale chips" });
        const names = spy.mock.calls.map((call) => (call[0] as { name?: string }).name ?? null);
        expect(names).toHaveLength(2);
        expect(names[0]).toMatch(/^n_[0-9a-f]{40}$/);
        expect(names[1]).toBeNull();
      } finally {
        spy.mockRestore();
      }
    },
  );

  it("reads the rows again when it runs a statement it built before", async () => {
    // Words no product name is near, so their corrections stay the same (one statement each).
    const merchant = await createMerchant(db, { username: "rebuilt_farm" });
    for (const input of [{ keyword: "xoconostle" }, { keyword: "garambullo xoconostle" }]) {
      const before = await listProducts(db, input);
      const product = await createProduct(db, {
        merchantId: merchant.id,
        name: "Xoconostle and Garambullo",
      });
      const after = await listProducts(db, input);
      expect([before.total, after.total]).toEqual([0, 1]);
      expect(after.items.map((item) => item.id)).toEqual([product.id]);
      await db.delete(products).where(eq(products.id, product.id));
    }
  });
});

describe("listProducts: My Local", () => {
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    const places = { toronto: TORONTO, barrie: BARRIE, ottawa: OTTAWA, nowhere: null };
    for (const [name, place] of Object.entries(places)) {
      const merchant = await farm(`local_${name}`, place);
      ids[name] = (
        await createProduct(db, { merchantId: merchant.id, name: `Local Quince ${name}` })
      ).id;
    }
  });
  const localIds = (items: { id: number }[]) =>
    items.map((p) => p.id).filter((id) => Object.values(ids).includes(id));

  it("with radius 0 lists every farm's products, nearest first, unlocated farms last", async () => {
    const answer = await listProducts(db, { keyword: "quince", near: { ...TORONTO, radiusKm: 0 } });
    expect(answer.items.map((p) => p.id)).toEqual([
      ids.toronto,
      ids.barrie,
      ids.ottawa,
      ids.nowhere,
    ]);
    const [toronto, barrie, ottawa, nowhere] = answer.items;
    expect(toronto!.distanceKm).toBe(0);
    expect(barrie!.distanceKm).toBeGreaterThan(80);
    expect(barrie!.distanceKm).toBeLessThan(90);
    expect(ottawa!.distanceKm).toBeGreaterThan(340);
    expect(nowhere!.distanceKm).toBeNull();
  });

  it("with a radius lists only the products of farms within it", async () => {
    const fromBarrie = await listProducts(db, {
      keyword: "quince",
      near: { ...BARRIE, radiusKm: 50 },
    });
    expect(fromBarrie.items.map((p) => p.id)).toEqual([ids.barrie]);
    expect(fromBarrie.total).toBe(1);
    const fromOttawa = await listProducts(db, {
      sortType: "latest",
      near: { ...OTTAWA, radiusKm: 10 },
      perPage: 50,
    });
    expect(localIds(fromOttawa.items)).toEqual([ids.ottawa]);
    const browse = await listProducts(db, {
      sortType: "popular",
      near: { ...TORONTO, radiusKm: 50 },
      perPage: 50,
    });
    expect(localIds(browse.items)).toEqual([ids.toronto]);
    expect(browse.items.every((p) => typeof p.distanceKm === "number" && p.distanceKm <= 50)).toBe(
      true,
    );
  });

  it("leaves distanceKm out when there is no My Local point", async () => {
    const answer = await listProducts(db, { keyword: "quince" });
    expect(answer.items[0]).not.toHaveProperty("distanceKm");
  });
});

describe("listProducts: My Local against the plain query", () => {
  // Farms sharing a spot (ties), farms without coordinates, farms far away, a farm with every
  // product deleted, products of mixed age and sales: every page must be exactly the slow,
  // obvious query's order, by cursor and by page number.
  const origin = { latitude: 43.7, longitude: -79.4 };
  beforeAll(async () => {
    const spots = [
      { latitude: 43.7, longitude: -79.4 },
      { latitude: 43.7, longitude: -79.4 },
      { latitude: 43.7, longitude: -79.4 },
      { latitude: 43.72, longitude: -79.41 },
      { latitude: 43.9, longitude: -79.3 },
      { latitude: 44.1, longitude: -79.7 },
      null,
      null,
    ];
    for (const [i, spot] of spots.entries()) {
      const merchant = await farm(`walk_farm_${i}`, spot);
      for (let j = 0; j < 4; j++) {
        const product = await createProduct(db, {
          merchantId: merchant.id,
          name: `Walk Plum ${i}.${j}`,
          createdAt: daysAgo(3 + ((i * 5 + j * 3) % 11)),
          unitsSold90d: (i + j) % 3,
        });
        if (i === 5)
          await db.execute(sql`update products set status = 'deleted' where id = ${product.id}`);
      }
    }
  });

  async function expected(input: { sortType: "all" | "popular" | "latest"; radiusKm: number }) {
    const o = sql`ll_to_earth(${origin.latitude}::float8, ${origin.longitude}::float8)`;
    const k = sql`coalesce(ll_to_earth(m.latitude, m.longitude) <-> ${o}, 1e9)`;
    const inRange =
      input.radiusKm > 0
        ? sql`and earth_distance(ll_to_earth(m.latitude, m.longitude), ${o}) <= ${input.radiusKm * 1000}::float8`
        : sql``;
    const order =
      input.sortType === "popular"
        ? sql`p.units_sold_90d desc, p.score desc, p.id desc`
        : sql`p.created_at desc, p.id desc`;
    const { rows } = await db.execute<{ id: number }>(sql`
      select p.id from products p join members m on m.id = p.merchant_id
      where p.status = 'active' ${inRange}
      order by ${k}, ${order}`);
    return rows.map((row) => Number(row.id));
  }

  it.each([
    ["latest", 0, 4],
    ["popular", 0, 4],
    ["all", 25, 4],
    ["popular", 25, 4],
    ["latest", 50, 4],
    // Three farms share the nearest spot and a page reads 2 farms: the ties must all be read.
    ["latest", 25, 1],
  ] as const)(
    "walks %s within %i km (%i a page) exactly like the plain query",
    async (sortType, radiusKm, perPage) => {
      const near = { ...origin, radiusKm };
      const want = await expected({ sortType, radiusKm });
      const first = await listProducts(db, { sortType, near, perPage });
      expect(first.total).toBe(want.length);
      expect(await walk({ sortType, near, perPage })).toEqual(want);
      const byPage: number[] = [];
      for (let page = 1; page <= Math.min(Math.ceil(want.length / perPage), 40); page++)
        byPage.push(
          ...(await listProducts(db, { sortType, near, perPage, page })).items.map((p) => p.id),
        );
      expect(byPage).toEqual(want.slice(0, byPage.length));
    },
  );

  it("keeps the totals right as products are added, deleted, activated and moved", async () => {
    const near = { ...origin, radiusKm: 5 };
    const before = (await listProducts(db, { near })).total;
    const merchant = await farm("walk_farm_new", { latitude: 43.71, longitude: -79.4 });
    const other = await farm("walk_farm_far", { latitude: 45.42, longitude: -75.69 });
    const product = await createProduct(db, { merchantId: merchant.id, name: "Walk Plum new" });
    expect((await listProducts(db, { near })).total).toBe(before + 1);
    await db.execute(sql`update products set status = 'deleted' where id = ${product.id}`);
    expect((await listProducts(db, { near })).total).toBe(before);
    await db.execute(sql`update products set status = 'active' where id = ${product.id}`);
    expect((await listProducts(db, { near })).total).toBe(before + 1);
    await db.execute(sql`update products set merchant_id = ${other.id} where id = ${product.id}`);
    expect((await listProducts(db, { near })).total).toBe(before);
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from products where status = 'active'`,
    );
    expect((await listProducts(db, {})).total).toBe(Number(rows[0]!.n));
  });
});

describe("listProducts: keyword against the plain query", () => {
  beforeAll(async () => {
    const merchant = await createMerchant(db, { username: "jam_farm" });
    for (let i = 0; i < 5; i++)
      await createProduct(db, {
        merchantId: merchant.id,
        name: i % 2 ? "Quince Jam" : "quince jam",
        createdAt: daysAgo(10 + i),
        unitsSold90d: i % 3,
      });
    for (let i = 0; i < 6; i++)
      await createProduct(db, {
        merchantId: merchant.id,
        // The last two have "jam" in their detail only: All ranks them after the others.
        name: `Quince ${i < 4 ? "Jam" : "Preserve"} ${["with honey", "and pears", "small jar", "large", "spiced", "of the season"][i]}`,
        detail: i % 2 ? "Quince jam, quince jam, from our quince trees." : "A jar of jam.",
        createdAt: daysAgo(2 + i),
        unitsSold90d: (i * 2) % 5,
      });
  });

  // All's relevance: how many of the words are in the name.
  const wordsInName = sql`(to_tsvector('english', p.name) @@ to_tsquery('english', 'quince'))::int
    + (to_tsvector('english', p.name) @@ to_tsquery('english', 'jam'))::int`;

  async function expected(sortType: "all" | "popular" | "latest") {
    const order =
      sortType === "popular"
        ? sql`p.units_sold_90d desc, p.score desc, p.id desc`
        : sortType === "all"
          ? sql`(case when lower(p.name) = 'quince jam' then 0 else ${wordsInName} end) desc, p.id desc`
          : sql`p.id desc`;
    const { rows } = await db.execute<{ id: number }>(sql`
      select p.id from products p
      where p.status = 'active'
        and (lower(p.name) = 'quince jam' or p.search_vector @@ to_tsquery('english', '(quince) & (jam)'))
      order by (lower(p.name) = 'quince jam') desc, ${order}`);
    return rows.map((row) => Number(row.id));
  }

  it.each(["all", "popular", "latest"] as const)(
    "walks %s from the exact names into the other matches like the plain query",
    async (sortType) => {
      const want = await expected(sortType);
      expect(want.length).toBe(11);
      expect(await walk({ keyword: "Quince Jam", sortType, perPage: 2 })).toEqual(want);
      const byPage: number[] = [];
      for (let page = 1; page <= 6; page++) {
        const answer = await listProducts(db, {
          keyword: "quince JAM",
          sortType,
          perPage: 2,
          page,
        });
        expect(answer.total).toBe(11);
        byPage.push(...answer.items.map((p) => p.id));
      }
      expect(byPage).toEqual(want);
    },
  );
});

describe("keyword words PostgreSQL reads as several lexemes", () => {
  // The keyword sanitiser normalises such characters away; the search must not widen them anyway.
  it("asks for each lexeme, as the phrase it was, and corrects nothing", async () => {
    const word = "apple\u2460pear";
    const fixes = await correctKeywordWords(db, [word, "apple"]);
    expect(fixes.get(word)).toEqual({ fix: null, lexemes: ["appl", "pear"], allOf: true });
    expect(keywordLexemeSets([word, "apple"], fixes)).toEqual([["appl"], ["pear"]]);
  });

  it("searches a word as typed, and remembers nothing, when the database answers no row for it", async () => {
    forgetKeywordCorrections();
    let calls = 0;
    const silent = {
      execute: async () => {
        calls += 1;
        return { rows: [] };
      },
    } as unknown as Db;
    const fixes = await correctKeywordWords(silent, ["zzquokka"]);
    expect(fixes.get("zzquokka")).toEqual({ fix: null, lexemes: ["zzquokka"] });
    await correctKeywordWords(silent, ["zzquokka"]);
    expect(calls).toBe(2);
  });

  it("refuses a word that was not corrected", () => {
    expect(() => keywordLexemeSets(["pear"], new Map())).toThrow(/not corrected/);
  });
});

describe("listProducts: paging", () => {
  beforeAll(async () => {
    const merchant = await createMerchant(db, { username: "paging_farm" });
    for (let i = 0; i < 30; i++) {
      await createProduct(db, {
        merchantId: merchant.id,
        name: `Paging Pear ${i}`,
        createdAt: daysAgo(40 + (i % 7)),
      });
    }
  });

  it.each(["all", "popular", "latest"] as const)(
    "walks the same items by cursor as by page number (%s)",
    async (sortType) => {
      const byCursor = await walk({ sortType, keyword: "paging pear", perPage: 7 });
      const byPage: number[] = [];
      for (let page = 1; page <= 5; page++) {
        const answer = await listProducts(db, {
          sortType,
          keyword: "paging pear",
          perPage: 7,
          page,
        });
        byPage.push(...answer.items.map((p) => p.id));
        expect(answer.page).toBe(page);
        expect(answer.total).toBe(30);
        expect(answer.hasMore).toBe(page < 5);
      }
      expect(byCursor).toEqual(byPage);
      expect(new Set(byCursor).size).toBe(30);
    },
  );

  it("keeps Load More free of repeats when a product is added in between", async () => {
    const first = await listProducts(db, { sortType: "latest", perPage: 5 });
    const merchant = await createMerchant(db);
    await createProduct(db, { merchantId: merchant.id, name: "Brand New Fig" });
    const second = await listProducts(db, {
      sortType: "latest",
      perPage: 5,
      cursor: first.nextCursor,
    });
    expect(second.page).toBe(2);
    expect(second.total).toBe(first.total);
    const firstIds = new Set(first.items.map((p) => p.id));
    expect(second.items.some((p) => firstIds.has(p.id))).toBe(false);
  });

  it("ignores a cursor that is malformed, tampered with or made for another search", async () => {
    const first = await listProducts(db, { keyword: "paging pear", perPage: 5 });
    const forged = Buffer.from(
      JSON.stringify({ s: "x", p: 1, t: 1, k: ["1; drop table products"] }),
    ).toString("base64url");
    for (const cursor of ["not-a-cursor", forged, first.nextCursor!]) {
      const answer = await listProducts(db, {
        keyword: "paging pear",
        sortType: "latest",
        perPage: 5,
        cursor,
      });
      expect(answer.page).toBe(1);
    }
  });

  it("refuses a page number deeper than the offset bound", async () => {
    const error = await appErrorOf(listProducts(db, { page: 202 }));
    expect(error.fieldErrors).toEqual({ page: [MSG.invalidPage] });
    expect((await listProducts(db, { page: 200 })).items).toEqual([]);
  });

  it("sends one statement per call, whatever the data or the paging", async () => {
    await listProducts(db, { sortType: "popular" });
    // A keyword's words are corrected once, then remembered (next test).
    await listProducts(db, { keyword: "paging pear heirlom tomatos" });
    const counts = new Set<number>();
    for (const input of [
      { sortType: "latest" },
      { sortType: "popular" },
      { keyword: "paging pear" },
      { keyword: "heirlom tomatos", near: { ...TORONTO, radiusKm: 0 } },
      { sortType: "latest", near: { ...TORONTO, radiusKm: 25 } },
    ] satisfies ListProductsInput[]) {
      const { result, statements } = await countStatements(() =>
        listProducts(db, { perPage: 3, ...input }),
      );
      counts.add(statements);
      if (result.nextCursor)
        counts.add(
          (
            await countStatements(() =>
              listProducts(db, { perPage: 3, ...input, cursor: result.nextCursor }),
            )
          ).statements,
        );
    }
    expect([...counts]).toEqual([1]);
  });

  it("corrects new words in one more statement, then remembers them", async () => {
    forgetKeywordCorrections();
    const first = await countStatements(() => listProducts(db, { keyword: "pagng pear" }));
    const again = await countStatements(() => listProducts(db, { keyword: "pear pagng" }));
    expect([first.statements, again.statements]).toEqual([2, 1]);
    expect(again.result.items.map((p) => p.id)).toEqual(first.result.items.map((p) => p.id));
    expect(first.result.total).toBe(30);
  });
});
