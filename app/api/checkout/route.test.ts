import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { encodeSessionToken, nowSeconds } from "@/server/auth/token";
import { EMPTY_CART_MESSAGE } from "@/server/checkout/cart-rules";
import {
  CHECKOUT_DELIVERY_COOKIE,
  decodeCheckoutDelivery,
} from "@/server/checkout/delivery-cookie";
import { CHECKOUT_KEY_MESSAGE } from "@/server/checkout/place-order-input";
import type { Db } from "@/server/db/client";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import {
  createAdmin,
  createCartItem,
  createCustomer,
  createMerchant,
  createProduct,
  type Member,
} from "@/server/db/seed/factories";
import { POST as postDelivery } from "./delivery/route";
import { POST as postInPerson } from "./inPerson/route";

const SITE = "http://localhost:3000";
const noParams = { params: Promise.resolve({}) };
let db: Db;

beforeAll(async () => {
  db = await createRouteTestDb();
});
afterAll(() => closeTestDb(db));

const ordersOf = (customerId: number) =>
  db.query.orders.findMany({ where: (row, { eq }) => eq(row.customerId, customerId) });
const mailsTo = (to: string) =>
  db.query.emailOutbox.findMany({ where: (row, { eq }) => eq(row.to, to) });
const tokenFor = (m: Member) =>
  encodeSessionToken({
    memberId: m.id,
    sessionVersion: m.sessionVersion,
    signedInAt: nowSeconds(),
    secondFactorAt: nowSeconds(),
  });

type Handler = (req: Request, ctx: typeof noParams) => Promise<Response>;

