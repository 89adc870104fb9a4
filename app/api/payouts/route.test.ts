import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Fixed keys shared by the app's environment and the fake; the fake's address is set in beforeAll,
// before anything reads (and caches) the environment.
const testState = vi.hoisted(() => {
  const keys = {
    secretKey: "sk_test_payouts_route_0123456789",
    publishableKey: "pk_test_payouts_route_0123456789",
    webhookSecret: "whsec_payouts_route_0123456789",
    connectWebhookSecret: "whsec_payouts_route_connect_0123456789",
  };
  process.env.STRIPE_SECRET_KEY = keys.secretKey;
  process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY = keys.publishableKey;
  process.env.STRIPE_WEBHOOK_SECRET = keys.webhookSecret;
  process.env.STRIPE_CONNECT_WEBHOOK_SECRET = keys.connectWebhookSecret;
  delete process.env.STRIPE_API_BASE;
  return { keys };
});

import { encodeSessionToken, nowSeconds } from "@/server/auth/token";
import type { Db } from "@/server/db/client";
import { getEnv } from "@/server/env";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import { createCustomer, createMerchant, type Member } from "@/server/db/seed/factories";
import { startStripeFake, type StripeFake } from "@/tests/stripe-fake";
import { POST as postConnectWebhook } from "../stripe/connect-webhook/route";
import { POST as postDashboard } from "./dashboard/route";
import { GET as getRefresh } from "./onboarding/refresh/route";
import { POST as postOnboarding } from "./onboarding/route";

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

async function request(method: string, path: string, member: Member | null) {
  const headers = new Headers({ origin: SITE });
  if (member) {
    const token = await encodeSessionToken({
      memberId: member.id,
      sessionVersion: member.sessionVersion,
      signedInAt: nowSeconds(),
    });
    headers.set("cookie", `_token=${token}`);
  }
  return new Request(new URL(path, SITE), { method, headers });
}

async function json(response: Response) {
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("the payout onboarding calls", () => {
  it("refuse visitors and members who are not farms", async () => {
    const customer = await createCustomer(db);
    for (const member of [null, customer]) {
      const answer = await json(
        await postOnboarding(await request("POST", "/api/payouts/onboarding", member), noParams),
      );
      expect(answer.status).toBe(member ? 403 : 401);
    }
    expect(fake.count("account")).toBe(0);
  });

  it("give a farm its onboarding link, and a fresh one through refresh_url", async () => {
    const farm = await createMerchant(db);
    const first = await json(
      await postOnboarding(await request("POST", "/api/payouts/onboarding", farm), noParams),
    );
    expect(first).toEqual({
      status: 200,
      body: { url: expect.stringContaining("/_fake/connect/onboarding/") },
    });
    const refresh = await getRefresh(
      await request("GET", "/api/payouts/onboarding/refresh", farm),
      noParams,
    );
    expect(refresh.status).toBe(303);
    expect(refresh.headers.get("location")).toContain("/_fake/connect/onboarding/");
    expect(refresh.headers.get("location")).not.toBe(first.body.url);
    expect(fake.count("account")).toBe(1);
  });

  it("open the Express dashboard only once the account is ready", async () => {
    const farm = await createMerchant(db);
    await postOnboarding(await request("POST", "/api/payouts/onboarding", farm), noParams);
    const before = await json(
      await postDashboard(await request("POST", "/api/payouts/dashboard", farm), noParams),
    );
    expect(before.status).toBe(404);

    const row = await db.query.members.findFirst({ where: (m, { eq }) => eq(m.id, farm.id) });
    fake.completeOnboarding(row!.stripeAccountId!);
    const event = fake.events.filter((e) => e.type === "account.updated").at(-1)!;
    const { payload, header } = fake.signEvent(event, { connect: true });
    const delivered = await postConnectWebhook(
      new Request(new URL("/api/stripe/connect-webhook", SITE), {
        method: "POST",
        headers: { "stripe-signature": header, "content-type": "application/json" },
        body: payload,
      }),
      noParams,
    );
    expect(await json(delivered)).toEqual({
      status: 200,
      body: { received: true, duplicate: false },
    });
    const after = await json(
      await postDashboard(await request("POST", "/api/payouts/dashboard", farm), noParams),
    );
    expect(after).toEqual({
      status: 200,
      body: { url: expect.stringContaining("/_fake/connect/dashboard/") },
    });
  });
});

describe("POST /api/stripe/connect-webhook", () => {
  it("refuses an event signed with the platform's secret, not the Connect one", async () => {
    const event = fake.makeEvent(
      "account.updated",
      { id: "acct_x", object: "account" },
      { account: "acct_x" },
    );
    const { payload, header } = fake.signEvent(event, { connect: false });
    const answer = await postConnectWebhook(
      new Request(new URL("/api/stripe/connect-webhook", SITE), {
        method: "POST",
        headers: { "stripe-signature": header },
        body: payload,
      }),
      noParams,
    );
    expect(await json(answer)).toEqual({
      status: 400,
      body: {
        message: "The webhook signature could not be verified.",
        requestId: expect.any(String),
      },
    });
  });
});
