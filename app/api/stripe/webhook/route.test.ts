import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

// Fixed keys shared by the app's environment and the fake. The fake's address is known only once
// it listens (a free port, so two runs on this machine never collide); beforeAll sets it before
// anything reads the environment, which getEnv() then caches for the whole file.
const testState = vi.hoisted(() => {
  const keys = {
    secretKey: "sk_test_webhook_route_0123456789",
    publishableKey: "pk_test_webhook_route_0123456789",
    webhookSecret: "whsec_webhook_route_0123456789",
  };
  process.env.STRIPE_SECRET_KEY = keys.secretKey;
  process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY = keys.publishableKey;
  process.env.STRIPE_WEBHOOK_SECRET = keys.webhookSecret;
  delete process.env.STRIPE_API_BASE;
  return { keys };
});

import Stripe from "stripe";
import type { Db } from "@/server/db/client";
import { getEnv } from "@/server/env";
import { completeCardReturn, startCardCheckout } from "@/server/checkout";
import { CARDS, cardShop, intentIdOf, payAsBrowser } from "@/tests/card-checkout";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import { startStripeFake, type StripeFake, type StripeObject } from "@/tests/stripe-fake";
import { POST } from "./route";

const SITE = "http://localhost:3000";
const BAD_SIGNATURE = {
  message: "The webhook signature could not be verified.",
  requestId: expect.any(String),
};

let db: Db;
let fake: StripeFake;
let stripe: Stripe;

beforeAll(async () => {
  [db, fake] = await Promise.all([createRouteTestDb(), startStripeFake(testState.keys)]);
  stripe = fake.client();
  process.env.STRIPE_API_BASE = fake.url;
  // Were the environment read before this line, the handler would call api.stripe.com.
  if (getEnv().STRIPE_API_BASE !== fake.url)
    throw new Error("the environment was read before the Stripe fake started");
});
afterEach(() => fake.clearFaults());
afterAll(async () => {
  await fake.close();
  await closeTestDb(db);
});