async function call(handler: Handler, req: Request) {
  const response = await handler(req, noParams);
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

function post(
  pathname: string,
  token: string | null,
  body: unknown,
  extraHeaders: Record<string, string> = {},
) {
  const headers = new Headers({
    origin: SITE,
    "content-type": "application/json",
    ...extraHeaders,
  });
  if (token) headers.set("cookie", `_token=${token}`);
  return new Request(new URL(pathname, SITE), {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const STORE = {
  deliveryDestination: "store",
  firstName: "Sam",
  lastName: "D'Angelo",
  email: "Sam@Example.com",
  phone: "9055550101",
};
const HOME = {
  ...STORE,
  deliveryDestination: "home",
  address: "22 Elm St., Apt 4",
  city: "Newmarket",
  provinceState: "ON",
  country: "CA",
  postalCode: "l3y4x1",
};

/** Every rule and message of the delivery form (spec part 1 section 5 "Delivery form"). */
const DELIVERY_MESSAGES: [field: string, change: Record<string, string>, message: string][] = [
  ["firstName", { firstName: "" }, "Required Field"],
  ["firstName", { firstName: "Sam2" }, "Invalid First Name"],
  ["lastName", { lastName: "" }, "Required Field"],
  ["lastName", { lastName: "D.Angelo" }, "Invalid Last Name"],
  ["email", { email: "" }, "Required Field"],
  ["email", { email: "sam@" }, "Invalid Email"],
  ["phone", { phone: "" }, "Required Field"],
  ["phone", { phone: "905-555-0101" }, "Invalid Phone Number"],
  ["address", { address: "" }, "Required Field"],
  ["address", { address: "22 Elm St. #4" }, "Invalid Address"],
  ["city", { city: "" }, "Required Field"],
  ["city", { city: "Newmarket 2" }, "Invalid City"],
  ["provinceState", { provinceState: "" }, "Required Field"],
  ["provinceState", { provinceState: "O" }, "Invalid Province/State"],
  ["country", { country: "" }, "Required Field"],
  ["country", { country: "C" }, "Invalid Country"],
  ["postalCode", { postalCode: "" }, "Required Field"],
  ["postalCode", { postalCode: "L3Y" }, "Invalid Postal code"],
  ["postalCode", { country: "US", provinceState: "NY", postalCode: "1234" }, "Invalid Zip code"],
];

describe("who may call the checkout", () => {
  it.each([
    ["POST /api/checkout/delivery", postDelivery, "/api/checkout/delivery", STORE],
    [
      "POST /api/checkout/inPerson",
      postInPerson,
      "/api/checkout/inPerson",
      { checkoutKey: randomUUID(), delivery: STORE },
    ],
  ])(
    "%s answers 401 to a visitor, also with the middleware-bypass header",
    async (_, handler, path, body) => {
      expect((await call(handler, post(path, null, body))).status).toBe(401);
      expect(
        (await call(handler, post(path, null, body, { "x-middleware-subrequest": "middleware" })))
          .status,
      ).toBe(401);
    },
  );

  it("refuses an admin (no purchases) and a write from another site", async () => {
    const admin = await createAdmin(db);
    expect(
      (
        await call(
          postInPerson,
          post("/api/checkout/inPerson", await tokenFor(admin), {
            checkoutKey: randomUUID(),
            delivery: STORE,
          }),
        )
      ).status,
    ).toBe(403);
    const customer = await createCustomer(db);
    const foreign = post("/api/checkout/delivery", await tokenFor(customer), STORE, {
      origin: "https://evil.example",
    });
    expect((await call(postDelivery, foreign)).status).toBe(403);
  });
});

describe("POST /api/checkout/delivery", () => {
  it.each(DELIVERY_MESSAGES)("answers 422 on %s for %j: %s", async (field, change, message) => {
    const customer = await createCustomer(db);
    const { status, body } = await call(
      postDelivery,
      post("/api/checkout/delivery", await tokenFor(customer), { ...HOME, ...change }),
    );
    expect(status).toBe(422);
    expect(body.message).toBe("Please check the form.");
    expect((body.errors as Record<string, string[]>)[field]).toEqual([message]);
  });

  it("keeps the checked details in an httpOnly cookie only this member can read", async () => {
    const customer = await createCustomer(db);
    const { status, headers, body } = await call(
      postDelivery,
      post("/api/checkout/delivery", await tokenFor(customer), HOME),
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      delivery: {
        ...HOME,
        email: "sam@example.com",
        phone: "(905) 555-0101",
        postalCode: "L3Y 4X1",
      },
      addressSaved: false,
    });
    const cookie = headers
      .getSetCookie()
      .find((c) => c.startsWith(`${CHECKOUT_DELIVERY_COOKIE}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Path=\/checkout/);
    expect(cookie).toMatch(/SameSite=lax/i);
    const value = decodeURIComponent(
      cookie.split(";")[0]!.slice(CHECKOUT_DELIVERY_COOKIE.length + 1),
    );
    expect(await decodeCheckoutDelivery(value, customer.id)).toEqual(body.delivery);
    expect(await decodeCheckoutDelivery(value, customer.id + 1)).toBeNull();
    expect(await decodeCheckoutDelivery("forged", customer.id)).toBeNull();
  });

  it("saves a customer's new home address to the profile when asked", async () => {
    const customer = await createCustomer(db, { address: null, city: null, postalCode: null });
    const { status, body } = await call(
      postDelivery,
      post("/api/checkout/delivery", await tokenFor(customer), { ...HOME, saveToProfile: true }),
    );
    expect(status).toBe(200);
    expect(body.addressSaved).toBe(true);
    const saved = await db.query.members.findFirst({ where: (m, { eq }) => eq(m.id, customer.id) });
    expect(saved).toMatchObject({
      address: HOME.address,
      city: HOME.city,
      provinceState: HOME.provinceState,
      postalCode: "L3Y 4X1",
    });
  });

  it("never saves the delivery address to a farmer's profile (their farm's place)", async () => {
    const farmer = await createMerchant(db);
    const before = await db.query.members.findFirst({ where: (m, { eq }) => eq(m.id, farmer.id) });
    const { status, body } = await call(
      postDelivery,
      post("/api/checkout/delivery", await tokenFor(farmer), { ...HOME, saveToProfile: true }),
    );
    expect(status).toBe(200);
    expect(body.addressSaved).toBe(false);
    const after = await db.query.members.findFirst({ where: (m, { eq }) => eq(m.id, farmer.id) });
    expect(after?.address).toBe(before?.address);
  });

  it("asks only for the contact fields for store pickup", async () => {
    const customer = await createCustomer(db);
    const { status, body } = await call(
      postDelivery,
      post("/api/checkout/delivery", await tokenFor(customer), { deliveryDestination: "store" }),
    );
    expect(status).toBe(422);
    expect(body.errors).toEqual({
      firstName: ["Required Field"],
      lastName: ["Required Field"],
      email: ["Required Field"],
      phone: ["Required Field"],
    });
  });
});

describe("POST /api/checkout/inPerson", () => {
  async function customerWithCart() {
    const customer = await createCustomer(db);
    const farm = await createMerchant(db);
    const product = await createProduct(db, { merchantId: farm.id, unitPriceCents: 450 });
    await createCartItem(db, { memberId: customer.id, productId: product.id, qty: 2 });
    return { customer, farm, product, token: await tokenFor(customer) };
  }

  it.each(DELIVERY_MESSAGES)(
    "answers 422 on delivery.%s for %j: %s, and places nothing",
    async (field, change, message) => {
      const { customer, token } = await customerWithCart();
      const { status, body } = await call(
        postInPerson,
        post("/api/checkout/inPerson", token, {
          checkoutKey: randomUUID(),
          delivery: { ...HOME, ...change },
        }),
      );
      expect(status).toBe(422);
      expect((body.errors as Record<string, string[]>)[`delivery.${field}`]).toEqual([message]);
      expect(await ordersOf(customer.id)).toEqual([]);
    },
  );

  it("answers 422 without a checkout key, and 400 for a body that is not JSON", async () => {
    const { token } = await customerWithCart();
    const missing = await call(
      postInPerson,
      post("/api/checkout/inPerson", token, { delivery: STORE }),
    );
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ checkoutKey: [CHECKOUT_KEY_MESSAGE] });
    expect(
      (await call(postInPerson, post("/api/checkout/inPerson", token, "{not json"))).status,
    ).toBe(400);
  });

  it("answers 201 with the order number and id, clears the cart and the delivery cookie; a retry answers the same", async () => {
    const { customer, product, token } = await customerWithCart();
    const body = {
      checkoutKey: randomUUID(),
      delivery: HOME,
      items: [{ pKey: product.pKey, qty: 2 }],
    };

    const first = await call(postInPerson, post("/api/checkout/inPerson", token, body));

    expect(first.status).toBe(201);
    expect(Object.keys(first.body).sort()).toEqual(["orderId", "orderNo"]);
    const [order] = await ordersOf(customer.id);
    expect(first.body).toEqual({ orderNo: order!.orderNo, orderId: order!.id });
    expect(order!.totalCents).toBe(900);
    expect(
      await db.query.cartItems.findMany({ where: (row, { eq }) => eq(row.memberId, customer.id) }),
    ).toEqual([]);
    expect(
      first.headers
        .getSetCookie()
        .some((c) => c.startsWith(`${CHECKOUT_DELIVERY_COOKIE}=;`) && /Max-Age=0/i.test(c)),
    ).toBe(true);

    const retry = await call(postInPerson, post("/api/checkout/inPerson", token, body));
    expect(retry).toMatchObject({ status: 200, body: first.body });
  });

  // Called outside a Next request, the handler sends the mails before it answers (afterResponse
  // falls back to inline); inside Next they go out after the answer, which the e2e suite covers.
  it("sends the order-placed mails once per created order, none on a retry or a refusal", async () => {
    const { customer, farm, token } = await customerWithCart();
    const body = { checkoutKey: randomUUID(), delivery: { ...STORE, email: customer.email } };

    const first = await call(postInPerson, post("/api/checkout/inPerson", token, body));
    const retries = await Promise.all(
      [1, 2].map(() => call(postInPerson, post("/api/checkout/inPerson", token, body))),
    );
    const emptyCart = await call(
      postInPerson,
      post("/api/checkout/inPerson", token, { ...body, checkoutKey: randomUUID() }),
    );

    expect(first.status).toBe(201);
    expect(retries.map((r) => r.status)).toEqual([200, 200]);
    expect(emptyCart.status).toBe(409);
    const toCustomer = await mailsTo(customer.email);
    expect(toCustomer.map((mail) => mail.subject)).toEqual([
      `Thank you for your order ${first.body.orderNo as string}`,
    ]);
    expect((await mailsTo(farm.email)).map((mail) => mail.subject)).toEqual([
      `New order ${first.body.orderNo as string} from Sam D'Angelo`,
    ]);
  });

  it("answers 201 with the order when the mail server is down", async () => {
    const { customer, token } = await customerWithCart();
    const email = await import("@/server/email");
    const sendMail = vi.spyOn(email, "sendMail").mockRejectedValue(new Error("SMTP down"));
    try {
      const { status, body } = await call(
        postInPerson,
        post("/api/checkout/inPerson", token, { checkoutKey: randomUUID(), delivery: STORE }),
      );

      expect(status).toBe(201);
      const [order] = await ordersOf(customer.id);
      expect(body).toEqual({ orderNo: order!.orderNo, orderId: order!.id });
      // One attempt for the customer, one for the farm; neither failure reaches the answer.
      expect(sendMail).toHaveBeenCalledTimes(2);
    } finally {
      sendMail.mockRestore();
    }
  });

  it("answers 409 with the message for an empty cart", async () => {
    const customer = await createCustomer(db);
    const { status, body } = await call(
      postInPerson,
      post("/api/checkout/inPerson", await tokenFor(customer), {
        checkoutKey: randomUUID(),
        delivery: STORE,
      }),
    );
    expect(status).toBe(409);
    expect(body).toEqual({ message: EMPTY_CART_MESSAGE, requestId: expect.any(String) });
  });

  it("works with a bearer token", async () => {
    const { token } = await customerWithCart();
    const req = new Request(new URL("/api/checkout/inPerson", SITE), {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ checkoutKey: randomUUID(), delivery: STORE }),
    });
    expect((await call(postInPerson, req)).status).toBe(201);
  });
});
