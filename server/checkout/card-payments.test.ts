import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.NEXTAUTH_SECRET = "card-payments-test-secret-card-payments-01";
  process.env.APP_URL = "http://localhost:3000";
});

import type { Db } from "@/server/db/client";
import { cartItems, emailOutbox, orderItems, orders, stripeEvents } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { cancelOrder } from "@/server/orders/cancel-order";
import { updateOrderStatus } from "@/server/orders/update-order-status";
import { CARDS, cardShop, intentIdOf, payAsBrowser } from "@/tests/card-checkout";
import { createCustomer } from "@/server/db/seed/factories";
import type { StripeFake, StripeObject } from "@/tests/stripe-fake";
import { setupStripeTestDb } from "@/tests/stripe-test-db";
import { completeCardReturn } from "./complete-card-return";
import { handleStripeEvent, verifyStripeEvent } from "@/server/money/handle-stripe-event";
import { idempotencyKeys, installationKey } from "@/server/stripe/idempotency-keys";
import { deleteSavedCard, listSavedCards } from "@/server/payments/saved-cards";
import { setSaveCard } from "@/server/payments/set-save-card";
import { startCardCheckout, type CardCheckout } from "./start-card-checkout";

const stripeTestDb = setupStripeTestDb();
let db: Db;
let fake: StripeFake;
let stripe: Stripe;

beforeAll(() => {
  ({ db, fake, stripe } = stripeTestDb);
});

type Awaiting = Extract<CardCheckout, { state: "awaiting_payment" }>;
function awaiting(checkout: CardCheckout): Awaiting {
  if (checkout.state !== "awaiting_payment") throw new Error(`checkout is ${checkout.state}`);
  return checkout;
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

const orderRow = (id: number) => db.query.orders.findFirst({ where: eq(orders.id, id) });
const linesOf = (orderId: number) =>
  db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id);
const cartOf = (memberId: number) =>
  db.select().from(cartItems).where(eq(cartItems.memberId, memberId));
const intentsFor = (orderId: number) =>
  fake
    .list("payment_intent")
    .filter((pi) => (pi.metadata as Record<string, string>)?.order_id === String(orderId));

/** A checkout opened and paid with 4242 in the browser, then the customer's return. */
async function paidOrder(shop: Awaited<ReturnType<typeof cardShop>>) {
  const checkout = awaiting(
    await startCardCheckout(db, stripe, { customerId: shop.customer.id, delivery: shop.delivery }),
  );
  expect((await payAsBrowser(fake, checkout.clientSecret, CARDS.visa)).status).toBe(200);
  const back = await completeCardReturn(db, stripe, {
    customerId: shop.customer.id,
    paymentIntentId: intentIdOf(checkout.clientSecret),
  });
  expect(back).toMatchObject({ state: "paid", created: true });
  return checkout;
}

