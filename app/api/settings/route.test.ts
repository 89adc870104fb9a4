import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const testState = vi.hoisted(() => {
  // Card payments stay off: no Stripe keys.
  delete process.env.STRIPE_SECRET_KEY;
  return { revalidated: [] as string[] };
});
// Route handlers drop cached store pages; outside Next the calls are recorded instead.
vi.mock("next/cache", () => ({ revalidateTag: (tag: string) => testState.revalidated.push(tag) }));

import { getSessionMemberFromRequest } from "@/server/auth/session";
import { encodeSessionToken, nowSeconds } from "@/server/auth/token";
import type { Db } from "@/server/db/client";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import {
  createCustomer,
  createMerchant,
  DEFAULT_PASSWORD,
  type Member,
} from "@/server/db/seed/factories";
import { POST as postCheckoutOptions } from "./checkoutOptions/route";
import { GET as getNotifications, POST as postNotifications } from "./notifications/route";
import { POST as postPassword } from "./password/route";

const SITE = "http://localhost:3000";
const noParams = { params: Promise.resolve({}) };
let db: Db;

beforeAll(async () => {
  db = await createRouteTestDb();
});
afterAll(() => closeTestDb(db));

const tokenFor = (m: Member, signedInAt = nowSeconds()) =>
  encodeSessionToken({ memberId: m.id, sessionVersion: m.sessionVersion, signedInAt });

type Handler = (req: Request, ctx: typeof noParams) => Promise<Response>;

