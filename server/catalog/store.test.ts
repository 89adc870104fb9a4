import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { closeTestDb, createTestDb } from "@/tests/db";
import {
  createCustomer,
  createMerchant,
  createProduct,
  type Member,
  type Product,
} from "@/server/db/seed/factories";
import { getStore, STORE_NOT_FOUND_MESSAGE } from "./get-store";
import { listStoreProducts, storeProductsQuerySchema } from "./list-store-products";

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => closeTestDb(db));

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

async function codeOf(promise: Promise<unknown>): Promise<string | null> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  expect(error.publicMessage).toBe(STORE_NOT_FOUND_MESSAGE);
  return error.code;
}

/** Counts the statements `fn` sends to the database. */
async function countStatements<T>(
  fn: () => Promise<T>,
): Promise<{ result: T; statements: number }> {
  // Both drivers (PGlite, node-postgres) send every statement through their client's query().
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const spy = vi.spyOn(client, "query");
  try {
    const result = await fn();
    return { result, statements: spy.mock.calls.length };
  } finally {
    spy.mockRestore();
  }
}

describe("getStore", () => {
  it("gives a farm's public profile with how it delivers and takes payment", async () => {
    const merchant = await createMerchant(db, {
      username: "orchard_lane",
      firstName: "Maria",
      city: "Caledon",
      provinceState: "ON",
      introduction: "  Apples and pears from the escarpment.  ",
      avatarImage: "avatar/0123456789abcdef0123456789abcdef",
      payByCard: true,
    });
    await createProduct(db, { merchantId: merchant.id, deliveryService: "in_store" });
    // A deleted product's delivery method is not on offer.
    await createProduct(db, {
      merchantId: merchant.id,
      deliveryService: "free_delivery",
      status: "deleted",
    });

    const store = await getStore(db, "orchard_lane");
    expect(store).toEqual({
      id: merchant.id,
      username: "orchard_lane",
      firstName: "Maria",
      introduction: "Apples and pears from the escarpment.",
      city: "Caledon",
      provinceState: "ON",
      country: "CA",
      avatarImage: expect.stringMatching(/avatar\/0123456789abcdef0123456789abcdef-sm\.webp$/),
      paymentOptions: { payInPerson: true, payByCard: true },
      delivery: { freeDelivery: false, pickup: true },
      rating: 0,
      reviewCount: 0,
      memberSince: merchant.createdAt.toISOString(),
    });
    expect(JSON.stringify(store)).not.toMatch(/email|phone|address|postal|password/i);
  });

  it("says a new farm offers no delivery yet and has no image", async () => {
    await createMerchant(db, { username: "empty_field", avatarImage: null, introduction: "   " });
    const store = await getStore(db, "empty_field");
    expect(store.delivery).toEqual({ freeDelivery: false, pickup: false });
    expect(store.avatarImage).toBeNull();
    expect(store.introduction).toBeNull();
  });

  it("answers not found for an unknown username and for a customer, who has no store", async () => {
    const customer = await createCustomer(db);
    expect(await codeOf(getStore(db, "nobody_here"))).toBe("not_found");
    expect(await codeOf(getStore(db, customer.username))).toBe("not_found");
  });
});

