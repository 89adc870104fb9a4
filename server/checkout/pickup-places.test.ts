import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.NEXTAUTH_SECRET = "pickup-places-secret-pickup-places-0001";
  process.env.APP_URL = "http://localhost:3000";
});

import type { Db } from "@/server/db/client";
import { emailOutbox, orderItems, orderPickups, orders, pickupSlots } from "@/server/db/schema";
import { pickupTimeInFarmZone } from "@/lib/pickup/format";
import {
  createCartItem,
  createCustomer,
  createProduct,
  type Member,
} from "@/server/db/seed/factories";
import { AppError } from "@/server/errors";
import { reconcile } from "@/server/money/reconcile";
import { cancelOrder } from "@/server/orders/cancel-order";
import { updateOrderStatus } from "@/server/orders/update-order-status";
import { awaiting, CARDS, failure, payAsBrowser } from "@/tests/card-checkout";
import { farmWithWindow, pickupDelivery, type PickupChoiceInput } from "@/tests/pickup-windows";
import type { StripeFake } from "@/tests/stripe-fake";
import { setupStripeTestDb } from "@/tests/stripe-test-db";
import { completeCardReturn } from "./complete-card-return";
import { placeOrder } from "./place-order";
import { startCardCheckout } from "./start-card-checkout";
import { CARD_STOCK_HOLD_MINUTES } from "./write-card-order";

// A pickup window's places (issue 41, decision 0050) taken by both checkouts in the order's own
// statement, held by a card order awaiting payment like its stock (decision 0042), and given back
// once by an expired or abandoned hold, a cancel and a farmer's cancelled or refunded.
// `node scripts/test-pg.mjs server/checkout/pickup-places.test.ts` runs it on PostgreSQL.

const stripeTestDb = setupStripeTestDb();
let db: Db;
let fake: StripeFake;
let stripe: Stripe;
beforeAll(() => {
  ({ db, fake, stripe } = stripeTestDb);
});

const cardFarm = (capacity: number | null) => farmWithWindow(db, { capacity, payByCard: true });

async function buyer(productId: number, qty = 1): Promise<Member> {
  const customer = await createCustomer(db);
  await createCartItem(db, { memberId: customer.id, productId, qty });
  return customer;
}

const inPerson = (customer: Member, choices?: PickupChoiceInput[]) =>
  placeOrder(db, {
    customerId: customer.id,
    checkoutKey: randomUUID(),
    delivery: pickupDelivery(customer, choices),
  });

const byCard = (customer: Member, choices?: PickupChoiceInput[]) =>
  startCardCheckout(db, stripe, {
    customerId: customer.id,
    delivery: pickupDelivery(customer, choices),
  });

const refusal = async (promise: Promise<unknown>) => (await failure(promise)).message;

async function takenOf(windowId: number, day: string): Promise<number> {
  const [slot] = await db
    .select({ taken: pickupSlots.taken })
    .from(pickupSlots)
    .where(and(eq(pickupSlots.windowId, windowId), eq(pickupSlots.day, day)));
  return slot?.taken ?? 0;
}

const pickupOf = async (orderId: number) =>
  (await db.select().from(orderPickups).where(eq(orderPickups.orderId, orderId)))[0];