async function call(handler: Handler, req: Request) {
  const response = await handler(req, noParams);
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

function request(
  pathname: string,
  token: string | null,
  body?: unknown,
  via: "cookie" | "bearer" = "cookie",
) {
  const headers = new Headers({ origin: SITE, "content-type": "application/json" });
  if (token && via === "cookie") headers.set("cookie", `_token=${token}`);
  if (token && via === "bearer") headers.set("authorization", `Bearer ${token}`);
  return new Request(new URL(pathname, SITE), {
    method: body === undefined ? "GET" : "POST",
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const NEW_PASSWORD = "Brand-new-pass-2026";

describe("every settings call", () => {
  it.each([
    ["POST /api/settings/password", postPassword, {}],
    ["GET /api/settings/notifications", getNotifications, undefined],
    ["POST /api/settings/notifications", postNotifications, { type: "order", allow: false }],
    ["POST /api/settings/checkoutOptions", postCheckoutOptions, { payInPerson: true }],
  ] as const)("answers 401 to a visitor: %s", async (_, handler, body) => {
    const { status, body: answer } = await call(handler, request("/api/settings/x", null, body));
    expect(status).toBe(401);
    expect(answer).toEqual({
      message: "Please log in to continue.",
      requestId: expect.any(String),
    });
  });
});

describe("POST /api/settings/password", () => {
  it("answers 422 with the spec's messages", async () => {
    const customer = await createCustomer(db);
    const { status, body } = await call(
      postPassword,
      request("/api/settings/password", await tokenFor(customer), {
        currentPassword: DEFAULT_PASSWORD,
        newPassword: NEW_PASSWORD,
        confirmNewPassword: "Something-else-1",
      }),
    );
    expect(status).toBe(422);
    expect(body).toEqual({
      message: "Please check the form.",
      errors: { confirmNewPassword: ["New Password and Confirm New Password are mismatching."] },
      requestId: expect.any(String),
    });
  });

  it("answers 422 on the current password when it is wrong", async () => {
    const customer = await createCustomer(db);
    const { status, body } = await call(
      postPassword,
      request("/api/settings/password", await tokenFor(customer), {
        currentPassword: "Not-my-password-1",
        newPassword: NEW_PASSWORD,
        confirmNewPassword: NEW_PASSWORD,
      }),
    );
    expect(status).toBe(422);
    expect(body.errors).toEqual({ currentPassword: ["The current password is incorrect."] });
  });

  it("keeps this browser signed in with a new cookie and ends the other sessions", async () => {
    const customer = await createCustomer(db);
    const signedInAt = nowSeconds() - 60;
    const mine = await tokenFor(customer, signedInAt);
    const elsewhere = await tokenFor(customer);
    const { status, headers, body } = await call(
      postPassword,
      request("/api/settings/password", mine, {
        currentPassword: DEFAULT_PASSWORD,
        newPassword: NEW_PASSWORD,
        confirmNewPassword: NEW_PASSWORD,
      }),
    );
    expect(status).toBe(200);
    expect(body).toEqual({ message: expect.stringContaining("Your password has been changed") });
    const cookie = headers.get("set-cookie")!;
    expect(cookie).toMatch(/^_token=[^;]+; Path=\/; Max-Age=86400; SameSite=Lax; HttpOnly/);
    const fresh = decodeURIComponent(/^_token=([^;]+)/.exec(cookie)![1]!);

    const asBearer = (token: string) =>
      new Request(`${SITE}/api/profile`, { headers: { authorization: `Bearer ${token}` } });
    expect(await getSessionMemberFromRequest(asBearer(elsewhere))).toBeNull();
    expect(await getSessionMemberFromRequest(asBearer(mine))).toBeNull();
    expect(await getSessionMemberFromRequest(asBearer(fresh))).toMatchObject({ id: customer.id });
  });

  it("gives a bearer client its new token in the answer", async () => {
    const customer = await createCustomer(db);
    const { status, headers, body } = await call(
      postPassword,
      request(
        "/api/settings/password",
        await tokenFor(customer),
        {
          currentPassword: DEFAULT_PASSWORD,
          newPassword: NEW_PASSWORD,
          confirmNewPassword: NEW_PASSWORD,
        },
        "bearer",
      ),
    );
    expect(status).toBe(200);
    expect(headers.get("set-cookie")).toBeNull();
    const token = body.token as string;
    expect(
      await getSessionMemberFromRequest(
        new Request(SITE, { headers: { authorization: `Bearer ${token}` } }),
      ),
    ).toMatchObject({ id: customer.id });
  });
});

describe("/api/settings/notifications", () => {
  it("answers every type on by default, then saves one toggle", async () => {
    const customer = await createCustomer(db);
    const token = await tokenFor(customer);
    expect(
      (await call(getNotifications, request("/api/settings/notifications", token))).body,
    ).toEqual({
      notifications: {
        term: true,
        promotion: true,
        order: true,
        back_in_stock: true,
        message: true,
        review_reply: true,
        pickup_reminder: true,
      },
    });
    const saved = await call(
      postNotifications,
      request("/api/settings/notifications", token, { type: "promotion", allow: false }),
    );
    expect(saved).toMatchObject({
      status: 200,
      body: {
        notifications: {
          term: true,
          promotion: false,
          order: true,
          back_in_stock: true,
          message: true,
          review_reply: true,
          pickup_reminder: true,
        },
      },
    });
    expect(
      (await call(getNotifications, request("/api/settings/notifications", token))).body,
    ).toEqual({
      notifications: {
        term: true,
        promotion: false,
        order: true,
        back_in_stock: true,
        message: true,
        review_reply: true,
        pickup_reminder: true,
      },
    });
  });

  it("answers 422 for an unknown type", async () => {
    const customer = await createCustomer(db);
    const { status, body } = await call(
      postNotifications,
      request("/api/settings/notifications", await tokenFor(customer), {
        type: "spam",
        allow: false,
      }),
    );
    expect(status).toBe(422);
    expect(Object.keys(body.errors as object)).toEqual(["type"]);
  });
});

describe("POST /api/settings/checkoutOptions", () => {
  it("is for merchants only", async () => {
    const customer = await createCustomer(db);
    const { status } = await call(
      postCheckoutOptions,
      request("/api/settings/checkoutOptions", await tokenFor(customer), { payInPerson: true }),
    );
    expect(status).toBe(403);
  });

  it("refuses both options off with the spec's message", async () => {
    const merchant = await createMerchant(db);
    const { status, body } = await call(
      postCheckoutOptions,
      request("/api/settings/checkoutOptions", await tokenFor(merchant), {
        payInPerson: false,
        payByCard: false,
      }),
    );
    expect(status).toBe(422);
    expect(body).toEqual({
      message: "Please check the form.",
      errors: { payInPerson: ["You need to enable at least one option."] },
      requestId: expect.any(String),
    });
  });

  it("refuses {} (as the document does) rather than resetting the options to their defaults", async () => {
    const merchant = await createMerchant(db);
    const { status, body } = await call(
      postCheckoutOptions,
      request("/api/settings/checkoutOptions", await tokenFor(merchant), {}),
    );
    expect(status).toBe(422);
    expect(body).toEqual({
      message: "Please check the form.",
      errors: { payInPerson: ["Required Field"], payByCard: ["Required Field"] },
      requestId: expect.any(String),
    });
  });

  it("refuses pay by card while card payments are not configured", async () => {
    const merchant = await createMerchant(db);
    const { status, body } = await call(
      postCheckoutOptions,
      request("/api/settings/checkoutOptions", await tokenFor(merchant), {
        payInPerson: true,
        payByCard: true,
      }),
    );
    expect(status).toBe(422);
    expect(body.errors).toEqual({
      payByCard: ["Card payments are not configured on this marketplace yet."],
    });
  });

  it("saves pay in person", async () => {
    const merchant = await createMerchant(db);
    const { status, body } = await call(
      postCheckoutOptions,
      request("/api/settings/checkoutOptions", await tokenFor(merchant), {
        payInPerson: true,
        payByCard: false,
      }),
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      message: "Checkout options saved.",
      checkoutPaymentOptions: { payInPerson: true, payByCard: false },
    });
    // The store page shows the payment options: its cached copy is dropped.
    expect(testState.revalidated).toContain(`store:${merchant.username}`);
  });
});