describe("opening a card checkout", () => {
  it("makes one order awaiting payment and one PaymentIntent decided on the server", async () => {
    const shop = await cardShop(db);
    const checkout = awaiting(
      await startCardCheckout(db, stripe, {
        customerId: shop.customer.id,
        delivery: shop.delivery,
      }),
    );
    expect(checkout).toMatchObject({
      amountCents: shop.totalCents,
      currency: "CAD",
      paymentError: null,
    });

    const order = await orderRow(checkout.orderId);
    expect(order).toMatchObject({
      paymentType: "card",
      paymentStatus: "pending",
      totalCents: shop.totalCents,
      paymentIntentId: intentIdOf(checkout.clientSecret),
    });
    expect(order?.pendingLines).toHaveLength(2);
    // Nothing is placed yet: no lines for the farmer, the cart untouched.
    expect(await linesOf(checkout.orderId)).toEqual([]);
    expect(await cartOf(shop.customer.id)).toHaveLength(2);

    const intent = await stripe.paymentIntents.retrieve(intentIdOf(checkout.clientSecret));
    expect(intent).toMatchObject({
      amount: shop.totalCents,
      currency: "cad",
      transfer_group: order!.orderNo,
      metadata: { order_id: String(order!.id), order_no: order!.orderNo },
    });
    const create = fake.requests.find(
      (r) => r.method === "POST" && r.path === "/v1/payment_intents",
    );
    // The key names this database's installation (decision 0037), then the order.
    expect(create?.idempotencyKey).toBe(`${await installationKey(db)}:pi:${order!.id}`);
  });

  it("comes back to the same order and intent on a reload, and on twenty concurrent calls", async () => {
    const shop = await cardShop(db);
    const input = { customerId: shop.customer.id, delivery: shop.delivery };
    const first = awaiting(await startCardCheckout(db, stripe, input));
    const again = await Promise.all(
      Array.from({ length: 20 }, () => startCardCheckout(db, stripe, input)),
    );
    for (const checkout of again) {
      expect(awaiting(checkout)).toMatchObject({
        orderId: first.orderId,
        clientSecret: first.clientSecret,
      });
    }
    const mine = await db.select().from(orders).where(eq(orders.customerId, shop.customer.id));
    expect(mine).toHaveLength(1);
    expect(intentsFor(first.orderId)).toHaveLength(1);
  });

  it("abandons the open order when the cart changed and cancels its intent", async () => {
    const shop = await cardShop(db);
    const input = { customerId: shop.customer.id, delivery: shop.delivery };
    const first = awaiting(await startCardCheckout(db, stripe, input));
    await db.update(cartItems).set({ qty: 5 }).where(eq(cartItems.productId, shop.products[0]!.id));
    const second = awaiting(await startCardCheckout(db, stripe, input));
    expect(second.orderId).not.toBe(first.orderId);
    expect(second.amountCents).toBe(450 * 5 + 1299);
    expect((await orderRow(first.orderId))?.paymentStatus).toBe("abandoned");
    expect(fake.get("payment_intent", intentIdOf(first.clientSecret))?.status).toBe("canceled");
  });

  it("refuses reviewed lines that no longer match the cart, and amounts below Stripe's minimum", async () => {
    const shop = await cardShop(db);
    const refused = await failure(
      startCardCheckout(db, stripe, {
        customerId: shop.customer.id,
        delivery: shop.delivery,
        items: [{ pKey: shop.products[0]!.pKey, qty: 9 }],
      }),
    );
    expect(refused.code).toBe("conflict");
    const tiny = await cardShop(db);
    await db.update(cartItems).set({ qty: 1 }).where(eq(cartItems.memberId, tiny.customer.id));
    await db.delete(cartItems).where(eq(cartItems.productId, tiny.products[1]!.id));
    const { products } = await import("@/server/db/schema");
    await db
      .update(products)
      .set({ unitPriceCents: 30 })
      .where(eq(products.id, tiny.products[0]!.id));
    const small = await failure(
      startCardCheckout(db, stripe, { customerId: tiny.customer.id, delivery: tiny.delivery }),
    );
    expect(small.message).toBe(
      "A card payment must be at least $0.50. Please add more items or pay in person.",
    );
  });
});