describe("listStoreProducts", () => {
  let owner: Member;
  let other: Member;
  let active: Product[];
  let deleted: Product[];

  beforeAll(async () => {
    owner = await createMerchant(db, { username: "big_harvest" });
    other = await createMerchant(db, { username: "small_plot" });
    // 14 active products, the newest first in the listing: active[0] is 1 day old, active[13] 14.
    active = [];
    for (let i = 0; i < 14; i += 1) {
      active.push(
        await createProduct(db, {
          merchantId: owner.id,
          name: `Active ${i}`,
          createdAt: daysAgo(i + 1),
        }),
      );
    }
    deleted = [
      await createProduct(db, {
        merchantId: owner.id,
        name: "Deleted new",
        status: "deleted",
        createdAt: daysAgo(1),
        deletedAt: new Date(),
      }),
      await createProduct(db, {
        merchantId: owner.id,
        name: "Deleted old",
        status: "deleted",
        createdAt: daysAgo(30),
        deletedAt: new Date(),
      }),
    ];
    await createProduct(db, {
      merchantId: owner.id,
      name: "Removed",
      status: "removed",
      removedAt: new Date(),
    });
    await createProduct(db, { merchantId: other.id, name: "Someone else's" });
  });

  it("lists the active products newest first, 12 a page, then the rest", async () => {
    const first = await listStoreProducts(db, {
      username: "big_harvest",
      viewMode: "public",
      page: 1,
      viewerId: null,
    });
    expect(first).toMatchObject({ total: 14, page: 1, perPage: 12, hasMore: true });
    expect(first.items.map((p) => p.title)).toEqual(active.slice(0, 12).map((p) => p.name));
    expect(first.items[0]).toMatchObject({
      id: active[0]!.id,
      merchantUsername: "big_harvest",
      currency: "CAD",
      priceUnit: "ea",
      deliveryMethod: "in_store",
      inStock: true,
    });

    const second = await listStoreProducts(db, {
      username: "big_harvest",
      viewMode: "public",
      page: 2,
      viewerId: null,
    });
    expect(second).toMatchObject({ total: 14, page: 2, perPage: 12, hasMore: false });
    expect(second.items.map((p) => p.title)).toEqual(["Active 12", "Active 13"]);

    const beyond = await listStoreProducts(db, {
      username: "big_harvest",
      viewMode: "public",
      page: 9,
      viewerId: null,
    });
    expect(beyond).toMatchObject({ items: [], total: 14, page: 9, hasMore: false });
  });

  it("shows the owner the deleted products, never the removed ones", async () => {
    const page = await listStoreProducts(db, {
      username: "big_harvest",
      viewMode: "deleted",
      page: 1,
      viewerId: owner.id,
    });
    expect(page).toMatchObject({ total: 2, hasMore: false });
    expect(page.items.map((p) => p.id)).toEqual(deleted.map((p) => p.id));
    const everything = JSON.stringify([
      page,
      await listStoreProducts(db, {
        username: "big_harvest",
        viewMode: "public",
        page: 1,
        viewerId: owner.id,
      }),
      await listStoreProducts(db, {
        username: "big_harvest",
        viewMode: "public",
        page: 2,
        viewerId: owner.id,
      }),
    ]);
    expect(everything).not.toContain("Removed");
    expect(everything).not.toContain("Someone else's");
  });

  it.each([
    ["a visitor", () => null],
    ["another merchant", () => other.id],
  ])("hides the deleted view from %s", async (_, viewer) => {
    expect(
      await codeOf(
        listStoreProducts(db, {
          username: "big_harvest",
          viewMode: "deleted",
          page: 1,
          viewerId: viewer(),
        }),
      ),
    ).toBe("not_found");
  });

  it("answers not found for an unknown store or a customer's username", async () => {
    const customer = await createCustomer(db);
    expect(
      await codeOf(
        listStoreProducts(db, {
          username: "no_such_farm",
          viewMode: "public",
          page: 1,
          viewerId: null,
        }),
      ),
    ).toBe("not_found");
    expect(
      await codeOf(
        listStoreProducts(db, {
          username: customer.username,
          viewMode: "deleted",
          page: 1,
          viewerId: customer.id,
        }),
      ),
    ).toBe("not_found");
  });

  it("gives an empty first page for a farm with nothing for sale", async () => {
    expect(
      await listStoreProducts(db, {
        username: "small_plot",
        viewMode: "deleted",
        page: 1,
        viewerId: other.id,
      }),
    ).toEqual({
      items: [],
      total: 0,
      page: 1,
      perPage: 12,
      hasMore: false,
    });
  });

  it("sends the same two statements for a page of any store, with the right total", async () => {
    const big = await countStatements(() =>
      listStoreProducts(db, {
        username: "big_harvest",
        viewMode: "public",
        page: 1,
        viewerId: null,
      }),
    );
    const small = await countStatements(() =>
      listStoreProducts(db, {
        username: "small_plot",
        viewMode: "public",
        page: 1,
        viewerId: null,
      }),
    );
    expect(big.result.items).toHaveLength(12);
    expect(small.result.items).toHaveLength(1);
    expect(big.statements).toBe(2);
    expect(small.statements).toBe(2);
    const { rows } = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from products p join members m on m.id = p.merchant_id
      where m.username = 'big_harvest' and p.status = 'active'`);
    expect(big.result.total).toBe(Number(rows[0]!.n));
    const last = Math.ceil(big.result.total / 12);
    const lastPage = await listStoreProducts(db, {
      username: "big_harvest",
      viewMode: "public",
      page: last,
      viewerId: null,
    });
    expect(lastPage.items.length).toBe(big.result.total - (last - 1) * 12);
    expect(lastPage.hasMore).toBe(false);
  });
});

describe("storeProductsQuerySchema", () => {
  it("defaults to the public view's first page", () => {
    expect(storeProductsQuerySchema.parse({})).toEqual({ viewMode: "public", page: 1 });
    expect(storeProductsQuerySchema.parse({ viewMode: "deleted", page: "3" })).toEqual({
      viewMode: "deleted",
      page: 3,
    });
  });

  it.each([
    [{ viewMode: "hidden" }, "viewMode", "Invalid Value"],
    [{ page: "0" }, "page", "Invalid Page"],
    [{ page: "two" }, "page", "Invalid Page"],
  ])("refuses %o", (query, field, message) => {
    const result = storeProductsQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: [field], message })]);
  });
});
