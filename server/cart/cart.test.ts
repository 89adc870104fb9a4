import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { CartKind } from "@/lib/cart/types";
import type { Db } from "@/server/db/client";
import { cartItems, dreamTrackerItems, products } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { closeTestDb, createTestDb } from "@/tests/db";
import {
  createCartItem,
  createCustomer,
  createDreamTrackerItem,
  createMerchant,
  createProduct,
  type Member,
  type Product,
} from "@/server/db/seed/factories";
import { addCartItem } from "./add-cart-item";
import { countCartItems } from "./count-cart-items";
import { MAX_ITEMS, MESSAGES } from "./items";
import { listCartItems } from "./list-cart-items";
import { mergeVisitorItems } from "./merge-visitor-items";
import { moveToCart, moveToDreamTracker } from "./move-item";
import { removeCartItem } from "./remove-cart-item";
import { updateCartItemQty } from "./update-cart-item-qty";
import { VisitorCookies } from "./visitor-cookies";

let db: Db;
let merchant: Member;
let usMerchant: Member;

beforeAll(async () => {
  db = await createTestDb();
  merchant = await createMerchant(db, { username: "green_acres" });
  usMerchant = await createMerchant(db, { country: "US", currency: "USD" });
});
afterAll(() => closeTestDb(db));

const product = (overrides: Partial<Product> = {}) =>
  createProduct(db, { merchantId: merchant.id, ...overrides });
const visitor = (cookies: Record<string, string> = {}) =>
  VisitorCookies.fromEntries(Object.entries(cookies).map(([name, value]) => ({ name, value })));

/** The AppError code and message a call throws. */
async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return { code: error.code, message: error.publicMessage };
}

async function rowsOf(kind: CartKind, memberId: number) {
  const table = kind === "cart" ? cartItems : dreamTrackerItems;
  return db
    .select({ productId: table.productId, qty: table.qty })
    .from(table)
    .where(eq(table.memberId, memberId));
}

/** Counts the statements `fn` sends to the database. */
async function countStatements<T>(
  fn: () => Promise<T>,
): Promise<{ result: T; statements: number }> {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const spy = vi.spyOn(client, "query");
  try {
    return { result: await fn(), statements: spy.mock.calls.length };
  } finally {
    spy.mockRestore();
  }
}

