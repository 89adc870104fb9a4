/**
 * Issue 39's "What failed": each reproduction, with the real SDK against the Stripe fake. Money is
 * never left in limbo: a refund Stripe did not make is finished later exactly once, an event is
 * only a pointer to what Stripe says, concurrent cancels have one winner, and keys are this
 * installation's own.
 */
import { and, eq, like } from "drizzle-orm";
import type Stripe from "stripe";
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.NEXTAUTH_SECRET = "money-limbo-test-secret-money-limbo-test-01";
  process.env.APP_URL = "http://localhost:3000";
});

import { findOrdersByKeyword } from "@/server/admin/find-orders-by-keyword";
import { payMerchantForLine } from "@/server/admin/pay-merchant-for-line";
import type { Db } from "@/server/db/client";
import {
  cartItems,
  emailOutbox,
  members,
  moneyIssues,
  orderItems,
  orders,
  payoutAccounts,
  stripeEvents,
} from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { reconcile } from "@/server/money/reconcile";
import { followUpStripeEvent } from "@/server/money/event-follow-ups";
import { cancelOrder } from "@/server/orders/cancel-order";
import { listPlacedOrders } from "@/server/orders/list-placed-orders";
import { listReceivedOrders } from "@/server/orders/list-received-orders";
import { REFUND_UNDER_WAY_MESSAGE, updateOrderStatus } from "@/server/orders/update-order-status";
import { startPayoutOnboarding } from "@/server/payouts/onboarding";
import { CARDS, intentIdOf, payAsBrowser, storePickup } from "@/tests/card-checkout";
import { closeTestDb, createTestDb } from "@/tests/db";
import {
  createAdmin,
  createCartItem,
  createCustomer,
  createMerchant,
  createProduct,
} from "@/server/db/seed/factories";
import type { StripeFake, StripeObject } from "@/tests/stripe-fake";
import { setupStripeTestDb } from "@/tests/stripe-test-db";
import {
  AUTHENTICATION_UNFINISHED_MESSAGE,
  completeCardReturn,
} from "@/server/checkout/complete-card-return";
import { handleStripeEvent, verifyStripeEvent } from "@/server/money/handle-stripe-event";
import { idempotencyKeys, installationKey } from "@/server/stripe/idempotency-keys";
import { startCardCheckout } from "@/server/checkout/start-card-checkout";

const stripeTestDb = setupStripeTestDb();
let db: Db;
let fake: StripeFake;
let stripe: Stripe;

beforeAll(() => {
  ({ db, fake, stripe } = stripeTestDb);
});

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

/** Two farms selling by card, 6.99 and 8.00, and a customer with one of each in the cart. */
async function twoFarmShop(database: Db = db) {
  const farms = [
    await createMerchant(database, { payByCard: true, payoutAcctSet: true }),
    await createMerchant(database, { payByCard: true, payoutAcctSet: true }),
  ] as const;
  const products = [
    await createProduct(database, {
      merchantId: farms[0].id,
      unitPriceCents: 699,
      payByCard: true,
    }),
    await createProduct(database, {
      merchantId: farms[1].id,
      unitPriceCents: 800,
      payByCard: true,
    }),
  ] as const;
  const customer = await createCustomer(database);
  for (const product of products)
    await createCartItem(database, { memberId: customer.id, productId: product.id, qty: 1 });
  return { farms, products, customer, delivery: storePickup(customer), totalCents: 1499 };
}

type Shop = Awaited<ReturnType<typeof twoFarmShop>>;

/** Opens the card checkout and pays it in the browser; `back` also returns to the page. */
async function payOrder(shop: Shop, { back = true }: { back?: boolean } = {}) {
  const checkout = await startCardCheckout(db, stripe, {
    customerId: shop.customer.id,
    delivery: shop.delivery,
  });
  if (checkout.state !== "awaiting_payment") throw new Error(`checkout is ${checkout.state}`);
  expect((await payAsBrowser(fake, checkout.clientSecret, CARDS.visa)).status).toBe(200);
  const intentId = intentIdOf(checkout.clientSecret);
  if (back)
    expect(
      await completeCardReturn(db, stripe, {
        customerId: shop.customer.id,
        paymentIntentId: intentId,
      }),
    ).toMatchObject({ state: "paid", created: true });
  return { ...checkout, intentId };
}

