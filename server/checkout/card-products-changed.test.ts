import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.NEXTAUTH_SECRET = "card-products-test-secret-card-products-01";
  process.env.APP_URL = "http://localhost:3000";
});

import { CART_CHANGED_MESSAGE } from "./review-order-lines";
import type { Db } from "@/server/db/client";
import { cartItems, members, orderItems, orders, products } from "@/server/db/schema";
import {
  awaiting,
  CARDS,
  cardShop,
  failure,
  intentIdOf,
  payAsBrowser,
} from "@/tests/card-checkout";
import type { StripeFake } from "@/tests/stripe-fake";
import { setupStripeTestDb } from "@/tests/stripe-test-db";
import { completeCardReturn } from "./complete-card-return";
import { handleStripeEvent, verifyStripeEvent } from "@/server/money/handle-stripe-event";
import { startCardCheckout } from "./start-card-checkout";

const stripeTestDb = setupStripeTestDb();
let db: Db;
let fake: StripeFake;
let stripe: Stripe;

beforeAll(() => {
  ({ db, fake, stripe } = stripeTestDb);
});

type Shop = Awaited<ReturnType<typeof cardShop>>;
type Change = (db: Db, shop: Shop) => Promise<unknown>;

/** The payment page's call: the lines it shows, with the prices it shows. */
function pageInput(shop: Shop) {
  return {
    customerId: shop.customer.id,
    delivery: shop.delivery,
    items: shop.products.map((product, i) => ({
      pKey: product.pKey,
      qty: i === 0 ? 2 : 1,
      unitPriceCents: product.unitPriceCents,
    })),
  };
}

const ordersOf = (customerId: number) =>
  db.select().from(orders).where(eq(orders.customerId, customerId));
const cartOf = (memberId: number) =>
  db.select().from(cartItems).where(eq(cartItems.memberId, memberId)).orderBy(cartItems.id);
const linesOf = (orderId: number) =>
  db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id);
const intentsOf = (customerId: number) =>
  fake
    .list("payment_intent")
    .filter((pi) => (pi.metadata as Record<string, string>)?.member_id === String(customerId));

/**
 * `db`, but `meanwhile` runs just before the first write of its first transaction (the card
 * checkout's order write), after the cart and its products were read and checked. It runs on
 * that transaction's connection (PGlite has only one): the transaction's next statement sees the
 * change as it would see a farmer's edit committed meanwhile (READ COMMITTED).
 */
function beforeFirstWrite(meanwhile: (tx: Db) => Promise<unknown>): Db {
  let waiting = true;
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== "transaction" || !waiting) return Reflect.get(target, property, receiver);
      return (work: (tx: Db) => Promise<unknown>, ...rest: unknown[]) =>
        (target.transaction as (...args: unknown[]) => Promise<unknown>)(
          (tx: Db) => work(firstWriteWaits(tx, meanwhile)),
          ...rest,
        );
    },
  });

  function firstWriteWaits(tx: Db, meanwhile: (tx: Db) => Promise<unknown>): Db {
    return new Proxy(tx, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (typeof value !== "function") return value;
        if (!waiting || !WRITES.has(String(property))) return value.bind(target);
        waiting = false;
        return (...args: unknown[]) => whenRun(value.apply(target, args), () => meanwhile(target));
      },
    });
  }
}

const WRITES = new Set(["insert", "update", "delete", "execute"]);

/** A query builder (lazy: it runs when awaited) whose run first waits for `before`. */
function whenRun<T>(builder: T, before: () => Promise<unknown>): T {
  if (!builder || typeof builder !== "object") return builder;
  return new Proxy(builder, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== "function") return value;
      if (key === "then")
        return (resolve: (v: unknown) => unknown, reject: (e: unknown) => unknown) =>
          before().then(
            () => (target as unknown as PromiseLike<unknown>).then(resolve, reject),
            reject,
          );
      // .values(), .set(), .where(), .returning() each give the next builder of the chain.
      return (...args: unknown[]) => whenRun(value.apply(target, args), before);
    },
  }) as T;
}