describe("the card checkout and a pickup window", () => {
  it("takes the window's place with the order and keeps it through a reload and the payment", async () => {
    const { windowId, open, product } = await cardFarm(1);
    const day = open[0]!.day;
    const customer = await buyer(product.id);

    const first = awaiting(await byCard(customer, [{ windowId, day }]));
    expect(await takenOf(windowId, day)).toBe(1);
    expect(await pickupOf(first.orderId)).toMatchObject({ windowId, day, tookSlot: 1 });

    // The payment page loads again: the same order, and its own place counts as theirs.
    const again = awaiting(await byCard(customer, [{ windowId, day }]));
    expect(again.orderId).toBe(first.orderId);
    expect(await takenOf(windowId, day)).toBe(1);

    const paid = await payAsBrowser(fake, again.clientSecret, CARDS.visa);
    await completeCardReturn(db, stripe, {
      customerId: customer.id,
      paymentIntentId: String(paid.body.id),
    });
    expect(await takenOf(windowId, day)).toBe(1);
    expect(await pickupOf(first.orderId)).toMatchObject({ tookSlot: 1 });
  });

  it("is refused like pay in person: a full window, another farm's window, no choice", async () => {
    const { farmer, windowId, open, product } = await cardFarm(1);
    const other = await cardFarm(null);
    const day = open[0]!.day;
    await inPerson(await buyer(product.id), [{ windowId, day }]);

    const customer = await buyer(product.id);
    expect(await refusal(byCard(customer, [{ windowId, day }]))).toMatch(
      new RegExp(
        `^The pickup time you chose at ${farmer.username} \\(.*\\) is full\\. The next open pickup time is .*\\. Please choose a pickup time again\\.$`,
      ),
    );
    expect(
      await refusal(byCard(customer, [{ windowId: other.windowId, day: other.open[0]!.day }])),
    ).toBe(
      "The pickup time you chose is not offered by a farm in your order. Please choose a pickup time again.",
    );
    expect(await refusal(byCard(customer, []))).toBe(
      `Please choose a pickup time for ${farmer.username}.`,
    );
    expect(await takenOf(windowId, day)).toBe(1);
    // Nothing awaits payment for this customer.
    expect(await db.select().from(orders).where(eq(orders.customerId, customer.id))).toEqual([]);
  });

  it("gives the place back at once when another window is chosen (the order is replaced)", async () => {
    const { windowId, open, product } = await cardFarm(3);
    const [first, second] = [open[0]!.day, open[1]!.day];
    const customer = await buyer(product.id);
    const a = awaiting(await byCard(customer, [{ windowId, day: first }]));
    const b = awaiting(await byCard(customer, [{ windowId, day: second }]));
    expect(b.orderId).not.toBe(a.orderId);
    expect(await takenOf(windowId, first)).toBe(0);
    expect(await takenOf(windowId, second)).toBe(1);
    expect(await pickupOf(a.orderId)).toMatchObject({ tookSlot: 0 });
    const [old] = await db.select().from(orders).where(eq(orders.id, a.orderId));
    expect(old).toMatchObject({ paymentStatus: "abandoned", stockHeldUntil: null });
  });

  it("after the hold ran out the reconciler gives the place back once; a late payment takes it again", async () => {
    const { windowId, open, product } = await cardFarm(2);
    const day = open[0]!.day;
    const customer = await buyer(product.id);
    const checkout = awaiting(await byCard(customer, [{ windowId, day }]));
    expect(await takenOf(windowId, day)).toBe(1);

    const later = new Date(Date.now() + (CARD_STOCK_HOLD_MINUTES + 1) * 60_000);
    await reconcile(db, stripe, { now: later, since: new Date() });
    expect(await takenOf(windowId, day)).toBe(0);
    expect(await pickupOf(checkout.orderId)).toMatchObject({ tookSlot: 0 });
    // A second sweep gives nothing back twice, and the count never goes below 0.
    await reconcile(db, stripe, { now: later, since: new Date() });
    expect(await takenOf(windowId, day)).toBe(0);

    const paid = await payAsBrowser(fake, checkout.clientSecret, CARDS.visa);
    const answer = await completeCardReturn(db, stripe, {
      customerId: customer.id,
      paymentIntentId: String(paid.body.id),
    });
    expect(answer).toMatchObject({ state: "paid", created: true });
    expect(await takenOf(windowId, day)).toBe(1);
    expect(await pickupOf(checkout.orderId)).toMatchObject({ tookSlot: 1 });
  });
});

describe("a cancel gives the window's place back, once", () => {
  it("the customer's cancel", async () => {
    const { windowId, open, product } = await cardFarm(2);
    const day = open[0]!.day;
    const customer = await buyer(product.id);
    const { orderId, orderNo } = await inPerson(customer, [{ windowId, day }]);
    expect(await takenOf(windowId, day)).toBe(1);

    await cancelOrder(db, { customerId: customer.id, orderNo });
    expect(await takenOf(windowId, day)).toBe(0);
    expect(await pickupOf(orderId)).toMatchObject({ tookSlot: 0 });
    await refusal(cancelOrder(db, { customerId: customer.id, orderNo }));
    expect(await takenOf(windowId, day)).toBe(0);
  });

  it("a farmer's cancelled and refunded: once the farm has no line left to hand over", async () => {
    const { farmer, windowId, open, product } = await cardFarm(2);
    const day = open[0]!.day;
    const second = await createProduct(db, { merchantId: farmer.id });
    const customer = await buyer(product.id);
    await createCartItem(db, { memberId: customer.id, productId: second.id, qty: 2 });
    const { orderId } = await inPerson(customer, [{ windowId, day }]);
    const [lineA, lineB] = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(orderItems.id);

    await updateOrderStatus(db, {
      merchantId: farmer.id,
      orderItemId: lineA!.id,
      status: "cancelled",
    });
    // The customer still comes for the other line.
    expect(await takenOf(windowId, day)).toBe(1);
    await updateOrderStatus(db, {
      merchantId: farmer.id,
      orderItemId: lineB!.id,
      status: "refunded",
    });
    expect(await takenOf(windowId, day)).toBe(0);
    await refusal(
      updateOrderStatus(db, { merchantId: farmer.id, orderItemId: lineB!.id, status: "cancelled" }),
    );
    expect(await takenOf(windowId, day)).toBe(0);
  });

  it("not when the farm handed the order over", async () => {
    const { farmer, windowId, open, product } = await cardFarm(2);
    const day = open[0]!.day;
    const customer = await buyer(product.id);
    const { orderId } = await inPerson(customer, [{ windowId, day }]);
    const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    await updateOrderStatus(db, {
      merchantId: farmer.id,
      orderItemId: line!.id,
      status: "customer_received",
    });
    await updateOrderStatus(db, {
      merchantId: farmer.id,
      orderItemId: line!.id,
      status: "refunded",
    });
    expect(await takenOf(windowId, day)).toBe(1);
  });
});