const orderRow = async (id: number) =>
  (await db.select().from(orders).where(eq(orders.id, id)))[0]!;
const linesOf = (orderId: number) =>
  db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id);
const refundsOf = (intentId: string) =>
  fake.list("refund").filter((refund) => refund.payment_intent === intentId);
const mailsTo = (email: string, subject: string) =>
  db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), like(emailOutbox.subject, `%${subject}%`)));

/** Delivers one event as Stripe does: signed, verified, processed, followed up. */
async function deliver(event: StripeObject, { connect = false }: { connect?: boolean } = {}) {
  const { payload, header } = fake.signEvent(event, { connect });
  const verified = verifyStripeEvent(stripe, {
    payload,
    signature: header,
    secret: connect ? fake.connectWebhookSecret : fake.webhookSecret,
  });
  const handled = await handleStripeEvent(db, stripe, verified);
  const { duplicate, ...effect } = handled;
  if (!duplicate) await followUpStripeEvent(db, stripe, effect);
  return handled;
}

const lastEvent = (type: string, objectId: string) =>
  fake.events
    .filter((e) => e.type === type && (e.data as { object: { id: string } }).object.id === objectId)
    .at(-1)!;

describe("1 (a): a refund Stripe did not make", () => {
  async function cancelWhileStripeFails(shop: Shop) {
    const paid = await payOrder(shop);
    fake.injectFault({ method: "POST", path: "/v1/refunds", kind: "500", times: 50 });
    const first = await failure(
      cancelOrder(db, { customerId: shop.customer.id, orderNo: paid.orderNo, stripe }),
    );
    fake.clearFaults();
    expect(first.status).toBe(503);
    expect(refundsOf(paid.intentId)).toHaveLength(0);
    return paid;
  }

  it("is not undone by the farm's next click, is never payable, and the customer's retry finishes it", async () => {
    const shop = await twoFarmShop();
    const admin = await createAdmin(db);
    const paid = await cancelWhileStripeFails(shop);
    const [lineA, lineB] = await linesOf(paid.orderId);

    const moved = await failure(
      updateOrderStatus(db, {
        merchantId: shop.farms[1].id,
        orderItemId: lineB!.id,
        status: "ready_for_pickup",
        stripe,
      }),
    );
    expect([moved.status, moved.message]).toEqual([409, REFUND_UNDER_WAY_MESSAGE]);

    // The customer and the farm see the refund under way, not a line the farm can still move.
    const placed = await listPlacedOrders(db, {
      customerId: shop.customer.id,
      keyword: paid.orderNo,
    });
    expect(placed.results.map((row) => row.refundPending)).toEqual([1, 1]);
    const received = await listReceivedOrders(db, { merchantId: shop.farms[1].id });
    expect(received.results.find((row) => row.orderId === lineB!.id)?.refundPending).toBe(1);

    // The Orders Manager shows what Pay Merchant acts on: nothing to pay on a line being refunded.
    const managed = await findOrdersByKeyword(db, { keyword: paid.orderNo });
    expect(managed.map((line) => line.merchantPayment)).toEqual(["closed", "closed"]);
    const pay = await failure(payMerchantForLine(db, stripe, { adminId: admin.id, id: lineB!.id }));
    expect(pay.status).toBe(409);

    const retry = await cancelOrder(db, {
      customerId: shop.customer.id,
      orderNo: paid.orderNo,
      stripe,
    });
    expect(retry.message).toBe(
      `The order ${paid.orderNo} has been cancelled. $14.99 is refunded to your card.`,
    );
    expect(
      refundsOf(paid.intentId)
        .map((refund) => refund.amount)
        .sort(),
    ).toEqual([699, 800]);
    expect((await linesOf(paid.orderId)).map((line) => [line.id, line.status])).toEqual([
      [lineA!.id, "refunded"],
      [lineB!.id, "refunded"],
    ]);
    expect((await orderRow(paid.orderId)).paymentStatus).toBe("refunded");
    expect(await mailsTo(shop.customer.email, "is cancelled")).toHaveLength(1);
    for (const farm of shop.farms)
      expect(await mailsTo(farm.email, `Order ${paid.orderNo} was cancelled`)).toHaveLength(1);
  });

  it("is healed by the reconciler with no person involved, once", async () => {
    const shop = await twoFarmShop();
    const paid = await cancelWhileStripeFails(shop);
    const report = await reconcile(db, stripe);
    expect(report.stoppedBy).toBeNull();
    expect(refundsOf(paid.intentId)).toHaveLength(2);
    expect((await orderRow(paid.orderId)).paymentStatus).toBe("refunded");
    expect(await mailsTo(shop.customer.email, "is cancelled")).toHaveLength(1);

    const posts = fake.requests.filter((r) => r.method === "POST").length;
    await reconcile(db, stripe);
    expect(fake.requests.filter((r) => r.method === "POST")).toHaveLength(posts);
    expect(refundsOf(paid.intentId)).toHaveLength(2);
    const again = await failure(
      cancelOrder(db, { customerId: shop.customer.id, orderNo: paid.orderNo, stripe }),
    );
    expect([again.status, again.message]).toEqual([
      409,
      `The order ${paid.orderNo} has already been refunded.`,
    ]);
  });
});