// Each row: what the farmer changed, and the words the check gives for it.
const PRODUCT_CHANGES: [string, Change, (shop: Shop) => string][] = [
  [
    "went out of stock",
    (d, shop) =>
      d.update(products).set({ inStock: false }).where(eq(products.id, shop.products[0]!.id)),
    (shop) => `${shop.products[0]!.name} is now out of stock. Please review your order again.`,
  ],
  [
    "was deleted by its farmer",
    (d, shop) =>
      d.update(products).set({ status: "deleted" }).where(eq(products.id, shop.products[0]!.id)),
    (shop) => `${shop.products[0]!.name} is no longer available. Please review your order again.`,
  ],
  [
    "was removed for good",
    (d, shop) =>
      d.update(products).set({ status: "removed" }).where(eq(products.id, shop.products[0]!.id)),
    () => CART_CHANGED_MESSAGE,
  ],
  [
    "stopped offering pay by card",
    (d, shop) =>
      d
        .update(products)
        .set({ payByCard: false, payInPerson: true })
        .where(eq(products.id, shop.products[0]!.id)),
    (shop) =>
      `${shop.products[0]!.name} can no longer be paid by card. Please review your order again.`,
  ],
  [
    "changed its price",
    (d, shop) =>
      d.update(products).set({ unitPriceCents: 975 }).where(eq(products.id, shop.products[0]!.id)),
    (shop) =>
      `The price of ${shop.products[0]!.name} is now $9.75. Please review your order again.`,
  ],
  [
    "lost its farm's payout account",
    (d, shop) =>
      d.update(members).set({ payoutAcctSet: false }).where(eq(members.id, shop.farmer.id)),
    (shop) =>
      shop.products
        .map(
          (product) =>
            `${product.name} cannot be paid by card yet: its farm has not finished setting up payouts. Please review your order again.`,
        )
        .join(" "),
  ],
];

describe("a product that changes between the check and the order write (before any intent)", () => {
  it.each(PRODUCT_CHANGES)(
    "refuses a product that %s as the check does, and writes nothing nor makes an intent",
    async (_, change, message) => {
      const shop = await cardShop(db);
      const cartBefore = await cartOf(shop.customer.id);

      const refused = await failure(
        startCardCheckout(
          beforeFirstWrite((tx) => change(tx, shop)),
          stripe,
          pageInput(shop),
        ),
      );

      expect(refused).toMatchObject({ code: "conflict", message: message(shop) });
      expect(await ordersOf(shop.customer.id)).toEqual([]);
      expect(intentsOf(shop.customer.id)).toEqual([]);
      expect(await cartOf(shop.customer.id)).toEqual(cartBefore);
    },
  );

  it("opens the order when the edit changes nothing the check reads", async () => {
    const shop = await cardShop(db);
    const checkout = awaiting(
      await startCardCheckout(
        beforeFirstWrite((tx) =>
          tx
            .update(products)
            .set({ detail: "Picked today." })
            .where(eq(products.id, shop.products[0]!.id)),
        ),
        stripe,
        pageInput(shop),
      ),
    );
    expect(checkout.amountCents).toBe(shop.totalCents);
  });

  it("without reviewed lines, opens the order at the price of now", async () => {
    const shop = await cardShop(db);
    const checkout = awaiting(
      await startCardCheckout(
        beforeFirstWrite((tx) =>
          tx
            .update(products)
            .set({ unitPriceCents: 500 })
            .where(eq(products.id, shop.products[0]!.id)),
        ),
        stripe,
        { customerId: shop.customer.id, delivery: shop.delivery },
      ),
    );
    expect(checkout.amountCents).toBe(2 * 500 + 1299);
    const [order] = await ordersOf(shop.customer.id);
    expect(order!.totalCents).toBe(2 * 500 + 1299);
    expect(order!.pendingLines?.map((line) => line.unitPriceCents).sort((a, b) => a - b)).toEqual([
      500, 1299,
    ]);
    const intent = await stripe.paymentIntents.retrieve(intentIdOf(checkout.clientSecret));
    expect(intent.amount).toBe(2 * 500 + 1299);
  });
});