describe("paying", () => {
  it("places the order once on the return: lines with their fees, the cart cleared, the mails sent once", async () => {
    const shop = await cardShop(db);
    const checkout = await paidOrder(shop);
    const order = await orderRow(checkout.orderId);
    expect(order).toMatchObject({ paymentStatus: "paid", pendingLines: null });
    expect(order?.chargeId).toMatch(/^ch_/);
    const lines = await linesOf(checkout.orderId);
    expect(
      lines.map((l) => [
        l.qty,
        l.unitPriceCents,
        l.cardFeeCents,
        l.handlingFeeCents,
        l.payoutCents,
      ]),
    ).toEqual([
      [2, 450, 56, 100, 744],
      [1, 1299, 68, 100, 1131],
    ]);
    expect(await cartOf(shop.customer.id)).toEqual([]);

    const again = await completeCardReturn(db, stripe, {
      customerId: shop.customer.id,
      paymentIntentId: intentIdOf(checkout.clientSecret),
    });
    expect(again).toMatchObject({ state: "paid", created: false, orderNo: order!.orderNo });
    expect(await linesOf(checkout.orderId)).toHaveLength(2);
  });

  it("keeps the order and the cart after a decline, then succeeds with the same intent", async () => {
    const shop = await cardShop(db);
    const input = { customerId: shop.customer.id, delivery: shop.delivery };
    const checkout = awaiting(await startCardCheckout(db, stripe, input));
    const declined = await payAsBrowser(fake, checkout.clientSecret, CARDS.declined);
    expect(declined.status).toBe(402);
    const back = await completeCardReturn(db, stripe, {
      customerId: shop.customer.id,
      paymentIntentId: intentIdOf(checkout.clientSecret),
    });
    expect(back).toEqual({ state: "failed", message: "Your card was declined." });
    expect((await orderRow(checkout.orderId))?.paymentStatus).toBe("failed");
    expect(await cartOf(shop.customer.id)).toHaveLength(2);

    const retry = awaiting(await startCardCheckout(db, stripe, input));
    expect(retry).toMatchObject({
      orderId: checkout.orderId,
      clientSecret: checkout.clientSecret,
      paymentError: "Your card was declined.",
    });
    await payAsBrowser(fake, retry.clientSecret, CARDS.visa);
    expect(
      await completeCardReturn(db, stripe, {
        customerId: shop.customer.id,
        paymentIntentId: intentIdOf(retry.clientSecret),
      }),
    ).toMatchObject({ state: "paid", created: true });
  });

  it("follows 3-D Secure: a failed authentication is a message, a completed one pays", async () => {
    const shop = await cardShop(db);
    const checkout = awaiting(
      await startCardCheckout(db, stripe, {
        customerId: shop.customer.id,
        delivery: shop.delivery,
      }),
    );
    const intentId = intentIdOf(checkout.clientSecret);
    expect((await payAsBrowser(fake, checkout.clientSecret, CARDS.threeDSecure)).body.status).toBe(
      "requires_action",
    );
    fake.authenticate(intentId, "fail");
    const failed = await completeCardReturn(db, stripe, {
      customerId: shop.customer.id,
      paymentIntentId: intentId,
    });
    expect(failed.state).toBe("failed");
    expect(failed).toMatchObject({ message: expect.stringContaining("unable to authenticate") });

    await payAsBrowser(fake, checkout.clientSecret, CARDS.threeDSecure);
    fake.authenticate(intentId, "succeed");
    expect(
      await completeCardReturn(db, stripe, {
        customerId: shop.customer.id,
        paymentIntentId: intentId,
      }),
    ).toMatchObject({ state: "paid", created: true });
  });

  it("refuses a return with another member's intent, or an id that is no intent of ours", async () => {
    const shop = await cardShop(db);
    const checkout = awaiting(
      await startCardCheckout(db, stripe, {
        customerId: shop.customer.id,
        delivery: shop.delivery,
      }),
    );
    const stranger = await createCustomer(db);
    for (const paymentIntentId of [
      intentIdOf(checkout.clientSecret),
      "pi_doesnotexist",
      "x'; drop",
    ]) {
      const refused = await failure(
        completeCardReturn(db, stripe, { customerId: stranger.id, paymentIntentId }),
      );
      expect(refused.status).toBe(404);
    }
    expect((await orderRow(checkout.orderId))?.paymentStatus).toBe("pending");
  });
});

