import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.NEXTAUTH_SECRET = "stock-test-secret-stock-test-secret-0001";
  process.env.APP_URL = "http://localhost:3000";
});

import type { Db } from "@/server/db/client";
import {
  cartItems,
  moneyIssues,
  notificationPreferences,
  orderItems,
  orders,
  products,
} from "@/server/db/schema";
import {
  createCartItem,
  createCustomer,
  createMerchant,
  createProduct,
  type Member,
  type Product,
} from "@/server/db/seed/factories";
import { getProductDetail } from "@/server/catalog/get-product-detail";
import { cancelOrder } from "@/server/orders/cancel-order";
import { updateOrderStatus } from "@/server/orders/update-order-status";
import { reconcile } from "@/server/money/reconcile";
import { awaiting, CARDS, failure, payAsBrowser, storePickup } from "@/tests/card-checkout";
import type { StripeFake } from "@/tests/stripe-fake";
import { setupStripeTestDb } from "@/tests/stripe-test-db";
import { completeCardReturn } from "./complete-card-return";
import { placeOrder } from "./place-order";
import { startCardCheckout } from "./start-card-checkout";
import { CARD_STOCK_HOLD_MINUTES } from "./write-card-order";

// Stock by quantity (issue 41, decision 0042): taken in the order's own statement, held by a card
// order awaiting payment, given back by a cancel, a farmer's cancelled or refunded, an abandoned
// card order and an expired hold. `npm run test:pg -- server/checkout/stock.test.ts` runs it on
// PostgreSQL, where the concurrent checkouts really overlap.

const stripeTestDb = setupStripeTestDb();
let db: Db;
let fake: StripeFake;
let stripe: Stripe;

beforeAll(() => {
  ({ db, fake, stripe } = stripeTestDb);
});

async function availableOf(productId: number): Promise<string | null> {
  const [row] = await db
    .select({ qty: products.availableQty })
    .from(products)
    .where(eq(products.id, productId));
  return row!.qty;
}

const linesOf = (orderId: number) =>
  db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id);
const cartOf = (memberId: number) =>
  db.select().from(cartItems).where(eq(cartItems.memberId, memberId));

/** A farm selling by card and in person, with mails off: these tests are about the writes. */
async function farm(): Promise<Member> {
  const farmer = await createMerchant(db, { payByCard: true, payoutAcctSet: true });
  await db
    .insert(notificationPreferences)
    .values({ memberId: farmer.id, type: "order", allowed: false });
  return farmer;
}

async function buyer(cart: { product: Product; qty: number }[]): Promise<Member> {
  const customer = await createCustomer(db);
  await db
    .insert(notificationPreferences)
    .values({ memberId: customer.id, type: "order", allowed: false });
  for (const { product, qty } of cart)
    await createCartItem(db, { memberId: customer.id, productId: product.id, qty });
  return customer;
}

const inPerson = (customer: Member, items?: { pKey: string; qty: number }[]) =>
  placeOrder(db, {
    customerId: customer.id,
    checkoutKey: randomUUID(),
    delivery: storePickup(customer),
    items,
  });

const byCard = (customer: Member, dbToUse: Db = db) =>
  startCardCheckout(dbToUse, stripe, { customerId: customer.id, delivery: storePickup(customer) });

