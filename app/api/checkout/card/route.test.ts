import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

// Fixed keys shared by the app's environment and the fake. The fake's address is known only once
// it listens (a free port, so two runs on this machine never collide); beforeAll sets it before
// anything reads the environment, which getEnv() then caches for the whole file.
const testState = vi.hoisted(() => {
  const keys = {
    secretKey: "sk_test_card_routes_0123456789",
    publishableKey: "pk_test_card_routes_0123456789",
    webhookSecret: "whsec_card_routes_0123456789",
  };
  process.env.STRIPE_SECRET_KEY = keys.secretKey;
  process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY = keys.publishableKey;
  process.env.STRIPE_WEBHOOK_SECRET = keys.webhookSecret;
  delete process.env.STRIPE_API_BASE;
  return { keys };
});

import type { Delivery } from "@/lib/validation/checkout";
import { encodeSessionToken, nowSeconds } from "@/server/auth/token";
import type { Db } from "@/server/db/client";
import { getEnv } from "@/server/env";
import type { RouteHandler, RouteParams } from "@/server/http/route";
import { CARDS, cardShop, intentIdOf, payAsBrowser } from "@/tests/card-checkout";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import { createAdmin, createCustomer, type Member } from "@/server/db/seed/factories";
import { startStripeFake, type StripeFake } from "@/tests/stripe-fake";
import { POST as postCard } from "./route";
import { POST as postSaveCard } from "./saveCard/route";
import { DELETE as deleteSavedCard } from "./savedCards/[paymentMethodId]/route";
import { GET as getSavedCards } from "./savedCards/route";

const SITE = "http://localhost:3000";
const SERVICE_DOWN = "We could not reach the card payment service. Please try again in a moment.";
const ITEMS_INVALID = "The reviewed items are not valid. Please reload the page and try again.";
const CHECKOUT_CLOSED = "This checkout is no longer open. Please reload the page.";
const CARD_NOT_FOUND = "This card could not be found.";

let db: Db;
let fake: StripeFake;

beforeAll(async () => {
  [db, fake] = await Promise.all([createRouteTestDb(), startStripeFake(testState.keys)]);
  process.env.STRIPE_API_BASE = fake.url;
  // Were the environment read before this line, the handlers would call api.stripe.com.
  if (getEnv().STRIPE_API_BASE !== fake.url)
    throw new Error("the environment was read before the Stripe fake started");
});
afterEach(() => fake.clearFaults());
afterAll(async () => {
  await fake.close();
  await closeTestDb(db);
});

// ── Calling the handlers ─────────────────────────────────────────────────────────────────────

/** Who calls, and the delivery details their payment page sends with the checkout. */
type Caller = { token: string | null; delivery?: Delivery; origin?: string };

const tokenFor = (m: Member) =>
  encodeSessionToken({
    memberId: m.id,
    sessionVersion: m.sessionVersion,
    signedInAt: nowSeconds(),
    secondFactorAt: nowSeconds(),
  });

function request(method: string, pathname: string, caller: Caller, body?: unknown): Request {
  const headers = new Headers({ origin: caller.origin ?? SITE });
  if (caller.token) headers.set("cookie", `_token=${caller.token}`);
  if (body !== undefined) headers.set("content-type", "application/json");
  return new Request(new URL(pathname, SITE), {
    method,
    headers,
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });
}