describe("saved cards", () => {
  it("saves a card when asked, lists it, pays with it directly, and deletes it for its owner only", async () => {
    const shop = await cardShop(db);
    const first = awaiting(
      await startCardCheckout(db, stripe, {
        customerId: shop.customer.id,
        delivery: shop.delivery,
      }),
    );
    await setSaveCard(db, stripe, {
      customerId: shop.customer.id,
      orderNo: first.orderNo,
      saveCard: true,
    });
    await payAsBrowser(fake, first.clientSecret, CARDS.mastercard);
    await completeCardReturn(db, stripe, {
      customerId: shop.customer.id,
      paymentIntentId: intentIdOf(first.clientSecret),
    });
    const cards = await listSavedCards(db, stripe, shop.customer.id);
    expect(cards).toEqual([expect.objectContaining({ brand: "mastercard", last4: "4444" })]);

    // Next order: the saved card confirms directly.
    const { createCartItem } = await import("@/server/db/seed/factories");
    await createCartItem(db, {
      memberId: shop.customer.id,
      productId: shop.products[0]!.id,
      qty: 1,
    });
    const second = awaiting(
      await startCardCheckout(db, stripe, {
        customerId: shop.customer.id,
        delivery: shop.delivery,
      }),
    );
    expect(second.orderId).not.toBe(first.orderId);
    expect((await payAsBrowser(fake, second.clientSecret, cards[0]!.id)).body.status).toBe(
      "succeeded",
    );
    expect(
      await completeCardReturn(db, stripe, {
        customerId: shop.customer.id,
        paymentIntentId: intentIdOf(second.clientSecret),
      }),
    ).toMatchObject({ state: "paid" });

    const stranger = await createCustomer(db);
    const refused = await failure(
      deleteSavedCard(db, stripe, { memberId: stranger.id, paymentMethodId: cards[0]!.id }),
    );
    expect(refused.status).toBe(404);
    await deleteSavedCard(db, stripe, {
      memberId: shop.customer.id,
      paymentMethodId: cards[0]!.id,
    });
    expect(await listSavedCards(db, stripe, shop.customer.id)).toEqual([]);
  });

  it("does not keep a card the customer chose not to save", async () => {
    const shop = await cardShop(db);
    const checkout = awaiting(
      await startCardCheckout(db, stripe, {
        customerId: shop.customer.id,
        delivery: shop.delivery,
      }),
    );
    await setSaveCard(db, stripe, {
      customerId: shop.customer.id,
      orderNo: checkout.orderNo,
      saveCard: true,
    });
    await setSaveCard(db, stripe, {
      customerId: shop.customer.id,
      orderNo: checkout.orderNo,
      saveCard: false,
    });
    await payAsBrowser(fake, checkout.clientSecret, CARDS.visa);
    expect(await listSavedCards(db, stripe, shop.customer.id)).toEqual([]);
  });
});

describe("when Stripe fails", () => {
  it.each(["500", "timeout"] as const)(
    "a %s while the intent is made leaves the order awaiting payment, and a retry makes one intent",
    async (kind) => {
      const shop = await cardShop(db);
      const input = { customerId: shop.customer.id, delivery: shop.delivery };
      const client = fake.client({ timeout: 300 });
      fake.injectFault({ method: "POST", path: "/v1/payment_intents", kind });
      const refused = await failure(startCardCheckout(db, client, input));
      expect([refused.status, refused.message]).toEqual([
        503,
        "We could not reach the card payment service. Please try again in a moment.",
      ]);
      const [order] = await db.select().from(orders).where(eq(orders.customerId, shop.customer.id));
      expect(order).toMatchObject({ paymentStatus: "pending", paymentIntentId: null });

      const retry = awaiting(await startCardCheckout(db, client, input));
      expect(retry.orderId).toBe(order!.id);
      expect(intentsFor(order!.id)).toHaveLength(1);
    },
  );

  it("an answer lost after Stripe made the intent gets the same intent back by its key", async () => {
    const shop = await cardShop(db);
    fake.injectFault({ method: "POST", path: "/v1/payment_intents", kind: "lost" });
    // The SDK sends the call again with our key; Stripe answers with the intent it made.
    const checkout = awaiting(
      await startCardCheckout(db, stripe, {
        customerId: shop.customer.id,
        delivery: shop.delivery,
      }),
    );
    expect(intentsFor(checkout.orderId)).toHaveLength(1);
    const key = (await idempotencyKeys(db)).paymentIntent(checkout.orderId);
    const creates = fake.requests.filter(
      (r) => r.path === "/v1/payment_intents" && r.idempotencyKey === key,
    );
    expect(creates.map((r) => [r.fault, r.replayed])).toEqual([
      ["lost", false],
      [null, true],
    ]);
  });
});