describe("pay in person", () => {
  it("takes what each line needs in the order's statement, and the line keeps what it took", async () => {
    const farmer = await farm();
    const eggs = await createProduct(db, {
      merchantId: farmer.id,
      name: "Duck Eggs",
      availableQty: "10",
    });
    // Sold by weight: 2.5 kg a unit, 10 kg on hand.
    const flour = await createProduct(db, {
      merchantId: farmer.id,
      name: "Spelt Flour",
      weightRequired: true,
      unitWeight: "2.50",
      unitWeightSymbol: "kg",
      availableQty: "10",
    });
    const honey = await createProduct(db, { merchantId: farmer.id, name: "Raw Honey" });
    const customer = await buyer([
      { product: eggs, qty: 3 },
      { product: flour, qty: 2 },
      { product: honey, qty: 4 },
    ]);

    const placed = await inPerson(customer);

    expect(await availableOf(eggs.id)).toBe("7.00");
    expect(await availableOf(flour.id)).toBe("5.00");
    // Unlimited stays unlimited.
    expect(await availableOf(honey.id)).toBeNull();
    const lines = await linesOf(placed.orderId);
    expect(Object.fromEntries(lines.map((line) => [line.productName, line.stockTaken]))).toEqual({
      "Duck Eggs": "3.00",
      "Spelt Flour": "5.00",
      "Raw Honey": null,
    });
  });

  it("refuses a cart asking for more than is left, naming the product and what is left, and orders nothing", async () => {
    const farmer = await farm();
    const eggs = await createProduct(db, {
      merchantId: farmer.id,
      name: "Quail Eggs",
      availableQty: "2",
    });
    const honey = await createProduct(db, { merchantId: farmer.id, name: "Clover Honey" });
    const customer = await buyer([
      { product: eggs, qty: 3 },
      { product: honey, qty: 1 },
    ]);

    const error = await failure(
      inPerson(customer, [
        { pKey: eggs.pKey, qty: 3 },
        { pKey: honey.pKey, qty: 1 },
      ]),
    );

    expect(error).toMatchObject({
      code: "conflict",
      message:
        "Only 2 of Quail Eggs are left, and your order asks for 3. Please review your order again.",
    });
    expect(await db.select().from(orders).where(eq(orders.customerId, customer.id))).toEqual([]);
    expect(await availableOf(eggs.id)).toBe("2.00");
    expect(await cartOf(customer.id)).toHaveLength(2);
  });

  it("refuses the last units another customer bought between the check and the write, with what is left", async () => {
    const farmer = await farm();
    const jam = await createProduct(db, {
      merchantId: farmer.id,
      name: "Plum Jam",
      availableQty: "3",
    });
    const first = await buyer([{ product: jam, qty: 2 }]);
    const second = await buyer([{ product: jam, qty: 2 }]);

    await inPerson(first, [{ pKey: jam.pKey, qty: 2 }]);
    const error = await failure(inPerson(second, [{ pKey: jam.pKey, qty: 2 }]));

    expect(error.message).toBe(
      "Only 1 of Plum Jam is left, and your order asks for 2. Please review your order again.",
    );
    expect(await availableOf(jam.id)).toBe("1.00");
  });

  it("sells out at 0 as SOLD OUT, and comes back on its own when a cancel gives the stock back", async () => {
    const farmer = await farm();
    const pie = await createProduct(db, {
      merchantId: farmer.id,
      name: "Rhubarb Pie",
      availableQty: "2",
      lowStockAt: 3,
    });
    expect(await getProductDetail(db, pie.id)).toMatchObject({
      in_stock: true,
      units_left: 2,
      only_left: 2,
    });
    const customer = await buyer([{ product: pie, qty: 2 }]);
    const { orderNo } = await inPerson(customer);

    expect(await getProductDetail(db, pie.id)).toMatchObject({
      in_stock: false,
      units_left: 0,
      only_left: null,
    });

    await cancelOrder(db, { customerId: customer.id, orderNo });

    expect(await availableOf(pie.id)).toBe("2.00");
    expect(await getProductDetail(db, pie.id)).toMatchObject({ in_stock: true, units_left: 2 });
  });

  it("gives back, once, what a farmer cancels or refunds, but not what was handed over", async () => {
    const farmer = await farm();
    const [a, b] = [
      await createProduct(db, { merchantId: farmer.id, availableQty: "10" }),
      await createProduct(db, { merchantId: farmer.id, availableQty: "10" }),
    ];
    const customer = await buyer([
      { product: a, qty: 4 },
      { product: b, qty: 3 },
    ]);
    const placed = await inPerson(customer);
    const [lineA, lineB] = await linesOf(placed.orderId);

    await updateOrderStatus(db, {
      merchantId: farmer.id,
      orderItemId: lineA!.id,
      status: "cancelled",
    });
    expect(await availableOf(a.id)).toBe("10.00");
    // Closed now: it cannot be cancelled again, and its stock never comes back twice.
    await failure(
      updateOrderStatus(db, { merchantId: farmer.id, orderItemId: lineA!.id, status: "refunded" }),
    );
    expect(await availableOf(a.id)).toBe("10.00");

    // Handed over, then refunded: the goods are gone, so is the stock.
    await updateOrderStatus(db, {
      merchantId: farmer.id,
      orderItemId: lineB!.id,
      status: "customer_received",
    });
    await updateOrderStatus(db, {
      merchantId: farmer.id,
      orderItemId: lineB!.id,
      status: "refunded",
    });
    expect(await availableOf(b.id)).toBe("7.00");
  });
});

