import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Without the Stripe keys. getEnv() caches the environment per process, so this runs in a file of
// its own (Vitest gives each file its own process), apart from the card routes with keys.
vi.hoisted(() => {
  for (const name of [
    "STRIPE_SECRET_KEY",
    "STRIPE_WEBHOOK_SECRET",
    "NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY",
    "STRIPE_API_BASE",
  ])
    delete process.env[name];
});

import type { Delivery } from "@/lib/validation/checkout";
import { encodeSessionToken, nowSeconds } from "@/server/auth/token";
import type { Db } from "@/server/db/client";
import type { RouteHandler, RouteParams } from "@/server/http/route";
import { cardShop } from "@/tests/card-checkout";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import { POST as postWebhook } from "@/app/api/stripe/webhook/route";
import { POST as postCard } from "./route";
import { POST as postSaveCard } from "./saveCard/route";
import { DELETE as deleteSavedCard } from "./savedCards/[paymentMethodId]/route";
import { GET as getSavedCards } from "./savedCards/route";

const SITE = "http://localhost:3000";
const NOT_CONFIGURED = {
  message: "Card payments are not configured on this marketplace yet.",
  requestId: expect.any(String),
};

let db: Db;

beforeAll(async () => {
  db = await createRouteTestDb();
});
afterAll(() => closeTestDb(db));

function request(method: string, pathname: string, cookie: string | null, body?: unknown) {
  const headers = new Headers({ origin: SITE, "content-type": "application/json" });
  if (cookie) headers.set("cookie", cookie);
  return new Request(new URL(pathname, SITE), {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function call<P extends RouteParams>(handler: RouteHandler<P>, req: Request, params?: P) {
  const response = await handler(req, { params: Promise.resolve(params ?? ({} as P)) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("card routes without Stripe keys", () => {
  it.each([
    [
      "POST /api/checkout/card",
      (cookie: string, delivery: Delivery) =>
        call(postCard, request("POST", "/api/checkout/card", cookie, { delivery })),
    ],
    [
      "POST /api/checkout/card/saveCard",
      (cookie: string) =>
        call(
          postSaveCard,
          request("POST", "/api/checkout/card/saveCard", cookie, {
            orderNo: "8F3A0C19B2D4",
            saveCard: true,
          }),
        ),
    ],
    [
      "GET /api/checkout/card/savedCards",
      (cookie: string) =>
        call(getSavedCards, request("GET", "/api/checkout/card/savedCards", cookie)),
    ],
    [
      "DELETE /api/checkout/card/savedCards/{id}",
      (cookie: string) =>
        call(
          deleteSavedCard,
          request("DELETE", "/api/checkout/card/savedCards/pm_1Qabcdefghijklmnop", cookie),
          { paymentMethodId: "pm_1Qabcdefghijklmnop" },
        ),
    ],
    [
      "POST /api/stripe/webhook",
      () =>
        call(
          postWebhook,
          new Request(new URL("/api/stripe/webhook", SITE), {
            method: "POST",
            headers: {
              "stripe-signature": `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`,
            },
            body: JSON.stringify({ id: "evt_1", type: "payment_intent.succeeded" }),
          }),
        ),
    ],
  ])("%s answers 409: card payments are not configured", async (_, send) => {
    // A customer ready to pay by card (a cart and delivery details): only the keys are missing.
    const shop = await cardShop(db);
    const token = await encodeSessionToken({
      memberId: shop.customer.id,
      sessionVersion: shop.customer.sessionVersion,
      signedInAt: nowSeconds(),
    });

    expect(await send(`_token=${token}`, shop.delivery)).toEqual({
      status: 409,
      body: NOT_CONFIGURED,
    });
  });
});