describe("the webhook", () => {
  const deliver = async (event: StripeObject) => {
    const { payload, header } = fake.signEvent(event);
    const verified = verifyStripeEvent(stripe, {
      payload,
      signature: header,
      secret: fake.webhookSecret,
    });
    return handleStripeEvent(db, stripe, verified);
  };
  const eventsOf = (type: string, intentId: string) =>
    fake.events.filter(
      (e) =>
        e.type === type &&
        ((e.data as { object: { id: string; payment_intent?: string } }).object.id === intentId ||
          (e.data as { object: { payment_intent?: string } }).object.payment_intent === intentId),
    );

  it("refuses a missing, wrong, stale or future signature and stores nothing", async () => {
    const event = fake.makeEvent("payment_intent.succeeded", {
      id: "pi_x",
      object: "payment_intent",
    });
    const { payload, header } = fake.signEvent(event);
    const now = Math.floor(Date.now() / 1000);
    const cases: [string | null, string][] = [
      [null, payload],
      [header.replace(/v1=[0-9a-f]+/, "v1=" + "0".repeat(64)), payload],
      [header, payload.replace("pi_x", "pi_y")],
      [fake.signEvent(event, { timestamp: now - 600 }).header, payload],
      [fake.signEvent(event, { timestamp: now + 3600 }).header, payload],
    ];
    for (const [signature, body] of cases) {
      const error = (() => {
        try {
          verifyStripeEvent(stripe, { payload: body, signature, secret: fake.webhookSecret });
          return null;
        } catch (e) {
          return e as AppError;
        }
      })();
      expect(error?.status).toBe(400);
    }
    expect(
      await db
        .select()
        .from(stripeEvents)
        .where(eq(stripeEvents.id, event.id as string)),
    ).toEqual([]);
  });

  it("places the order when the event comes before the return; ten deliveries change it once", async () => {
    const shop = await cardShop(db);
    const checkout = awaiting(
      await startCardCheckout(db, stripe, {
        customerId: shop.customer.id,
        delivery: shop.delivery,
      }),
    );
    const intentId = intentIdOf(checkout.clientSecret);
    await payAsBrowser(fake, checkout.clientSecret, CARDS.visa);
    const [succeeded] = eventsOf("payment_intent.succeeded", intentId);
    const results = [];
    for (let i = 0; i < 10; i += 1) results.push(await deliver(succeeded!));
    expect(results.filter((r) => !r.duplicate)).toEqual([
      { duplicate: false, placedOrderId: checkout.orderId },
    ]);
    expect(await linesOf(checkout.orderId)).toHaveLength(2);
    expect(
      await completeCardReturn(db, stripe, {
        customerId: shop.customer.id,
        paymentIntentId: intentId,
      }),
    ).toMatchObject({ state: "paid", created: false });
  });

  it("records a failed attempt, and a late failure after the success changes nothing", async () => {
    const shop = await cardShop(db);
    const checkout = awaiting(
      await startCardCheckout(db, stripe, {
        customerId: shop.customer.id,
        delivery: shop.delivery,
      }),
    );
    const intentId = intentIdOf(checkout.clientSecret);
    await payAsBrowser(fake, checkout.clientSecret, CARDS.declined);
    await payAsBrowser(fake, checkout.clientSecret, CARDS.visa);
    await deliver(eventsOf("payment_intent.succeeded", intentId)[0]!);
    await deliver(eventsOf("payment_intent.payment_failed", intentId)[0]!);
    expect((await orderRow(checkout.orderId))?.paymentStatus).toBe("paid");
  });

  it("ends right when charge.refunded comes before payment_intent.succeeded", async () => {
    const shop = await cardShop(db);
    const checkout = awaiting(
      await startCardCheckout(db, stripe, {
        customerId: shop.customer.id,
        delivery: shop.delivery,
      }),
    );
    const intentId = intentIdOf(checkout.clientSecret);
    await payAsBrowser(fake, checkout.clientSecret, CARDS.visa);
    // Refunded in full from Stripe's dashboard before our first event arrives.
    await stripe.refunds.create({ payment_intent: intentId });
    await deliver(eventsOf("charge.refunded", intentId)[0]!);
    await deliver(eventsOf("payment_intent.succeeded", intentId)[0]!);
    expect((await orderRow(checkout.orderId))?.paymentStatus).toBe("refunded");
    expect((await linesOf(checkout.orderId)).map((l) => l.status)).toEqual([
      "refunded",
      "refunded",
    ]);
  });

  it("marks a disputed order", async () => {
    const shop = await cardShop(db);
    const checkout = await paidOrder(shop);
    const order = await orderRow(checkout.orderId);
    fake.createDispute(order!.chargeId!);
    const [dispute] = fake.events.filter((e) => e.type === "charge.dispute.created").slice(-1);
    await deliver(dispute!);
    expect((await orderRow(checkout.orderId))?.disputedAt).toBeInstanceOf(Date);
  });
});