async function call<P extends RouteParams>(handler: RouteHandler<P>, req: Request, params?: P) {
  const response = await handler(req, { params: Promise.resolve(params ?? ({} as P)) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** POST /api/checkout/card as the payment page sends it: the caller's delivery details, then `body`. */
const openCheckout = (caller: Caller, body: Record<string, unknown> | string = {}) =>
  call(
    postCard,
    request(
      "POST",
      "/api/checkout/card",
      caller,
      typeof body === "string" ? body : { delivery: caller.delivery, ...body },
    ),
  );
const saveCard = (caller: Caller, body: unknown) =>
  call(postSaveCard, request("POST", "/api/checkout/card/saveCard", caller, body));
const listCards = (caller: Caller) =>
  call(getSavedCards, request("GET", "/api/checkout/card/savedCards", caller));
const deleteCard = (caller: Caller, paymentMethodId: string) =>
  call(
    deleteSavedCard,
    request("DELETE", `/api/checkout/card/savedCards/${paymentMethodId}`, caller),
    { paymentMethodId },
  );

// ── The world ────────────────────────────────────────────────────────────────────────────────

/** A farm selling by card and a signed-in customer with two products in the cart and delivery details. */
async function shopper() {
  const shop = await cardShop(db);
  const caller: Caller = { token: await tokenFor(shop.customer), delivery: shop.delivery };
  return { ...shop, caller };
}

const ordersOf = (customerId: number) =>
  db.query.orders.findMany({ where: (row, { eq }) => eq(row.customerId, customerId) });
const linesOf = async (orderNo: string) => {
  const order = await db.query.orders.findFirst({
    where: (row, { eq }) => eq(row.orderNo, orderNo),
  });
  const lines = await db.query.orderItems.findMany({
    where: (row, { eq }) => eq(row.orderId, order!.id),
    orderBy: (row, { asc }) => asc(row.productId),
  });
  return lines.map(({ productId, qty }) => ({ productId, qty }));
};
const cartOf = (memberId: number) =>
  db.query.cartItems.findMany({ where: (row, { eq }) => eq(row.memberId, memberId) });
const mailSubjectsTo = async (to: string) =>
  (await db.query.emailOutbox.findMany({ where: (row, { eq }) => eq(row.to, to) })).map(
    (mail) => mail.subject,
  );
const intentsOfMember = (memberId: number) =>
  fake
    .list("payment_intent")
    .filter((pi) => (pi.metadata as Record<string, string>).member_id === String(memberId));
const stripeCustomerOf = async (memberId: number) =>
  (await db.query.members.findFirst({ where: (row, { eq }) => eq(row.id, memberId) }))
    ?.stripeCustomerId;

/** The member's open checkout, answered 200 and awaiting payment. */
async function openedCheckout(caller: Caller) {
  const { status, body } = await openCheckout(caller);
  expect([status, body.state]).toEqual([200, "awaiting_payment"]);
  return body as { orderNo: string; clientSecret: string; amountCents: number };
}

// ── Who may call ─────────────────────────────────────────────────────────────────────────────

const ROUTES = [
  ["POST /api/checkout/card", (c: Caller) => openCheckout(c)],
  [
    "POST /api/checkout/card/saveCard",
    (c: Caller) => saveCard(c, { orderNo: "8F3A0C19B2D4", saveCard: true }),
  ],
  ["GET /api/checkout/card/savedCards", (c: Caller) => listCards(c)],
  [
    "DELETE /api/checkout/card/savedCards/{id}",
    (c: Caller) => deleteCard(c, "pm_1Qabcdefghijklmnop"),
  ],
] as const;
const WRITES = ROUTES.filter(([name]) => !name.startsWith("GET"));

describe("who may use the card routes", () => {
  it.each(ROUTES)("%s answers 401 to a visitor", async (_, send) => {
    expect(await send({ token: null })).toEqual({
      status: 401,
      body: { message: "Please log in to continue.", requestId: expect.any(String) },
    });
  });

  it.each(ROUTES)("%s answers 403 to an admin, who buys nothing", async (_, send) => {
    const admin = await createAdmin(db);
    expect(await send({ token: await tokenFor(admin) })).toEqual({
      status: 403,
      body: { message: "You are not allowed to do that.", requestId: expect.any(String) },
    });
  });

  it.each(WRITES)("%s refuses a cookie write from another site", async (_, send) => {
    const { customer, caller } = await shopper();
    const { status, body } = await send({ ...caller, origin: "https://evil.example" });
    expect(status).toBe(403);
    expect(body.message).toMatch(/did not come from this site/);
    expect(await ordersOf(customer.id)).toEqual([]);
  });
});

// ── POST /api/checkout/card ──────────────────────────────────────────────────────────────────

describe("POST /api/checkout/card", () => {
  it.each([
    ["missing", { delivery: undefined }, { delivery: ["Required Field"] }],
    ["without an email", { email: "" }, { "delivery.email": ["Required Field"] }],
    ["with an invalid email", { email: "sam@" }, { "delivery.email": ["Invalid Email"] }],
    [
      "with an invalid phone",
      { phone: "905-555-0101" },
      { "delivery.phone": ["Invalid Phone Number"] },
    ],
    [
      "for home delivery without an address",
      {
        deliveryDestination: "home",
        city: "Newmarket",
        provinceState: "ON",
        country: "CA",
        postalCode: "L3Y 4X1",
      },
      { "delivery.address": ["Required Field"] },
    ],
  ])("answers 422 for delivery details %s, and opens nothing", async (_, change, errors) => {
    const { customer, delivery, caller } = await shopper();
    const body = "delivery" in change ? change : { delivery: { ...delivery, ...change } };
    expect(await openCheckout(caller, body)).toEqual({
      status: 422,
      body: { message: "Please check the form.", errors, requestId: expect.any(String) },
    });
    expect(await ordersOf(customer.id)).toEqual([]);
    expect(intentsOfMember(customer.id)).toEqual([]);
  });

  it.each([
    ["an empty list", { items: [] }, "items"],
    ["not a list", { items: "everything" }, "items"],
    ["a line without a product key", { items: [{ pKey: "", qty: 1 }] }, "items.0.pKey"],
    ["a quantity of 0", { items: [{ pKey: "abc", qty: 0 }] }, "items.0.qty"],
    ["a fractional quantity", { items: [{ pKey: "abc", qty: 1.5 }] }, "items.0.qty"],
    ["a quantity as text", { items: [{ pKey: "abc", qty: "2" }] }, "items.0.qty"],
    [
      "a negative unit price",
      { items: [{ pKey: "abc", qty: 1, unitPriceCents: -1 }] },
      "items.0.unitPriceCents",
    ],
  ])("answers 422 for items that are %s, and opens nothing", async (_, body, field) => {
    const { customer, caller } = await shopper();
    const answer = await openCheckout(caller, body);
    expect(answer).toEqual({
      status: 422,
      body: {
        message: "Please check the form.",
        errors: { [field]: [ITEMS_INVALID] },
        requestId: expect.any(String),
      },
    });
    expect(await ordersOf(customer.id)).toEqual([]);
  });

  it("answers 400 to a body that is not JSON", async () => {
    const { customer, caller } = await shopper();
    expect(await openCheckout(caller, "{not json")).toEqual({
      status: 400,
      body: { message: "The request body is not valid JSON.", requestId: expect.any(String) },
    });
    expect(await ordersOf(customer.id)).toEqual([]);
  });

  it("answers 409 when the reviewed lines no longer match the cart", async () => {
    const { customer, products, caller } = await shopper();
    const { status, body } = await openCheckout(caller, {
      items: [{ pKey: products[0]!.pKey, qty: 3 }],
    });
    expect(status).toBe(409);
    expect(body).toEqual({
      message: `The quantity of ${products[0]!.name} in your cart is now 2. Please review your order again.`,
      requestId: expect.any(String),
    });
    expect(await ordersOf(customer.id)).toEqual([]);
  });

  it("answers the order awaiting payment with the amount of the server's cart, whatever the body says", async () => {
    const { customer, delivery, products, totalCents, caller } = await shopper();
    const { status, body } = await openCheckout(caller, {
      items: products.map((p, i) => ({
        pKey: p.pKey,
        qty: [2, 1][i],
        unitPriceCents: p.unitPriceCents,
      })),
      amountCents: 1,
      currency: "USD",
    });

    expect(status).toBe(200);
    const [order] = await ordersOf(customer.id);
    expect(body).toEqual({
      state: "awaiting_payment",
      orderNo: order!.orderNo,
      clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/),
      amountCents: totalCents,
      currency: "CAD",
      paymentError: null,
    });
    expect(totalCents).toBe(2199);
    expect(order).toMatchObject({
      paymentType: "card",
      paymentStatus: "pending",
      totalCents,
      paymentIntentId: intentIdOf(body.clientSecret as string),
      deliveryDestination: "store",
      firstName: delivery.firstName,
      email: delivery.email,
      phone: delivery.phone,
    });
    expect(fake.get("payment_intent", order!.paymentIntentId!)).toMatchObject({
      amount: totalCents,
      currency: "cad",
      status: "requires_payment_method",
    });
    // Nothing is placed before the payment: no lines for the farmer, the cart untouched.
    expect(await linesOf(order!.orderNo)).toEqual([]);
    expect(await cartOf(customer.id)).toHaveLength(2);
  });

  it("answers the same order and PaymentIntent when called again, also several at once", async () => {
    const { customer, caller } = await shopper();
    const first = await openCheckout(caller);
    const again = [
      await openCheckout(caller),
      ...(await Promise.all([1, 2, 3].map(() => openCheckout(caller)))),
    ];

    expect(first.status).toBe(200);
    for (const answer of again) expect(answer).toEqual(first);
    expect(await ordersOf(customer.id)).toHaveLength(1);
    expect(intentsOfMember(customer.id)).toHaveLength(1);
  });

  it("opens a new order when the delivery details changed, cancelling the old one's intent", async () => {
    const { customer, delivery, caller } = await shopper();
    const first = await openedCheckout(caller);

    const second = await openedCheckout({
      ...caller,
      delivery: { ...delivery, email: "someone.else@example.com" },
    });

    expect(second.orderNo).not.toBe(first.orderNo);
    const byNo = new Map((await ordersOf(customer.id)).map((o) => [o.orderNo, o]));
    expect(byNo.get(first.orderNo)?.paymentStatus).toBe("abandoned");
    expect(byNo.get(second.orderNo)).toMatchObject({
      paymentStatus: "pending",
      email: "someone.else@example.com",
    });
    expect(fake.get("payment_intent", intentIdOf(first.clientSecret))?.status).toBe("canceled");
  });

  it("answers paid when the intent was paid meanwhile, places the order once and mails once", async () => {
    const { customer, farmer, products, caller } = await shopper();
    const opened = await openedCheckout(caller);
    expect((await payAsBrowser(fake, opened.clientSecret, CARDS.visa)).body.status).toBe(
      "succeeded",
    );

    const paid = await openCheckout(caller);

    expect(paid).toEqual({ status: 200, body: { state: "paid", orderNo: opened.orderNo } });
    const [order] = await ordersOf(customer.id);
    expect(order).toMatchObject({ orderNo: opened.orderNo, paymentStatus: "paid" });
    expect(await linesOf(opened.orderNo)).toEqual([
      { productId: products[0]!.id, qty: 2 },
      { productId: products[1]!.id, qty: 1 },
    ]);
    expect(await cartOf(customer.id)).toEqual([]);
    // The cart is now empty: a further call opens nothing and sends nothing.
    expect((await openCheckout(caller)).body).toEqual({
      message: "There is nothing in your cart to check out.",
      requestId: expect.any(String),
    });
    expect(await mailSubjectsTo(customer.email)).toEqual([
      `Thank you for your order ${opened.orderNo}`,
    ]);
    expect(await mailSubjectsTo(farmer.email)).toEqual([
      `New order ${opened.orderNo} from ${customer.firstName} ${customer.lastName}`,
    ]);
  });

  it("answers 503 with a plain message when Stripe fails, and a retry opens the same order with one intent", async () => {
    const { customer, caller } = await shopper();
    // The app's client retries a 500 twice by itself: three make the caller see it.
    fake.injectFault({ method: "POST", path: "/v1/payment_intents", kind: "500", times: 3 });

    const refused = await openCheckout(caller);

    expect(refused).toEqual({
      status: 503,
      body: { message: SERVICE_DOWN, requestId: expect.any(String) },
    });
    const [order] = await ordersOf(customer.id);
    expect(order).toMatchObject({ paymentStatus: "pending", paymentIntentId: null });

    const retry = await openCheckout(caller);
    expect(retry.status).toBe(200);
    expect(retry.body.orderNo).toBe(order!.orderNo);
    expect(intentsOfMember(customer.id)).toHaveLength(1);
  });

  it("answers 503 with a plain message when Stripe fails while making the member's Stripe customer", async () => {
    const { customer, caller } = await shopper();
    fake.injectFault({ method: "POST", path: "/v1/customers", kind: "500", times: 3 });

    const refused = await openCheckout(caller);

    expect(refused).toEqual({
      status: 503,
      body: { message: SERVICE_DOWN, requestId: expect.any(String) },
    });
    expect(await stripeCustomerOf(customer.id)).toBeNull();
  });
});

// ── POST /api/checkout/card/saveCard ─────────────────────────────────────────────────────────

describe("POST /api/checkout/card/saveCard", () => {
  it.each([
    [
      "an empty body",
      {},
      { orderNo: [CHECKOUT_CLOSED], saveCard: ["Please choose whether to save the card."] },
    ],
    [
      "a malformed order number",
      { orderNo: "8f3a'--", saveCard: true },
      { orderNo: [CHECKOUT_CLOSED] },
    ],
    [
      "a choice that is not a boolean",
      { orderNo: "8F3A0C19B2D4", saveCard: "yes" },
      { saveCard: ["Please choose whether to save the card."] },
    ],
  ])("answers 422 for %s", async (_, body, errors) => {
    const { caller } = await shopper();
    expect(await saveCard(caller, body)).toEqual({
      status: 422,
      body: { message: "Please check the form.", errors, requestId: expect.any(String) },
    });
  });

  it("answers 404 for another member's open order, an unknown number and an order already paid", async () => {
    const owner = await shopper();
    const opened = await openedCheckout(owner.caller);
    const stranger = await shopper();
    const paid = await shopper();
    const paidCheckout = await openedCheckout(paid.caller);
    await payAsBrowser(fake, paidCheckout.clientSecret, CARDS.visa);
    expect((await openCheckout(paid.caller)).body.state).toBe("paid");

    const answers = [
      await saveCard(stranger.caller, { orderNo: opened.orderNo, saveCard: true }),
      await saveCard(owner.caller, { orderNo: "0000000000AA", saveCard: true }),
      await saveCard(paid.caller, { orderNo: paidCheckout.orderNo, saveCard: true }),
    ];

    for (const answer of answers)
      expect(answer).toEqual({
        status: 404,
        body: { message: CHECKOUT_CLOSED, requestId: expect.any(String) },
      });
    expect(
      fake.get("payment_intent", intentIdOf(opened.clientSecret))?.setup_future_usage,
    ).toBeNull();
  });

  it("sets the member's choice on the open order's PaymentIntent, and unsets it", async () => {
    const { caller } = await shopper();
    const { orderNo, clientSecret } = await openedCheckout(caller);
    const intent = () => fake.get("payment_intent", intentIdOf(clientSecret));

    expect(await saveCard(caller, { orderNo, saveCard: true })).toEqual({
      status: 200,
      body: { saveCard: true },
    });
    expect(intent()?.setup_future_usage).toBe("off_session");

    expect(await saveCard(caller, { orderNo, saveCard: false })).toEqual({
      status: 200,
      body: { saveCard: false },
    });
    expect(intent()?.setup_future_usage).toBeNull();
  });
});

// ── Saved cards ──────────────────────────────────────────────────────────────────────────────

describe("GET /api/checkout/card/savedCards and DELETE /api/checkout/card/savedCards/{id}", () => {
  /** A customer who paid with a Mastercard and chose to save it. */
  async function customerWithSavedCard() {
    const shop = await shopper();
    const { orderNo, clientSecret } = await openedCheckout(shop.caller);
    expect((await saveCard(shop.caller, { orderNo, saveCard: true })).status).toBe(200);
    expect((await payAsBrowser(fake, clientSecret, CARDS.mastercard)).body.status).toBe(
      "succeeded",
    );
    const { body } = await listCards(shop.caller);
    const [card] = body.cards as { id: string }[];
    return { ...shop, cardId: card!.id };
  }

  it("lists no cards for a new member", async () => {
    const customer = await createCustomer(db);
    expect(await listCards({ token: await tokenFor(customer) })).toEqual({
      status: 200,
      body: { cards: [] },
    });
  });

  it("lists a card saved while paying, by brand and last 4", async () => {
    const { caller } = await customerWithSavedCard();
    expect(await listCards(caller)).toEqual({
      status: 200,
      body: {
        cards: [
          {
            id: expect.stringMatching(/^pm_/),
            brand: "mastercard",
            last4: "4444",
            expMonth: 12,
            expYear: 2040,
          },
        ],
      },
    });
  });

  it("does not keep a card the member chose not to save", async () => {
    const { caller } = await shopper();
    const { orderNo, clientSecret } = await openedCheckout(caller);
    await saveCard(caller, { orderNo, saveCard: true });
    await saveCard(caller, { orderNo, saveCard: false });
    await payAsBrowser(fake, clientSecret, CARDS.visa);
    expect((await listCards(caller)).body).toEqual({ cards: [] });
  });

  it("answers 404 to another member deleting the card, with or without a Stripe customer of their own, and keeps it", async () => {
    const owner = await customerWithSavedCard();
    const withoutCustomer = await createCustomer(db);
    const withCustomer = await shopper();
    await openedCheckout(withCustomer.caller);
    expect(await stripeCustomerOf(withCustomer.customer.id)).toMatch(/^cus_/);

    for (const stranger of [{ token: await tokenFor(withoutCustomer) }, withCustomer.caller])
      expect(await deleteCard(stranger, owner.cardId)).toEqual({
        status: 404,
        body: { message: CARD_NOT_FOUND, requestId: expect.any(String) },
      });

    expect(fake.get("payment_method", owner.cardId)?.customer).toBe(
      await stripeCustomerOf(owner.customer.id),
    );
    expect((await listCards(owner.caller)).body.cards).toHaveLength(1);
  });

  it.each([
    ["not a card id", "not-a-card"],
    ["a bare prefix", "pm_"],
    ["a path", "pm_abc%2F..%2Fcustomers"],
    ["too long", `pm_${"a".repeat(256)}`],
    ["well formed but unknown", "pm_1Qdoesnotexist"],
  ])("answers 404 to an id that is %s", async (_, paymentMethodId) => {
    const { caller, cardId } = await customerWithSavedCard();
    expect(await deleteCard(caller, paymentMethodId)).toEqual({
      status: 404,
      body: { message: CARD_NOT_FOUND, requestId: expect.any(String) },
    });
    expect((await listCards(caller)).body.cards).toEqual([expect.objectContaining({ id: cardId })]);
  });

  it("deletes the card for its owner", async () => {
    const { caller, cardId } = await customerWithSavedCard();

    expect(await deleteCard(caller, cardId)).toEqual({
      status: 200,
      body: { message: "The card has been deleted." },
    });

    expect((await listCards(caller)).body).toEqual({ cards: [] });
    expect(fake.get("payment_method", cardId)?.customer).toBeNull();
  });

  it("answers 503 with a plain message when Stripe fails while listing", async () => {
    const { caller } = await customerWithSavedCard();
    fake.injectFault({
      method: "GET",
      path: /^\/v1\/customers\/cus_\w+\/payment_methods$/,
      kind: "500",
      times: 3,
    });
    expect(await listCards(caller)).toEqual({
      status: 503,
      body: { message: SERVICE_DOWN, requestId: expect.any(String) },
    });
  });
});