describe.each(["cart", "dreamtracker"] as const)("a member's %s", (kind) => {
  it("adds a product, and adding it again updates the quantity", async () => {
    const customer = await createCustomer(db);
    const p = await product({ name: "Heirloom Carrots", unitPriceCents: 450 });
    const owner = { memberId: customer.id };

    const first = await addCartItem(db, { kind, owner, pKey: p.pKey, qty: 2 });
    expect(first).toMatchObject({ message: MESSAGES.added(kind), count: 1 });
    expect(first.item).toMatchObject({
      id: p.id,
      p_key: p.pKey,
      name: "Heirloom Carrots",
      unit_price: "4.50",
      unit_weight: "ea",
      currency_symbol: "$",
      currency: "CAD",
      qty: 2,
      pay_in_person: true,
      pay_by_card: false,
      delivery_service: 0,
      in_stock: true,
      merchant_username: "green_acres",
      purchasable: true,
    });

    const again = await addCartItem(db, { kind, owner, pKey: p.pKey, qty: 5 });
    expect(again).toMatchObject({ message: MESSAGES.updated(kind), count: 1, item: { qty: 5 } });
    expect(await rowsOf(kind, customer.id)).toEqual([{ productId: p.id, qty: 5 }]);
  });

  it.each([
    ["out of stock", { inStock: false }, MESSAGES.outOfStock],
    ["deleted by its farmer", { status: "deleted" as const }, MESSAGES.inactive],
  ])("refuses a product that is %s", async (_, overrides, message) => {
    const customer = await createCustomer(db);
    const p = await product(overrides);
    expect(
      await failure(
        addCartItem(db, { kind, owner: { memberId: customer.id }, pKey: p.pKey, qty: 1 }),
      ),
    ).toEqual({
      code: "conflict",
      message,
    });
    expect(await rowsOf(kind, customer.id)).toEqual([]);
  });

  it("answers 404 for an unknown or permanently removed product", async () => {
    const customer = await createCustomer(db);
    const removed = await product({ status: "removed" });
    for (const pKey of ["nope", removed.pKey]) {
      expect(
        await failure(addCartItem(db, { kind, owner: { memberId: customer.id }, pKey, qty: 1 })),
      ).toEqual({
        code: "not_found",
        message: MESSAGES.productNotFound,
      });
    }
  });

  it("changes the quantity and removes items, only its own", async () => {
    const [me, other] = [await createCustomer(db), await createCustomer(db)];
    const p = await product();
    const create = kind === "cart" ? createCartItem : createDreamTrackerItem;
    await create(db, { memberId: other.id, productId: p.id, qty: 3 });

    // Another member's item is not found, and stays as it was.
    const notMine = { code: "not_found", message: MESSAGES.notInList(kind) };
    expect(
      await failure(
        updateCartItemQty(db, { kind, owner: { memberId: me.id }, pKey: p.pKey, qty: 9 }),
      ),
    ).toEqual(notMine);
    expect(
      await failure(removeCartItem(db, { kind, owner: { memberId: me.id }, pKey: p.pKey })),
    ).toEqual(notMine);
    expect(await rowsOf(kind, other.id)).toEqual([{ productId: p.id, qty: 3 }]);
    expect((await listCartItems(db, { kind, owner: { memberId: me.id } })).items).toEqual([]);

    await create(db, { memberId: me.id, productId: p.id, qty: 1 });
    const updated = await updateCartItemQty(db, {
      kind,
      owner: { memberId: me.id },
      pKey: p.pKey,
      qty: 4,
    });
    expect(updated).toMatchObject({ message: MESSAGES.updated(kind), count: 1, item: { qty: 4 } });
    expect(await removeCartItem(db, { kind, owner: { memberId: me.id }, pKey: p.pKey })).toEqual({
      message: MESSAGES.removed(kind),
      count: 0,
    });
    expect(await rowsOf(kind, me.id)).toEqual([]);
    expect(await rowsOf(kind, other.id)).toEqual([{ productId: p.id, qty: 3 }]);
  });

  it("will not change the quantity of an item that went out of stock, but lets it be removed", async () => {
    const customer = await createCustomer(db);
    const p = await product();
    await addCartItem(db, { kind, owner: { memberId: customer.id }, pKey: p.pKey, qty: 2 });
    await db.update(products).set({ inStock: false }).where(eq(products.id, p.id));
    expect(
      await failure(
        updateCartItemQty(db, { kind, owner: { memberId: customer.id }, pKey: p.pKey, qty: 3 }),
      ),
    ).toEqual({
      code: "conflict",
      message: MESSAGES.outOfStock,
    });
    expect(
      (await removeCartItem(db, { kind, owner: { memberId: customer.id }, pKey: p.pKey })).count,
    ).toBe(0);
  });

  it("lists items oldest first, marks unavailable ones, and drops removed products once", async () => {
    const customer = await createCustomer(db);
    const create = kind === "cart" ? createCartItem : createDreamTrackerItem;
    const fine = await product({
      name: "Kale",
      weightRequired: true,
      unitWeight: "2.50",
      unitWeightSymbol: "kg",
      deliveryService: "free_delivery",
    });
    const sold = await product({ name: "Beets", inStock: false });
    const deleted = await product({ name: "Leeks", status: "deleted" });
    const removed = await product({ name: "Onions", status: "removed" });
    for (const p of [fine, sold, deleted, removed])
      await create(db, { memberId: customer.id, productId: p.id, qty: 2 });

    const list = await listCartItems(db, { kind, owner: { memberId: customer.id } });
    expect(list.count).toBe(3);
    expect(list.dropped).toBe(1);
    expect(list.items.map((i) => [i.name, i.purchasable, i.unavailable_reason])).toEqual([
      ["Kale", true, null],
      ["Beets", false, "out_of_stock"],
      ["Leeks", false, "inactive"],
    ]);
    expect(list.items[0]).toMatchObject({ unit_weight: "2.5 kg", delivery_service: 1 });
    expect((await listCartItems(db, { kind, owner: { memberId: customer.id } })).dropped).toBe(0);
    expect(await countCartItems(db, { memberId: customer.id })).toMatchObject({ [kind]: 3 });
  });

  it(`refuses a new product once ${MAX_ITEMS} are in, but still updates one that is there`, async () => {
    const customer = await createCustomer(db);
    const table = kind === "cart" ? cartItems : dreamTrackerItems;
    const many = await db
      .insert(products)
      .values(
        Array.from({ length: MAX_ITEMS }, (_, i) => ({
          merchantId: merchant.id,
          name: `Bulk ${i}`,
          detail: "x",
          unitPriceCents: 100,
          currency: "CAD" as const,
        })),
      )
      .returning({ id: products.id, pKey: products.pKey });
    await db
      .insert(table)
      .values(many.map((p) => ({ memberId: customer.id, productId: p.id, qty: 1 })));
    const extra = await product();
    expect(
      await failure(
        addCartItem(db, { kind, owner: { memberId: customer.id }, pKey: extra.pKey, qty: 1 }),
      ),
    ).toEqual({
      code: "conflict",
      message: MESSAGES.full(kind),
    });
    expect(
      (
        await addCartItem(db, {
          kind,
          owner: { memberId: customer.id },
          pKey: many[0]!.pKey,
          qty: 7,
        })
      ).count,
    ).toBe(MAX_ITEMS);
  });
});