describe("1 (b): a refund made in Stripe's dashboard", () => {
  it("is shared over the lines, and a later cancel refunds exactly what is left", async () => {
    const shop = await twoFarmShop();
    const paid = await payOrder(shop);
    const dashboard = await stripe.refunds.create({ payment_intent: paid.intentId, amount: 1000 });
    await deliver(lastEvent("charge.refunded", dashboard.charge as string));

    expect((await orderRow(paid.orderId)).paymentStatus).toBe("partially_refunded");
    expect((await linesOf(paid.orderId)).map((line) => [line.status, line.refundedCents])).toEqual([
      ["refunded", 699],
      ["order_created", 301],
    ]);

    const answer = await cancelOrder(db, {
      customerId: shop.customer.id,
      orderNo: paid.orderNo,
      stripe,
    });
    expect(answer.message).toBe(
      `The order ${paid.orderNo} has been cancelled. $4.99 is refunded to your card.`,
    );
    expect(fake.get("charge", dashboard.charge as string)).toMatchObject({
      amount_refunded: 1499,
    });
    expect((await orderRow(paid.orderId)).paymentStatus).toBe("refunded");
  });

  it("is reflected by the reconciler when its event never came, with no person involved", async () => {
    const shop = await twoFarmShop();
    const paid = await payOrder(shop);
    await stripe.refunds.create({ payment_intent: paid.intentId, amount: 1000 });
    const report = await reconcile(db, stripe);
    expect(report.stoppedBy).toBeNull();
    expect((await orderRow(paid.orderId)).paymentStatus).toBe("partially_refunded");
    expect((await linesOf(paid.orderId)).map((line) => [line.status, line.refundedCents])).toEqual([
      ["refunded", 699],
      ["order_created", 301],
    ]);
  });

  it("is read from Stripe before a cancel even when its event never came", async () => {
    const shop = await twoFarmShop();
    const paid = await payOrder(shop);
    await stripe.refunds.create({ payment_intent: paid.intentId, amount: 1000 });
    const answer = await cancelOrder(db, {
      customerId: shop.customer.id,
      orderNo: paid.orderNo,
      stripe,
    });
    expect(answer.message).toContain("$4.99 is refunded to your card.");
    expect(
      refundsOf(paid.intentId)
        .map((refund) => refund.amount)
        .sort(),
    ).toEqual([1000, 499]);
  });
});