describe("the last units, bought by many at once", () => {
  // 50 buyers of the last 5 units, half paying in person, half opening a card payment, all at
  // once. Exactly 5 are taken (orders placed, or held by card orders awaiting payment), the rest
  // are refused with the check's message, and stock never goes below 0: the take is a
  // conditional update inside each order's own statement (a card order's insert is that
  // statement too), guarded by products_available_qty_non_negative.
  it("ends with exactly 5 taken and never below 0, pay in person and card mixed", async () => {
    const farmer = await farm();
    const bread = await createProduct(db, {
      merchantId: farmer.id,
      name: "Sourdough Loaf",
      unitPriceCents: 800,
      payByCard: true,
      availableQty: "5",
    });
    const buyers = await Promise.all(
      Array.from({ length: 50 }, () => buyer([{ product: bread, qty: 1 }])),
    );

    const results = await Promise.allSettled(
      buyers.map((customer, i) =>
        i % 2 === 0
          ? inPerson(customer, [{ pKey: bread.pKey, qty: 1 }])
          : byCard(customer).then(awaiting),
      ),
    );

    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    for (const r of refused) expect(r.reason).toMatchObject({ code: "conflict" });
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    expect(await availableOf(bread.id)).toBe("0.00");

    const customerIds = buyers.map((b) => b.id);
    const [placed] = await db
      .select({ taken: sql<string>`coalesce(sum(${orderItems.stockTaken}), 0)::text` })
      .from(orderItems)
      .where(eq(orderItems.productId, bread.id));
    const held = await db
      .select({ lines: orders.pendingLines })
      .from(orders)
      .where(
        and(
          inArray(orders.customerId, customerIds),
          eq(orders.paymentType, "card"),
          sql`${orders.stockHeldUntil} is not null`,
        ),
      );
    const heldUnits = held.reduce((sum, o) => sum + Number(o.lines?.[0]?.stockTaken ?? 0), 0);
    expect(Number(placed!.taken) + heldUnits).toBe(5);
  });
});