describe("statement counts", () => {
  it("lists a member's items in one statement and adds in three, however many items there are", async () => {
    const [small, big] = [await createCustomer(db), await createCustomer(db)];
    const ps = await Promise.all(Array.from({ length: 6 }, () => product()));
    await createCartItem(db, { memberId: small.id, productId: ps[0]!.id });
    for (const p of ps) await createCartItem(db, { memberId: big.id, productId: p.id });

    for (const member of [small, big]) {
      const listed = await countStatements(() =>
        listCartItems(db, { kind: "cart", owner: { memberId: member.id } }),
      );
      expect(listed.statements).toBe(1);
      const counted = await countStatements(() => countCartItems(db, { memberId: member.id }));
      expect(counted.statements).toBe(1);
      const added = await countStatements(() =>
        addCartItem(db, {
          kind: "cart",
          owner: { memberId: member.id },
          pKey: ps[5]!.pKey,
          qty: 2,
        }),
      );
      expect(added.statements).toBe(3);
    }
  });

  it("lists a visitor's items in one statement and counts them with none", async () => {
    const ps = await Promise.all(Array.from({ length: 4 }, () => product()));
    const cookies = visitor(Object.fromEntries(ps.map((p) => [`cart_${p.pKey}`, "1"])));
    expect(
      (
        await countStatements(() =>
          listCartItems(db, { kind: "cart", owner: { visitor: cookies } }),
        )
      ).statements,
    ).toBe(1);
    expect((await countStatements(() => countCartItems(db, { visitor: cookies }))).statements).toBe(
      0,
    );
  });
});