describe("2: payment_intent.succeeded is a pointer, not the truth", () => {
  it("places nothing when Stripe says the intent has not succeeded", async () => {
    const shop = await twoFarmShop();
    const checkout = await startCardCheckout(db, stripe, {
      customerId: shop.customer.id,
      delivery: shop.delivery,
    });
    if (checkout.state !== "awaiting_payment") throw new Error("not awaiting payment");
    const intent = fake.get("payment_intent", intentIdOf(checkout.clientSecret))!;
    const forged = fake.makeEvent("payment_intent.succeeded", {
      ...intent,
      status: "succeeded",
      latest_charge: "ch_forged",
    });
    const handled = await deliver(forged);
    expect(handled).toMatchObject({ duplicate: false, placedOrderId: null });
    expect((await orderRow(checkout.orderId)).paymentStatus).toBe("pending");
    expect(await linesOf(checkout.orderId)).toHaveLength(0);
    expect(await mailsTo(shop.customer.email, "Thank you for your order")).toHaveLength(0);
  });

  it("stores an event whose amount differs from the order, answers it, and raises it", async () => {
    const shop = await twoFarmShop();
    const checkout = await startCardCheckout(db, stripe, {
      customerId: shop.customer.id,
      delivery: shop.delivery,
    });
    if (checkout.state !== "awaiting_payment") throw new Error("not awaiting payment");
    const intentId = intentIdOf(checkout.clientSecret);
    // Changed at Stripe behind the marketplace's back (the dashboard, a bug elsewhere).
    await stripe.paymentIntents.update(intentId, { amount: 999 });
    await payAsBrowser(fake, checkout.clientSecret, CARDS.visa);

    const succeeded = lastEvent("payment_intent.succeeded", intentId);
    const handled = await deliver(succeeded);
    expect(handled).toMatchObject({ duplicate: false, placedOrderId: null });
    expect((await orderRow(checkout.orderId)).paymentStatus).toBe("pending");
    const stored = await db.select().from(stripeEvents).where(eq(stripeEvents.id, succeeded.id));
    expect(stored).toHaveLength(1);
    const [issue] = await db
      .select()
      .from(moneyIssues)
      .where(eq(moneyIssues.key, `amount_mismatch:${intentId}`));
    expect(issue).toMatchObject({
      kind: "amount_mismatch",
      status: "open",
      orderId: checkout.orderId,
      amountCents: 999,
    });
    // Redelivered: stored once, raised once.
    expect(await deliver(succeeded)).toMatchObject({ duplicate: true });
    expect(
      await db.select().from(moneyIssues).where(eq(moneyIssues.orderId, checkout.orderId)),
    ).toHaveLength(1);
  });

  it("stores an event about an object Stripe does not have and changes nothing", async () => {
    const event = fake.makeEvent("payment_intent.succeeded", {
      id: "pi_unknownToStripe0001",
      object: "payment_intent",
      status: "succeeded",
      amount: 100,
      currency: "cad",
      metadata: { order_id: "1" },
    });
    expect(await deliver(event)).toMatchObject({ duplicate: false, placedOrderId: null });
  });
});

describe("3: concurrent cancels have one winner", () => {
  it("five cancels of one paid order: one 200, four 409, each line refunded once, mailed once", async () => {
    const shop = await twoFarmShop();
    const paid = await payOrder(shop);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        cancelOrder(db, { customerId: shop.customer.id, orderNo: paid.orderNo, stripe }),
      ),
    );
    const won = outcomes.filter((o) => o.status === "fulfilled");
    const lost = outcomes.flatMap((o) => (o.status === "rejected" ? [o.reason as AppError] : []));
    expect(won).toHaveLength(1);
    expect(lost.map((e) => [e.status, e.message.includes("has already been refunded.")])).toEqual(
      Array.from({ length: 4 }, () => [409, true]),
    );
    expect(
      refundsOf(paid.intentId)
        .map((refund) => refund.amount)
        .sort(),
    ).toEqual([699, 800]);
    expect(await mailsTo(shop.customer.email, "is cancelled")).toHaveLength(1);
    for (const farm of shop.farms)
      expect(await mailsTo(farm.email, `Order ${paid.orderNo} was cancelled`)).toHaveLength(1);
  });

  it("a customer, a farm and an admin at once refund each line once", async () => {
    const shop = await twoFarmShop();
    const admin = await createAdmin(db);
    const paid = await payOrder(shop);
    const [lineA, lineB] = await linesOf(paid.orderId);
    const { cancelOrderLine } = await import("@/server/admin/cancel-order-line");
    await Promise.allSettled([
      cancelOrder(db, { customerId: shop.customer.id, orderNo: paid.orderNo, stripe }),
      updateOrderStatus(db, {
        merchantId: shop.farms[1].id,
        orderItemId: lineB!.id,
        status: "cancelled",
        stripe,
      }),
      cancelOrderLine(db, stripe, { adminId: admin.id, id: lineA!.id }),
      cancelOrder(db, { customerId: shop.customer.id, orderNo: paid.orderNo, stripe }),
    ]);
    await reconcile(db, stripe);
    const refunds = refundsOf(paid.intentId);
    expect(
      refunds
        .map((refund) => refund.metadata)
        .map((m) => (m as Record<string, string>).order_item_id)
        .sort(),
    ).toEqual([String(lineA!.id), String(lineB!.id)].sort());
    expect(refunds.reduce((sum, refund) => sum + Number(refund.amount), 0)).toBe(1499);
    expect((await orderRow(paid.orderId)).paymentStatus).toBe("refunded");
  });
});