describe("pay by card", () => {
  it("holds the stock while the payment waits, and the paid lines keep it", async () => {
    const farmer = await farm();
    const cheese = await createProduct(db, {
      merchantId: farmer.id,
      name: "Aged Gouda",
      unitPriceCents: 1500,
      payByCard: true,
      availableQty: "6",
    });
    const customer = await buyer([{ product: cheese, qty: 2 }]);

    const checkout = awaiting(await byCard(customer));
    expect(await availableOf(cheese.id)).toBe("4.00");
    const [order] = await db.select().from(orders).where(eq(orders.id, checkout.orderId));
    const heldFor = order!.stockHeldUntil!.getTime() - Date.now();
    expect(heldFor).toBeGreaterThan((CARD_STOCK_HOLD_MINUTES - 1) * 60_000);
    expect(heldFor).toBeLessThanOrEqual(CARD_STOCK_HOLD_MINUTES * 60_000);

    // The payment page asks again (a reload): the same order, its own stock counted as its own.
    expect(awaiting(await byCard(customer)).orderId).toBe(checkout.orderId);
    expect(await availableOf(cheese.id)).toBe("4.00");

    const paid = await payAsBrowser(fake, checkout.clientSecret, CARDS.visa);
    expect(paid.status).toBe(200);
    await completeCardReturn(db, stripe, {
      customerId: customer.id,
      paymentIntentId: String(paid.body.id),
    });
    const [placed] = await db.select().from(orders).where(eq(orders.id, checkout.orderId));
    expect(placed).toMatchObject({ paymentStatus: "paid", stockHeldUntil: null });
    expect((await linesOf(checkout.orderId)).map((l) => l.stockTaken)).toEqual(["2.00"]);
    expect(await availableOf(cheese.id)).toBe("4.00");
  });

  it("gives the stock back at once when the cart changes and the order is replaced", async () => {
    const farmer = await farm();
    const cider = await createProduct(db, {
      merchantId: farmer.id,
      unitPriceCents: 900,
      payByCard: true,
      availableQty: "5",
    });
    const customer = await buyer([{ product: cider, qty: 3 }]);
    const first = awaiting(await byCard(customer));
    expect(await availableOf(cider.id)).toBe("2.00");

    // Now 5: the 3 the first order held count as the customer's own.
    await db.update(cartItems).set({ qty: 5 }).where(eq(cartItems.memberId, customer.id));
    const second = awaiting(await byCard(customer));

    expect(second.orderId).not.toBe(first.orderId);
    const [old] = await db.select().from(orders).where(eq(orders.id, first.orderId));
    expect(old).toMatchObject({ paymentStatus: "abandoned", stockHeldUntil: null });
    expect(await availableOf(cider.id)).toBe("0.00");
  });

  it("after the hold ran out, the reconciler gives the stock back; a late payment still places the order and says what is missing", async () => {
    const farmer = await farm();
    const lamb = await createProduct(db, {
      merchantId: farmer.id,
      name: "Lamb Shoulder",
      unitPriceCents: 2400,
      payByCard: true,
      availableQty: "3",
    });
    const customer = await buyer([{ product: lamb, qty: 2 }]);
    const checkout = awaiting(await byCard(customer));
    expect(await availableOf(lamb.id)).toBe("1.00");

    const later = new Date(Date.now() + (CARD_STOCK_HOLD_MINUTES + 1) * 60_000);
    const report = await reconcile(db, stripe, { now: later, since: new Date() });
    // Other tests' holds in this database ran out too.
    expect(report.counts["stock holds released"]).toBeGreaterThanOrEqual(1);
    expect(await availableOf(lamb.id)).toBe("3.00");
    const [released] = await db.select().from(orders).where(eq(orders.id, checkout.orderId));
    expect(released).toMatchObject({ paymentStatus: "pending", stockHeldUntil: null });

    // Someone else buys 2 of the 3 meanwhile.
    const other = await buyer([{ product: lamb, qty: 2 }]);
    await inPerson(other);
    expect(await availableOf(lamb.id)).toBe("1.00");

    // The first customer's card was confirmed all the same (a tab left open past the hold).
    const paid = await payAsBrowser(fake, checkout.clientSecret, CARDS.visa);
    const answer = await completeCardReturn(db, stripe, {
      customerId: customer.id,
      paymentIntentId: String(paid.body.id),
    });

    expect(answer).toMatchObject({ state: "paid", created: true });
    expect(await availableOf(lamb.id)).toBe("0.00");
    expect((await linesOf(checkout.orderId)).map((l) => l.stockTaken)).toEqual(["1.00"]);
    const issues = await db
      .select()
      .from(moneyIssues)
      .where(and(eq(moneyIssues.orderId, checkout.orderId), eq(moneyIssues.kind, "oversold")));
    expect(issues).toHaveLength(1);
    expect(issues[0]!.detail).toContain("Lamb Shoulder");
    expect(issues[0]!.detail).toContain("1 each of the 2 each paid for are missing");
  });

  it("refuses a card checkout for more than is left, naming the product, and holds nothing", async () => {
    const farmer = await farm();
    const butter = await createProduct(db, {
      merchantId: farmer.id,
      name: "Cultured Butter",
      unitPriceCents: 700,
      payByCard: true,
      availableQty: "1",
    });
    const customer = await buyer([{ product: butter, qty: 2 }]);

    const error = await failure(byCard(customer));

    expect(error.message).toBe(
      "Only 1 of Cultured Butter is left, and your order asks for 2. Please review your order again.",
    );
    expect(await availableOf(butter.id)).toBe("1.00");
    expect(await db.select().from(orders).where(eq(orders.customerId, customer.id))).toEqual([]);
  });
});