describe("a visitor's cookies", () => {
  it("add, update, remove and list through cookies, never the database", async () => {
    const p = await product({ name: "Honey" });
    const cookies = visitor();
    const before = await db.$count(cartItems);

    expect(
      await addCartItem(db, { kind: "cart", owner: { visitor: cookies }, pKey: p.pKey, qty: 2 }),
    ).toMatchObject({
      message: MESSAGES.added("cart"),
      count: 1,
    });
    expect(
      await addCartItem(db, { kind: "cart", owner: { visitor: cookies }, pKey: p.pKey, qty: 3 }),
    ).toMatchObject({
      message: MESSAGES.updated("cart"),
      count: 1,
    });
    expect(cookies.get("cart", p.pKey)).toBe(3);
    await updateCartItemQty(db, {
      kind: "cart",
      owner: { visitor: cookies },
      pKey: p.pKey,
      qty: 6,
    });
    const list = await listCartItems(db, { kind: "cart", owner: { visitor: cookies } });
    expect(list.items.map((i) => [i.name, i.qty])).toEqual([["Honey", 6]]);

    const written: Array<[string, string, number]> = [];
    cookies.writeTo({ set: (name, value, options) => written.push([name, value, options.maxAge]) });
    expect(written).toEqual([[`cart_${p.pKey}`, "6", 30 * 24 * 60 * 60]]);

    await removeCartItem(db, { kind: "cart", owner: { visitor: cookies }, pKey: p.pKey });
    expect(cookies.size("cart")).toBe(0);
    expect(await db.$count(cartItems)).toBe(before);
  });

  it("drops cookies of unknown or removed products, and clamps and cleans edited ones", async () => {
    const fine = await product();
    const removed = await product({ status: "removed" });
    const cookies = visitor({
      [`cart_${fine.pKey}`]: "5000",
      [`cart_${removed.pKey}`]: "1",
      cart_0000000000000000000000000000dead: "2",
      "cart_bad key": "1",
      [`dreamtracker_${fine.pKey}`]: "abc",
    });
    const list = await listCartItems(db, { kind: "cart", owner: { visitor: cookies } });
    expect(list.items.map((i) => [i.p_key, i.qty])).toEqual([[fine.pKey, 999]]);
    expect(list.dropped).toBe(2);

    const expired: string[] = [];
    cookies.writeTo({
      set: (name, _value, options) => (options.maxAge === 0 ? expired.push(name) : undefined),
    });
    expect(expired.sort()).toEqual(
      [
        `cart_${removed.pKey}`,
        "cart_0000000000000000000000000000dead",
        "cart_bad key",
        `dreamtracker_${fine.pKey}`,
      ].sort(),
    );
  });

  it("refuses to add out-of-stock products", async () => {
    const p = await product({ inStock: false });
    const cookies = visitor();
    expect(
      await failure(
        addCartItem(db, {
          kind: "dreamtracker",
          owner: { visitor: cookies },
          pKey: p.pKey,
          qty: 1,
        }),
      ),
    ).toEqual({
      code: "conflict",
      message: MESSAGES.outOfStock,
    });
    expect(cookies.hasChanges).toBe(false);
  });
});