describe("refunds", () => {
  it("refunds every line when the customer cancels a paid order, once, and says so when asked again", async () => {
    const shop = await cardShop(db);
    const checkout = await paidOrder(shop);
    const answer = await cancelOrder(db, {
      customerId: shop.customer.id,
      orderNo: checkout.orderNo,
      stripe,
    });
    expect(answer.message).toBe(
      `The order ${checkout.orderNo} has been cancelled. $21.99 is refunded to your card.`,
    );
    const lines = await linesOf(checkout.orderId);
    expect(lines.map((l) => [l.status, l.qualifiedToCancel])).toEqual([
      ["refunded", false],
      ["refunded", false],
    ]);
    const refunds = fake.requests.filter(
      (r) =>
        r.method === "POST" &&
        r.path === "/v1/refunds" &&
        r.params.payment_intent === intentIdOf(checkout.clientSecret),
    );
    const keys = await idempotencyKeys(db);
    expect(refunds.map((r) => r.idempotencyKey).sort()).toEqual(
      lines.map((l) => keys.refund(l.id, 0)).sort(),
    );
    expect((await orderRow(checkout.orderId))?.paymentStatus).toBe("refunded");
    expect(fake.get("charge", (await orderRow(checkout.orderId))!.chargeId!)).toMatchObject({
      amount_refunded: shop.totalCents,
    });

    const again = await failure(
      cancelOrder(db, { customerId: shop.customer.id, orderNo: checkout.orderNo, stripe }),
    );
    expect(again.message).toContain("has already been refunded.");
    const mails = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, shop.customer.email));
    expect(mails.filter((m) => m.subject.includes("is cancelled"))).toHaveLength(1);
  });

  it("resumes a refund that Stripe failed, without refunding twice", async () => {
    const shop = await cardShop(db);
    const checkout = await paidOrder(shop);
    fake.injectFault({ method: "POST", path: "/v1/refunds", kind: "timeout" });
    const client = fake.client({ timeout: 300 });
    const first = await failure(
      cancelOrder(db, { customerId: shop.customer.id, orderNo: checkout.orderNo, stripe: client }),
    );
    expect(first.status).toBe(503);
    expect((await linesOf(checkout.orderId)).every((l) => l.refundRequestedAt !== null)).toBe(true);
    await cancelOrder(db, { customerId: shop.customer.id, orderNo: checkout.orderNo, stripe });
    const chargeId = (await orderRow(checkout.orderId))!.chargeId!;
    expect(fake.list("refund").filter((r) => r.charge === chargeId)).toHaveLength(2);
    expect(fake.get("charge", chargeId)).toMatchObject({ amount_refunded: shop.totalCents });
  });

  it("refunds one line when its farmer cancels it: the order is partially refunded", async () => {
    const shop = await cardShop(db);
    const checkout = await paidOrder(shop);
    const [line] = await linesOf(checkout.orderId);
    await updateOrderStatus(db, {
      merchantId: shop.farmer.id,
      orderItemId: line!.id,
      status: "cancelled",
      stripe,
    });
    const lines = await linesOf(checkout.orderId);
    expect(lines.map((l) => [l.status, l.refundId !== null])).toEqual([
      ["cancelled", true],
      ["order_created", false],
    ]);
    expect((await orderRow(checkout.orderId))?.paymentStatus).toBe("partially_refunded");
    const chargeId = (await orderRow(checkout.orderId))!.chargeId!;
    expect(fake.get("charge", chargeId)).toMatchObject({ amount_refunded: 900 });
    // A refunded line is closed: its status cannot move back.
    const reopened = await failure(
      updateOrderStatus(db, {
        merchantId: shop.farmer.id,
        orderItemId: line!.id,
        status: "order_created",
        stripe,
      }),
    );
    expect(reopened.status).toBe(409);
  });
});