describe("the last places of a window, pay in person and card mixed", () => {
  // 50 buyers for 5 places, half paying in person, half opening a card payment, all at once:
  // exactly 5 take a place (orders placed, or card orders holding it), the rest are told the
  // window is full with the next one, and the count never passes the capacity. 150 statements on
  // one embedded connection: given a minute (3 s alone, over 20 s on a loaded machine).
  it("ends with exactly 5 places taken", async () => {
    const { windowId, open, product } = await cardFarm(5);
    const day = open[0]!.day;
    const buyers = await Promise.all(Array.from({ length: 50 }, () => buyer(product.id)));
    const results = await Promise.allSettled(
      buyers.map((customer, i) =>
        i % 2 === 0
          ? inPerson(customer, [{ windowId, day }])
          : byCard(customer, [{ windowId, day }]).then(awaiting),
      ),
    );
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    for (const r of refused)
      expect((r.reason as AppError).message).toMatch(/is full\. The next open pickup time is/);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    expect(await takenOf(windowId, day)).toBe(5);
    const taking = await db
      .select()
      .from(orderPickups)
      .where(and(eq(orderPickups.windowId, windowId), eq(orderPickups.tookSlot, 1)));
    expect(taking).toHaveLength(5);
  }, 60_000);
});

describe("the mails name the window's place and time", () => {
  const mailsTo = (to: string) => db.select().from(emailOutbox).where(eq(emailOutbox.to, to));

  it("the customer's confirmation, the farm's new order and ready for pickup, in the farm's zone", async () => {
    const { farmer, windowId, open, product } = await cardFarm(null);
    const chosen = open[0]!;
    // The zone is always named in a mail: its reader's zone is not known.
    const time = pickupTimeInFarmZone(chosen);
    expect(time).toMatch(/, 10:00 a\.m\. – 2:00 p\.m\. \S+$/);
    const where = `${time} at At the farm, ${chosen.placeAddress}`;
    const customer = await buyer(product.id);
    const { orderId, orderNo } = await inPerson(customer, [{ windowId, day: chosen.day }]);

    const [toCustomer] = await mailsTo(customer.email);
    expect(toCustomer!.text).toContain(`Pick up from ${farmer.username}: ${where}.`);
    expect(toCustomer!.text).not.toContain("You pick up your items at the farm.");
    const [toFarm] = await mailsTo(farmer.email);
    expect(toFarm!.text).toContain(`Pickup: ${where}`);

    const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    await updateOrderStatus(db, {
      merchantId: farmer.id,
      orderItemId: line!.id,
      status: "ready_for_pickup",
    });
    const ready = (await mailsTo(customer.email)).find((m) => m.subject.includes("is now"));
    expect(ready!.subject).toBe(`Your order ${orderNo} is now Ready For Pickup`);
    expect(ready!.text).toContain(`Pick them up ${where}.`);
  });

  it("an order without a window reads as before", async () => {
    const { farmer, product } = await cardFarm(null);
    const customer = await buyer(product.id);
    await inPerson(customer);
    const [toCustomer] = await mailsTo(customer.email);
    expect(toCustomer!.text).toContain("You pick up your items at the farm.");
    const [toFarm] = await mailsTo(farmer.email);
    expect(toFarm!.text).not.toContain("Pickup:");
  });
});
