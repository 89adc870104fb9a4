import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/db/client";
import { closeTestDb, createTestDb } from "@/tests/db";
import {
  createCustomer,
  createMerchant,
  createProduct,
  createReview,
  type Member,
} from "@/server/db/seed/factories";
import { listProducts, type ListProductsInput } from "./list-products";

let db: Db;
let farms: Member[];
const TORONTO = { latitude: 43.65, longitude: -79.38 };

beforeAll(async () => {
  db = await createTestDb();
  farms = await Promise.all(
    [0, 1, 2].map((i) =>
      createMerchant(db, {
        username: `rated_farm_${i}`,
        latitude: TORONTO.latitude + i * 0.05,
        longitude: TORONTO.longitude,
      }),
    ),
  );
  // 18 products; ranks with ties and unranked (0) ones, some whose whole name is the keyword.
  for (let i = 0; i < 18; i++) {
    const product = await createProduct(db, {
      merchantId: farms[i % 3]!.id,
      name: i % 4 === 0 ? "Rated Fig" : `Rated Fig ${["jam", "tart", "box"][i % 3]} ${i}`,
    });
    const rank = i % 5 === 0 ? 0 : 3 + ((i * 7) % 6) / 4;
    await db.execute(sql`update products set rating_rank = ${rank} where id = ${product.id}`);
  }
});
afterAll(() => closeTestDb(db));

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

async function plain(
  filter: ReturnType<typeof sql>,
  first: ReturnType<typeof sql> = sql`null::int`,
) {
  const { rows } = await db.execute<{ id: number }>(sql`
    select p.id from products p join members m on m.id = p.merchant_id
    where p.status = 'active' and p.name like 'Rated Fig%' and ${filter}
    order by ${first}, p.rating_rank desc, p.id desc`);
  return rows.map((row) => Number(row.id));
}

describe("listProducts sorted by rating", () => {
  it("puts the higher Bayesian rank first: twelve reviews at 4.6 beat one 5-star review", async () => {
    const farm = await createMerchant(db);
    const once = await createProduct(db, { merchantId: farm.id, name: "Bayes Plum once" });
    const many = await createProduct(db, { merchantId: farm.id, name: "Bayes Plum many" });
    const customers = await Promise.all(Array.from({ length: 12 }, () => createCustomer(db)));
    await createReview(db, { productId: once.id, memberId: customers[0]!.id, score: 5 });
    for (const [i, c] of customers.entries())
      await createReview(db, { productId: many.id, memberId: c.id, score: i < 7 ? 5 : 4 });
    const { items } = await listProducts(db, { keyword: "bayes plum", sortType: "rating" });
    expect(items.map((p) => [p.title, p.score, p.reviewCount])).toEqual([
      ["Bayes Plum many", 4.58, 12],
      ["Bayes Plum once", 5, 1],
    ]);
  });

  it("walks the browse list by cursor and by page like the plain query", async () => {
    const all = await walk({ sortType: "rating", perPage: 4 });
    const want = await plain(sql`true`);
    expect(all.filter((id) => want.includes(id))).toEqual(want);
    const byPage: number[] = [];
    for (let page = 1; page <= 10; page++)
      byPage.push(
        ...(await listProducts(db, { sortType: "rating", perPage: 4, page })).items.map(
          (p) => p.id,
        ),
      );
    expect(byPage).toEqual(all.slice(0, byPage.length));
  });

  it("walks a keyword search, exact names first, like the plain query", async () => {
    const want = await plain(sql`true`, sql`(lower(p.name) = 'rated fig') desc`);
    expect(await walk({ keyword: "rated fig", sortType: "rating", perPage: 3 })).toEqual(want);
    const page2 = await listProducts(db, {
      keyword: "Rated Fig",
      sortType: "rating",
      perPage: 3,
      page: 2,
    });
    expect(page2.items.map((p) => p.id)).toEqual(want.slice(3, 6));
  });

  it("walks My Local nearest farm first, then by rating", async () => {
    const near = { ...TORONTO, radiusKm: 25 };
    const ids = await walk({ sortType: "rating", near, perPage: 4 });
    const o = sql`ll_to_earth(${TORONTO.latitude}::float8, ${TORONTO.longitude}::float8)`;
    const want = await plain(
      sql`m.username like 'rated_farm_%'`,
      sql`ll_to_earth(m.latitude, m.longitude) <-> ${o}`,
    );
    expect(ids.filter((id) => want.includes(id))).toEqual(want);
  });

  it("is All for an unknown sort from an old client", async () => {
    const unknown = await listProducts(db, {
      keyword: "rated fig",
      sortType: "stars" as unknown as "all",
    });
    expect(unknown.items.length).toBeGreaterThan(0);
  });
});