describe("a product that changes while its intent awaits payment", () => {
  it.each(PRODUCT_CHANGES)(
    "when a product %s, the next call refuses it and the waiting intent can no longer be paid",
    async (_, change, message) => {
      const shop = await cardShop(db);
      const opened = awaiting(await startCardCheckout(db, stripe, pageInput(shop)));
      await change(db, shop);

      // The reload, or the payment form's check just before it confirms the card.
      const refused = await failure(startCardCheckout(db, stripe, pageInput(shop)));

      expect(refused).toMatchObject({ code: "conflict", message: message(shop) });
      const [order] = await ordersOf(shop.customer.id);
      expect(order).toMatchObject({ id: opened.orderId, paymentStatus: "abandoned" });
      expect(fake.get("payment_intent", intentIdOf(opened.clientSecret))?.status).toBe("canceled");
      // A tab still showing the old payment form cannot pay it.
      await payAsBrowser(fake, opened.clientSecret, CARDS.visa);
      expect(fake.get("payment_intent", intentIdOf(opened.clientSecret))?.status).toBe("canceled");
      expect(await linesOf(opened.orderId)).toEqual([]);
      expect(await cartOf(shop.customer.id)).toHaveLength(2);
    },
  );

  it("keeps the waiting order when a stale page is refused but the order's products are unchanged", async () => {
    const shop = await cardShop(db);
    const opened = awaiting(await startCardCheckout(db, stripe, pageInput(shop)));
    const [first, second] = pageInput(shop).items;
    const stale = { ...pageInput(shop), items: [{ ...first!, qty: 3 }, second!] };

    const refused = await failure(startCardCheckout(db, stripe, stale));

    expect(refused).toMatchObject({
      code: "conflict",
      message: `The quantity of ${shop.products[0]!.name} in your cart is now 2. Please review your order again.`,
    });
    const [order] = await ordersOf(shop.customer.id);
    expect(order).toMatchObject({ id: opened.orderId, paymentStatus: "pending" });
    const again = awaiting(await startCardCheckout(db, stripe, pageInput(shop)));
    expect(again.clientSecret).toBe(opened.clientSecret);
  });

  it("answers the same order and intent when the edit changes nothing the check reads", async () => {
    const shop = await cardShop(db);
    const opened = awaiting(await startCardCheckout(db, stripe, pageInput(shop)));
    await db
      .update(products)
      .set({ detail: "Picked today." })
      .where(eq(products.id, shop.products[0]!.id));
    const again = awaiting(await startCardCheckout(db, stripe, pageInput(shop)));
    expect(again).toMatchObject({ orderId: opened.orderId, clientSecret: opened.clientSecret });
  });
});

describe("a product that changes after the payment succeeded", () => {
  const deliverSucceeded = async (intentId: string) => {
    const event = fake.events.find(
      (e) =>
        e.type === "payment_intent.succeeded" &&
        (e.data as { object: { id: string } }).object.id === intentId,
    )!;
    const { payload, header } = fake.signEvent(event);
    const verified = verifyStripeEvent(stripe, {
      payload,
      signature: header,
      secret: fake.webhookSecret,
    });
    return handleStripeEvent(db, stripe, verified);
  };

  // The customer paid the order's total for the lines it showed: the order is placed as paid.
  const placements: [string, (shop: Shop, intentId: string) => Promise<unknown>][] = [
    [
      "the return",
      (shop, intentId) =>
        completeCardReturn(db, stripe, { customerId: shop.customer.id, paymentIntentId: intentId }),
    ],
    ["the payment_intent.succeeded event", (_, intentId) => deliverSucceeded(intentId)],
    ["a reload of the payment page", (shop) => startCardCheckout(db, stripe, pageInput(shop))],
  ];

  it.each(
    PRODUCT_CHANGES.flatMap(([what, change]) =>
      placements.map(([by, place]) => [what, by, change, place] as const),
    ),
  )(
    "when a product %s after the payment, %s places the order as paid at the price paid",
    async (_, __, change, place) => {
      const shop = await cardShop(db);
      const opened = awaiting(await startCardCheckout(db, stripe, pageInput(shop)));
      const intentId = intentIdOf(opened.clientSecret);
      expect((await payAsBrowser(fake, opened.clientSecret, CARDS.visa)).status).toBe(200);
      await change(db, shop);

      await place(shop, intentId);

      const [order] = await ordersOf(shop.customer.id);
      expect(order).toMatchObject({
        id: opened.orderId,
        paymentStatus: "paid",
        totalCents: shop.totalCents,
      });
      expect(fake.get("payment_intent", intentId)).toMatchObject({
        status: "succeeded",
        amount: shop.totalCents,
      });
      const lines = await linesOf(opened.orderId);
      expect(lines.map((line) => [line.productId, line.qty, line.unitPriceCents])).toEqual([
        [shop.products[0]!.id, 2, 450],
        [shop.products[1]!.id, 1, 1299],
      ]);
      expect(await cartOf(shop.customer.id)).toEqual([]);
      expect(intentsOf(shop.customer.id)).toHaveLength(1);
    },
  );
});