describe("moveToCart", () => {
  it("moves a member's dream tracker item into the cart, keeping the larger quantity", async () => {
    const customer = await createCustomer(db);
    const [a, b] = [await product(), await product()];
    await createDreamTrackerItem(db, { memberId: customer.id, productId: a.id, qty: 4 });
    await createDreamTrackerItem(db, { memberId: customer.id, productId: b.id, qty: 2 });
    await createCartItem(db, { memberId: customer.id, productId: b.id, qty: 3 });

    const moved = await moveToCart(db, { owner: { memberId: customer.id }, pKey: a.pKey });
    expect(moved).toMatchObject({
      message: "Moved to your cart.",
      item: { qty: 4 },
      counts: { cart: 2, dreamtracker: 1 },
    });
    expect(
      (await moveToCart(db, { owner: { memberId: customer.id }, pKey: b.pKey })).item.qty,
    ).toBe(3);
    expect(await rowsOf("dreamtracker", customer.id)).toEqual([]);
    expect((await rowsOf("cart", customer.id)).sort((x, y) => x.productId - y.productId)).toEqual([
      { productId: a.id, qty: 4 },
      { productId: b.id, qty: 3 },
    ]);
  });

  it("never moves another member's item, nor an item that cannot be bought", async () => {
    const [me, other] = [await createCustomer(db), await createCustomer(db)];
    const p = await product();
    await createDreamTrackerItem(db, { memberId: other.id, productId: p.id, qty: 2 });
    expect(await failure(moveToCart(db, { owner: { memberId: me.id }, pKey: p.pKey }))).toEqual({
      code: "not_found",
      message: MESSAGES.notInList("dreamtracker"),
    });
    expect(await rowsOf("dreamtracker", other.id)).toEqual([{ productId: p.id, qty: 2 }]);
    expect(await rowsOf("cart", me.id)).toEqual([]);

    const sold = await product({ inStock: false });
    await createDreamTrackerItem(db, { memberId: me.id, productId: sold.id, qty: 1 });
    expect(
      (await failure(moveToCart(db, { owner: { memberId: me.id }, pKey: sold.pKey }))).message,
    ).toBe(MESSAGES.outOfStock);
    expect(await rowsOf("dreamtracker", me.id)).toEqual([{ productId: sold.id, qty: 1 }]);
  });

  it("moves a visitor's item between cookies", async () => {
    const p = await product();
    const cookies = visitor({ [`dreamtracker_${p.pKey}`]: "3" });
    const moved = await moveToCart(db, { owner: { visitor: cookies }, pKey: p.pKey });
    expect(moved.counts).toEqual({ cart: 1, dreamtracker: 0 });
    expect(cookies.get("cart", p.pKey)).toBe(3);
    expect(cookies.get("dreamtracker", p.pKey)).toBeUndefined();
  });
});

describe("moveToDreamTracker", () => {
  it("moves a member's cart item into the dream tracker, keeping the larger quantity", async () => {
    const customer = await createCustomer(db);
    const [a, b] = [await product(), await product()];
    await createCartItem(db, { memberId: customer.id, productId: a.id, qty: 2 });
    await createCartItem(db, { memberId: customer.id, productId: b.id, qty: 1 });
    await createDreamTrackerItem(db, { memberId: customer.id, productId: b.id, qty: 5 });

    const moved = await moveToDreamTracker(db, { owner: { memberId: customer.id }, pKey: a.pKey });
    expect(moved).toMatchObject({
      message: "Moved to your dream tracker.",
      item: { qty: 2 },
      counts: { cart: 1, dreamtracker: 2 },
    });
    expect(
      (await moveToDreamTracker(db, { owner: { memberId: customer.id }, pKey: b.pKey })).item.qty,
    ).toBe(5);
    expect(await rowsOf("cart", customer.id)).toEqual([]);
  });

  it("never moves another member's cart item", async () => {
    const [me, other] = [await createCustomer(db), await createCustomer(db)];
    const p = await product();
    await createCartItem(db, { memberId: other.id, productId: p.id, qty: 2 });
    expect(
      await failure(moveToDreamTracker(db, { owner: { memberId: me.id }, pKey: p.pKey })),
    ).toEqual({ code: "not_found", message: MESSAGES.notInList("cart") });
    expect(await rowsOf("cart", other.id)).toEqual([{ productId: p.id, qty: 2 }]);
  });

  it("moves a visitor's item between cookies", async () => {
    const p = await product();
    const cookies = visitor({ [`cart_${p.pKey}`]: "2" });
    const moved = await moveToDreamTracker(db, { owner: { visitor: cookies }, pKey: p.pKey });
    expect(moved.counts).toEqual({ cart: 0, dreamtracker: 1 });
    expect(cookies.get("dreamtracker", p.pKey)).toBe(2);
    expect(cookies.get("cart", p.pKey)).toBeUndefined();
  });
});