/** A delivery as Stripe makes it: the raw JSON body and its Stripe-Signature header, no cookie. */
async function deliver(payload: string, signature: string | null) {
  const headers = new Headers({
    "content-type": "application/json; charset=utf-8",
    "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
  });
  if (signature !== null) headers.set("stripe-signature", signature);
  const req = new Request(new URL("/api/stripe/webhook", SITE), {
    method: "POST",
    headers,
    body: payload,
  });
  const response = await POST(req, { params: Promise.resolve({}) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** `event`, signed now with the marketplace's webhook secret, delivered once. */
function deliverSigned(event: StripeObject) {
  const { payload, header } = fake.signEvent(event);
  return deliver(payload, header);
}

const orderOf = async (orderNo: string) =>
  (await db.query.orders.findFirst({ where: (row, { eq }) => eq(row.orderNo, orderNo) }))!;
const linesOf = async (orderId: number) =>
  (
    await db.query.orderItems.findMany({
      where: (row, { eq }) => eq(row.orderId, orderId),
      orderBy: (row, { asc }) => asc(row.productId),
    })
  ).map(({ productId, qty }) => ({ productId, qty }));
const storedEvent = (id: string) =>
  db.query.stripeEvents.findMany({ where: (row, { eq }) => eq(row.id, id) });
const mailSubjectsTo = async (to: string) =>
  (await db.query.emailOutbox.findMany({ where: (row, { eq }) => eq(row.to, to) })).map(
    (mail) => mail.subject,
  );
/** The fake's events of `type` about this PaymentIntent, oldest first. */
const eventsOf = (type: string, intentId: string) =>
  fake.events.filter((event) => {
    const object = (event.data as { object: { id: string; payment_intent?: string } }).object;
    return event.type === type && (object.id === intentId || object.payment_intent === intentId);
  });

/** A customer's card order awaiting payment, then paid in the browser with `card`. */
async function orderPaidInBrowser(card: string = CARDS.visa) {
  const shop = await cardShop(db);
  const checkout = await startCardCheckout(db, stripe, {
    customerId: shop.customer.id,
    delivery: shop.delivery,
  });
  if (checkout.state !== "awaiting_payment") throw new Error(`checkout is ${checkout.state}`);
  await payAsBrowser(fake, checkout.clientSecret, card);
  const intentId = intentIdOf(checkout.clientSecret);
  return { ...shop, orderNo: checkout.orderNo, orderId: checkout.orderId, intentId };
}

describe("POST /api/stripe/webhook", () => {
  it.each([
    ["no signature", () => null],
    [
      "a signature made with another secret",
      (payload: string) =>
        Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" }),
    ],
    [
      "a timestamp ten minutes old",
      (_: string, event: StripeObject) =>
        fake.signEvent(event, { timestamp: Math.floor(Date.now() / 1000) - 600 }).header,
    ],
    [
      "a timestamp ten minutes ahead",
      (_: string, event: StripeObject) =>
        fake.signEvent(event, { timestamp: Math.floor(Date.now() / 1000) + 600 }).header,
    ],
    [
      "a signature over another body",
      (_: string, event: StripeObject) => fake.signEvent({ ...event, id: "evt_other" }).header,
    ],
  ])(
    "answers 400 to %s, stores nothing and places nothing",
    async (_, signatureFor: (payload: string, event: StripeObject) => string | null) => {
      const { orderNo, intentId } = await orderPaidInBrowser();
      const [succeeded] = eventsOf("payment_intent.succeeded", intentId);
      const { payload } = fake.signEvent(succeeded!);

      expect(await deliver(payload, signatureFor(payload, succeeded!))).toEqual({
        status: 400,
        body: BAD_SIGNATURE,
      });
      expect(await storedEvent(succeeded!.id)).toEqual([]);
      expect((await orderOf(orderNo)).paymentStatus).toBe("pending");
    },
  );

  it("places the order awaiting payment on payment_intent.succeeded, with its lines and mails", async () => {
    const { customer, farmer, products, orderNo, orderId, intentId } = await orderPaidInBrowser();
    const [succeeded] = eventsOf("payment_intent.succeeded", intentId);

    expect(await deliverSigned(succeeded!)).toEqual({
      status: 200,
      body: { received: true, duplicate: false },
    });

    expect(await orderOf(orderNo)).toMatchObject({
      paymentStatus: "paid",
      paymentIntentId: intentId,
      chargeId: expect.stringMatching(/^ch_/),
      pendingLines: null,
    });
    expect(await linesOf(orderId)).toEqual([
      { productId: products[0]!.id, qty: 2 },
      { productId: products[1]!.id, qty: 1 },
    ]);
    expect(
      await db.query.cartItems.findMany({ where: (row, { eq }) => eq(row.memberId, customer.id) }),
    ).toEqual([]);
    expect(await storedEvent(succeeded!.id)).toEqual([
      expect.objectContaining({ id: succeeded!.id, type: "payment_intent.succeeded" }),
    ]);
    expect(await mailSubjectsTo(customer.email)).toEqual([`Thank you for your order ${orderNo}`]);
    expect(await mailSubjectsTo(farmer.email)).toEqual([
      `New order ${orderNo} from ${customer.firstName} ${customer.lastName}`,
    ]);
  });

  it("processes the same event delivered ten times at once exactly once: lines and mails once", async () => {
    const { customer, farmer, orderNo, orderId, intentId } = await orderPaidInBrowser();
    const [succeeded] = eventsOf("payment_intent.succeeded", intentId);

    const answers = await Promise.all(Array.from({ length: 10 }, () => deliverSigned(succeeded!)));
    const late = await deliverSigned(succeeded!);

    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.body.duplicate === false)).toHaveLength(1);
    expect(answers.filter((a) => a.body.duplicate === true)).toHaveLength(9);
    expect(late).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect(await linesOf(orderId)).toHaveLength(2);
    expect(await storedEvent(succeeded!.id)).toHaveLength(1);
    expect(await mailSubjectsTo(customer.email)).toEqual([`Thank you for your order ${orderNo}`]);
    expect(await mailSubjectsTo(farmer.email)).toHaveLength(1);
  });

  it("sends no second mail when the customer's return placed the order first", async () => {
    const { customer, orderNo, orderId, intentId } = await orderPaidInBrowser();
    expect(
      await completeCardReturn(db, stripe, { customerId: customer.id, paymentIntentId: intentId }),
    ).toMatchObject({ state: "paid", created: true });
    const [succeeded] = eventsOf("payment_intent.succeeded", intentId);

    expect(await deliverSigned(succeeded!)).toEqual({
      status: 200,
      body: { received: true, duplicate: false },
    });
    expect(await linesOf(orderId)).toHaveLength(2);
    // The return placed it and mailed once (its write schedules the mails): the event adds none.
    expect(await mailSubjectsTo(customer.email)).toEqual([`Thank you for your order ${orderNo}`]);
    expect((await orderOf(orderNo)).paymentStatus).toBe("paid");
  });

  it("keeps a declined attempt for the payment page on payment_intent.payment_failed", async () => {
    const { orderNo, orderId, intentId } = await orderPaidInBrowser(CARDS.declined);
    const [failed] = eventsOf("payment_intent.payment_failed", intentId);

    expect(await deliverSigned(failed!)).toEqual({
      status: 200,
      body: { received: true, duplicate: false },
    });
    expect(await orderOf(orderNo)).toMatchObject({
      paymentStatus: "failed",
      paymentError: "Your card was declined.",
    });
    expect(await linesOf(orderId)).toEqual([]);
  });

  it("acknowledges and stores an event type it does not act on", async () => {
    const event = fake.makeEvent("customer.subscription.trial_will_end", {
      id: "sub_1Qwebhookroute",
      object: "subscription",
    });

    expect(await deliverSigned(event)).toEqual({
      status: 200,
      body: { received: true, duplicate: false },
    });
    expect(await storedEvent(event.id)).toEqual([
      expect.objectContaining({ id: event.id, type: "customer.subscription.trial_will_end" }),
    ]);
    expect(await deliverSigned(event)).toEqual({
      status: 200,
      body: { received: true, duplicate: true },
    });
  });
});