describe("4: idempotency keys are this installation's", () => {
  it("a reset database paying its order 1 again does not meet the other database's key", async () => {
    const first = await createTestDb();
    const second = await createTestDb();
    try {
      const intents: string[] = [];
      for (const [database, qty] of [
        [first, 1],
        [second, 3],
      ] as const) {
        const shop = await twoFarmShop(database);
        // Another amount for the same order id: a reused key would be refused by Stripe.
        await database
          .update(cartItems)
          .set({ qty })
          .where(eq(cartItems.memberId, shop.customer.id));
        const checkout = await startCardCheckout(database, stripe, {
          customerId: shop.customer.id,
          delivery: shop.delivery,
        });
        if (checkout.state !== "awaiting_payment") throw new Error("not awaiting payment");
        intents.push(intentIdOf(checkout.clientSecret));
        expect((await idempotencyKeys(database)).paymentIntent(checkout.orderId)).toBe(
          `${await installationKey(database)}:pi:${checkout.orderId}`,
        );
      }
      expect(await installationKey(first)).not.toBe(await installationKey(second));
      expect(new Set(intents).size).toBe(2);
      expect(intents.map((id) => fake.get("payment_intent", id)?.amount)).toEqual([1499, 4497]);
    } finally {
      await closeTestDb(first);
      await closeTestDb(second);
    }
  });
});

describe("5: account.updated in the same second, newest first", () => {
  it("ends on Stripe's state: the farm is ready", async () => {
    const farm = await createMerchant(db, { payByCard: true, payoutAcctSet: false });
    await startPayoutOnboarding(db, stripe, { memberId: farm.id, appUrl: "http://localhost:3000" });
    const [member] = await db.select().from(members).where(eq(members.id, farm.id));
    const accountId = member!.stripeAccountId!;
    fake.completeOnboarding(accountId);
    const ready = fake.events
      .filter((e) => e.type === "account.updated" && e.account === accountId)
      .at(-1)!;
    // The same account as it was before onboarding, in an event of the very same second.
    const stale = {
      ...fake.get("account", accountId)!,
      capabilities: { transfers: "inactive" },
      payouts_enabled: false,
    };
    const notReady = { ...fake.makeEvent("account.updated", stale, { account: accountId }) };
    notReady.created = ready.created;
    await deliver(ready, { connect: true });
    await deliver(notReady, { connect: true });
    const [after] = await db.select().from(members).where(eq(members.id, farm.id));
    expect(after!.payoutAcctSet).toBe(true);
    const [state] = await db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.memberId, farm.id));
    expect(state!.readAt).not.toBeNull();
  });
});

describe("6: the smaller ones", () => {
  it("an order first placed by a charge.refunded that gave everything back thanks nobody", async () => {
    const shop = await twoFarmShop();
    const paid = await payOrder(shop, { back: false });
    const refund = await stripe.refunds.create({ payment_intent: paid.intentId });
    const handled = await deliver(lastEvent("charge.refunded", refund.charge as string));
    expect(handled.placedOrderId).toBeNull();
    expect((await orderRow(paid.orderId)).paymentStatus).toBe("refunded");
    expect(await mailsTo(shop.customer.email, "Thank you for your order")).toHaveLength(0);
    for (const farm of shop.farms) expect(await mailsTo(farm.email, "New order")).toHaveLength(0);
  });

  it("coming back in the middle of 3-D Secure is not a failed payment", async () => {
    const shop = await twoFarmShop();
    const checkout = await startCardCheckout(db, stripe, {
      customerId: shop.customer.id,
      delivery: shop.delivery,
    });
    if (checkout.state !== "awaiting_payment") throw new Error("not awaiting payment");
    await payAsBrowser(fake, checkout.clientSecret, CARDS.threeDSecure);
    const back = await completeCardReturn(db, stripe, {
      customerId: shop.customer.id,
      paymentIntentId: intentIdOf(checkout.clientSecret),
    });
    expect(back).toEqual({ state: "failed", message: AUTHENTICATION_UNFINISHED_MESSAGE });
    const order = await orderRow(checkout.orderId);
    expect([order.paymentStatus, order.paymentError]).toEqual(["pending", null]);
  });
});
