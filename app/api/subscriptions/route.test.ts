import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Fixed keys shared by the app's environment and the fake; the fake's address is set in beforeAll,
// before anything reads (and caches) the environment.
const testState = vi.hoisted(() => {
  const keys = {
    secretKey: "sk_test_plans_route_0123456789",
    publishableKey: "pk_test_plans_route_0123456789",
    webhookSecret: "whsec_plans_route_0123456789",
  };
  process.env.STRIPE_SECRET_KEY = keys.secretKey;
  process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY = keys.publishableKey;
  process.env.STRIPE_WEBHOOK_SECRET = keys.webhookSecret;
  delete process.env.STRIPE_API_BASE;
  return { keys };
});

import { encodeSessionToken, nowSeconds } from "@/server/auth/token";
import type { Db } from "@/server/db/client";
import { getEnv } from "@/server/env";
import { CARDS, payAsBrowser } from "@/tests/card-checkout";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import { createCustomer, createMerchant, type Member } from "@/server/db/seed/factories";
import { startStripeFake, type StripeFake } from "@/tests/stripe-fake";
import { POST as postCancel } from "./cancel/route";
import { POST as postCard } from "./card/route";
import { POST as postPlan } from "./plan/route";
import { POST as postResume } from "./resume/route";
import { GET as getSubscription, POST as postSubscription } from "./route";

const SITE = "http://localhost:3000";
const noParams = { params: Promise.resolve({}) };
let db: Db;
let fake: StripeFake;

beforeAll(async () => {
  [db, fake] = await Promise.all([createRouteTestDb(), startStripeFake(testState.keys)]);
  process.env.STRIPE_API_BASE = fake.url;
  if (getEnv().STRIPE_API_BASE !== fake.url)
    throw new Error("the environment was read before the Stripe fake started");
});
afterAll(async () => {
  await fake.close();
  await closeTestDb(db);
});

async function call(
  handler: (req: Request, ctx: typeof noParams) => Promise<Response>,
  method: string,
  path: string,
  member: Member | null,
  body?: unknown,
) {
  const headers = new Headers({ origin: SITE });
  if (member) {
    const token = await encodeSessionToken({
      memberId: member.id,
      sessionVersion: member.sessionVersion,
      signedInAt: nowSeconds(),
    });
    headers.set("cookie", `_token=${token}`);
  }
  if (body !== undefined) headers.set("content-type", "application/json");
  const response = await handler(
    new Request(new URL(path, SITE), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    noParams,
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const farm = () => createMerchant(db, { phone: "(416) 555-0101", currency: "CAD" });
const subscribe = (member: Member | null, body: unknown = { country: "canada", plan: "engager" }) =>
  call(postSubscription, "POST", "/api/subscriptions", member, body);

describe("the subscription calls", () => {
  it("refuse visitors (401) and customers (the spec's message), creating nothing", async () => {
    const customer = await createCustomer(db);
    expect((await subscribe(null)).status).toBe(401);
    expect(await subscribe(customer)).toMatchObject({
      status: 403,
      body: { message: "The subscription is for farmers only." },
    });
    for (const [handler, path] of [
      [postCard, "/api/subscriptions/card"],
      [postCancel, "/api/subscriptions/cancel"],
      [postResume, "/api/subscriptions/resume"],
    ] as const) {
      expect((await call(handler, "POST", path, null, {})).status).toBe(401);
      expect((await call(handler, "POST", path, customer, {})).status).toBe(403);
    }
    expect(fake.count("subscription")).toBe(0);
    expect(fake.count("customer")).toBe(0);
  });

  it.each([
    [{ country: "mexico", plan: "engager" }],
    [{ country: "canada", plan: "basic" }],
    [{ country: "canada", plan: "platinum" }],
    [{ country: "canada" }],
    [{ country: "canada", plan: "engager", amount: 1 }],
  ])("refuse a bad body %j with a 4xx and nothing made", async (body) => {
    const answer = await subscribe(await farm(), body);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(typeof answer.body.message).toBe("string");
    expect(fake.count("subscription")).toBe(0);
  });

  it("start one subscription for a farm however often it asks, and pay it through Stripe", async () => {
    const member = await farm();
    const first = await subscribe(member);
    const second = await subscribe(member);
    expect(first).toMatchObject({
      status: 200,
      body: { state: "awaiting_payment", plan: "engager", currency: "CAD", amountCents: 1299 },
    });
    expect(second.body.subscriptionId).toBe(first.body.subscriptionId);
    await payAsBrowser(fake, String(first.body.clientSecret), CARDS.visa);

    // The answer the pricing page reads; the webhook has not come, the state is Stripe's.
    const read = await call(getSubscription, "GET", "/api/subscriptions", member);
    expect(read.body.country).toBe("canada");
    const changed = await call(postPlan, "POST", "/api/subscriptions/plan", member, {
      plan: "engager",
    });
    expect(changed.status).toBe(409);
  });

  it("change, cancel and resume only the caller's own plan", async () => {
    const [owner, other] = [await farm(), await farm()];
    const started = await subscribe(owner, { country: "canada", plan: "harvest" });
    await payAsBrowser(fake, String(started.body.clientSecret), CARDS.visa);
    const { completeSubscriptionReturn } = await import("@/server/subscriptions");
    const { requireStripe } = await import("@/server/stripe");
    await completeSubscriptionReturn(db, requireStripe(), {
      memberId: owner.id,
      paymentIntentId: String(started.body.clientSecret).split("_secret_")[0],
    });

    // Another farm's calls reach only its own (absent) plan.
    expect((await call(postCancel, "POST", "/api/subscriptions/cancel", other, {})).status).toBe(
      409,
    );
    expect(
      (await call(postPlan, "POST", "/api/subscriptions/plan", other, { plan: "engager" })).status,
    ).toBe(409);

    const cancelled = await call(postCancel, "POST", "/api/subscriptions/cancel", owner, {});
    expect(cancelled).toMatchObject({
      status: 200,
      body: { subscription: { state: "expiring", plan: "harvest" } },
    });
    const resumed = await call(postResume, "POST", "/api/subscriptions/resume", owner, {});
    expect(resumed.body.subscription).toMatchObject({ state: "active", serviceExpiresAt: null });
    const downgraded = await call(postPlan, "POST", "/api/subscriptions/plan", owner, {
      plan: "engager",
    });
    expect(downgraded.body.subscription).toMatchObject({ plan: "engager" });
    const card = await call(postCard, "POST", "/api/subscriptions/card", owner, {});
    expect(String(card.body.clientSecret)).toMatch(/^seti_/);
  });

  it("tell a visitor which country's prices to show, and no plan", async () => {
    expect(await call(getSubscription, "GET", "/api/subscriptions", null)).toEqual({
      status: 200,
      body: { subscription: null, country: "canada" },
    });
  });
});