describe("mergeVisitorItems (sign-in)", () => {
  it("merges the cookies into the member's items, keeps the larger quantity, skips what is not sold, clears the cookies", async () => {
    const customer = await createCustomer(db);
    const [both, onlyCookie, wish, usd] = [
      await product(),
      await product(),
      await product(),
      await createProduct(db, { merchantId: usMerchant.id }),
    ];
    const soldOut = await product({ inStock: false });
    const deleted = await product({ status: "deleted" });
    await createCartItem(db, { memberId: customer.id, productId: both.id, qty: 5 });
    const cookies = visitor({
      [`cart_${both.pKey}`]: "2",
      [`cart_${onlyCookie.pKey}`]: "3",
      [`cart_${usd.pKey}`]: "1",
      [`cart_${soldOut.pKey}`]: "1",
      [`cart_${deleted.pKey}`]: "4",
      cart_ffffffffffffffffffffffffffffffff: "1",
      [`dreamtracker_${wish.pKey}`]: "2",
    });

    const { result, statements } = await countStatements(() =>
      mergeVisitorItems(db, { memberId: customer.id, visitor: cookies }),
    );
    expect(statements).toBeLessThanOrEqual(5);
    expect(result).toEqual({ cart: 4, dreamtracker: 1 });
    const cart = new Map((await rowsOf("cart", customer.id)).map((r) => [r.productId, r.qty]));
    expect(Object.fromEntries(cart)).toEqual({
      [both.id]: 5,
      [onlyCookie.id]: 3,
      [usd.id]: 1,
      [soldOut.id]: 1,
    });
    expect(await rowsOf("dreamtracker", customer.id)).toEqual([{ productId: wish.id, qty: 2 }]);

    expect(cookies.size("cart") + cookies.size("dreamtracker")).toBe(0);
    const expired: string[] = [];
    cookies.writeTo({
      set: (name, _v, options) => (options.maxAge === 0 ? expired.push(name) : undefined),
    });
    expect(expired).toHaveLength(7);

    // The bigger visitor quantity wins too.
    const again = visitor({ [`cart_${both.pKey}`]: "9" });
    await mergeVisitorItems(db, { memberId: customer.id, visitor: again });
    const [row] = await db
      .select({ qty: cartItems.qty })
      .from(cartItems)
      .where(and(eq(cartItems.memberId, customer.id), eq(cartItems.productId, both.id)));
    expect(row?.qty).toBe(9);
  });

  it(`never takes a list past ${MAX_ITEMS} products; those already saved still merge`, async () => {
    const customer = await createCustomer(db);
    const many = await db
      .insert(products)
      .values(
        Array.from({ length: MAX_ITEMS + 3 }, (_, i) => ({
          merchantId: merchant.id,
          name: `Bulk ${i}`,
          detail: "x",
          unitPriceCents: 100,
          currency: "CAD" as const,
        })),
      )
      .returning({ id: products.id, pKey: products.pKey });
    const saved = many.slice(0, MAX_ITEMS - 2);
    await db
      .insert(cartItems)
      .values(saved.map((p) => ({ memberId: customer.id, productId: p.id, qty: 1 })));
    // The cookie holds one saved product (larger quantity) and five new ones: room for two.
    const cookies = visitor(
      Object.fromEntries([
        [`cart_${saved[0]!.pKey}`, "4"],
        ...many.slice(MAX_ITEMS - 2).map((p) => [`cart_${p.pKey}`, "1"]),
      ]),
    );
    const result = await mergeVisitorItems(db, { memberId: customer.id, visitor: cookies });
    expect(result.cart).toBe(3);
    const rows = await rowsOf("cart", customer.id);
    expect(rows).toHaveLength(MAX_ITEMS);
    expect(rows.find((r) => r.productId === saved[0]!.id)?.qty).toBe(4);
    expect(rows.map((r) => r.productId)).toEqual(
      expect.arrayContaining([many[MAX_ITEMS - 2]!.id, many[MAX_ITEMS - 1]!.id]),
    );
  });
});
