import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeForFile } from "./test-support";

/** Two receivers, as the app has: /platform and /connect, each verifying with its own secret. */
const received: Record<"platform" | "connect", Stripe.Event[]> = { platform: [], connect: [] };
let receiver: Server;
let base = "";

const fake = startFakeForFile({
  webhookSecret: "whsec_test_platform",
  connectWebhookSecret: "whsec_test_connect",
});

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      const endpoint = req.url === "/connect" ? "connect" : "platform";
      const secret = endpoint === "connect" ? fake().connectWebhookSecret : fake().webhookSecret;
      try {
        const header = String(req.headers["stripe-signature"]);
        received[endpoint].push(Stripe.webhooks.constructEvent(body, header, secret));
        res.writeHead(200).end();
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

beforeEach(() => {
  received.platform.length = 0;
  received.connect.length = 0;
  fake().setWebhookTarget(`${base}/platform`);
  fake().setConnectWebhookTarget(`${base}/connect`);
});

const RETURN_URL = "http://app.test/farm/payouts/return";
const REFRESH_URL = "http://app.test/farm/payouts/refresh";

function createCanadianFarm(stripe: Stripe) {
  return stripe.accounts.create({
    type: "express",
    country: "CA",
    email: "farm@example.test",
    business_type: "individual",
    capabilities: { transfers: { requested: true }, card_payments: { requested: true } },
    metadata: { merchantId: "42" },
  });
}

async function onboardingLink(stripe: Stripe, account: string) {
  return stripe.accountLinks.create({
    account,
    type: "account_onboarding",
    refresh_url: REFRESH_URL,
    return_url: RETURN_URL,
  });
}

/** Presses a button of the onboarding page as a browser would; answers where it redirects. */
async function press(url: string, action: "complete" | "leave") {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ action }),
    redirect: "manual",
  });
  return { status: response.status, location: response.headers.get("location") };
}

describe("connected accounts", () => {
  it("creates a Canadian Express account that can do nothing until onboarded", async () => {
    const account = await createCanadianFarm(fake().client());
    expect(account.id).toMatch(/^acct_/);
    expect(account).toMatchObject({
      object: "account",
      type: "express",
      country: "CA",
      default_currency: "cad",
      email: "farm@example.test",
      business_type: "individual",
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
      capabilities: { transfers: "inactive", card_payments: "inactive" },
      controller: { type: "application", stripe_dashboard: { type: "express" } },
      tos_acceptance: { service_agreement: "full" },
      metadata: { merchantId: "42" },
      requirements: { disabled_reason: "requirements.past_due", pending_verification: [] },
    });
    expect(account.requirements?.currently_due).toEqual(
      expect.arrayContaining(["external_account", "individual.dob.day", "tos_acceptance.date"]),
    );
    expect(account.requirements?.past_due).toEqual(account.requirements?.currently_due);
  });

  it("creates a US farm as a cross-border recipient of a Canadian platform", async () => {
    const account = await fake()
      .client()
      .accounts.create({
        controller: {
          stripe_dashboard: { type: "express" },
          fees: { payer: "application" },
          losses: { payments: "application" },
        },
        country: "US",
        capabilities: { transfers: { requested: true } },
        tos_acceptance: { service_agreement: "recipient" },
      });
    expect(account).toMatchObject({
      type: "express",
      country: "US",
      default_currency: "usd",
      capabilities: { transfers: "inactive" },
      controller: { fees: { payer: "application_express" } },
      tos_acceptance: { service_agreement: "recipient" },
    });
    expect(account.capabilities).not.toHaveProperty("card_payments");
  });

  it.each([
    [
      "a recipient that asks for card payments",
      {
        country: "US",
        capabilities: { transfers: { requested: true }, card_payments: { requested: true } },
        tos_acceptance: { service_agreement: "recipient" },
      },
      "capabilities[card_payments]",
    ],
    [
      "a US account under the full agreement of a Canadian platform",
      { country: "US", capabilities: { transfers: { requested: true } } },
      "tos_acceptance[service_agreement]",
    ],
    [
      "an account outside the cross-border regions",
      {
        country: "BR",
        capabilities: { transfers: { requested: true } },
        tos_acceptance: { service_agreement: "recipient" },
      },
      "country",
    ],
  ])("refuses %s (400)", async (_, params, param) => {
    const stripe = fake().client();
    await expect(
      stripe.accounts.create({ type: "express", ...params } as Stripe.AccountCreateParams),
    ).rejects.toMatchObject({ type: "StripeInvalidRequestError", statusCode: 400, param });
    expect(fake().count("account")).toBe(0);
  });

  it("updates metadata as a Connect event, signed with the Connect secret", async () => {
    const stripe = fake().client();
    const account = await createCanadianFarm(stripe);
    const updated = await stripe.accounts.update(account.id, { metadata: { merchantId: "43" } });
    expect(updated.metadata).toEqual({ merchantId: "43" });
    await fake().webhooksIdle();
    expect(received.platform).toEqual([]);
    expect(received.connect).toEqual([
      expect.objectContaining({
        type: "account.updated",
        account: account.id,
        data: expect.objectContaining({ previous_attributes: { metadata: { merchantId: "42" } } }),
      }),
    ]);
    const event = fake().events.at(-1) ?? { id: "", object: "event" };
    const signed = fake().signEvent(event, { connect: true });
    const secret = fake().connectWebhookSecret;
    expect(Stripe.webhooks.constructEvent(signed.payload, signed.header, secret).id).toBe(event.id);
    expect(() =>
      Stripe.webhooks.constructEvent(signed.payload, signed.header, fake().webhookSecret),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
    expect(await fake().deliver(event, { times: 2 })).toEqual([200, 200]);
    expect(received.connect).toHaveLength(3);
  });

  it("deletes an account", async () => {
    const stripe = fake().client();
    const account = await createCanadianFarm(stripe);
    expect(await stripe.accounts.del(account.id)).toMatchObject({ id: account.id, deleted: true });
    await expect(stripe.accounts.retrieve(account.id)).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe("onboarding through an account link", () => {
  it("completes onboarding on the hosted page, then returns to return_url", async () => {
    const stripe = fake().client();
    const account = await createCanadianFarm(stripe);
    const link = await onboardingLink(stripe, account.id);
    expect(link).toMatchObject({ object: "account_link", expires_at: link.created + 300 });
    expect(link.url).toBe(`${fake().url}/_fake/connect/onboarding/${link.url.split("/").at(-1)}`);

    const page = await fetch(link.url);
    const html = await page.text();
    expect(html).toContain("<h1>Set up payouts</h1>");
    expect(html).toContain('<button type="submit">Complete onboarding</button>');
    expect(html).toContain('<button type="submit">Leave for now</button>');

    expect(await press(link.url, "complete")).toEqual({ status: 303, location: RETURN_URL });
    const onboarded = await stripe.accounts.retrieve(account.id);
    expect(onboarded).toMatchObject({
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
      capabilities: { transfers: "active", card_payments: "active" },
      requirements: { currently_due: [], past_due: [], disabled_reason: null },
      external_accounts: { total_count: 1 },
    });

    await fake().webhooksIdle();
    expect(received.connect.map((e) => [e.type, e.account])).toEqual([
      ["account.updated", account.id],
    ]);
    const delivery = fake().deliveries.at(-1);
    expect(delivery).toMatchObject({ endpoint: "connect", url: `${base}/connect`, status: 200 });
  });

  it("sends a reopened, used or expired link to refresh_url; leaving changes nothing", async () => {
    const stripe = fake().client();
    const account = await createCanadianFarm(stripe);
    const open = (url: string) => fetch(url, { redirect: "manual" });

    const left = await onboardingLink(stripe, account.id);
    expect((await open(left.url)).status).toBe(200);
    expect((await open(left.url)).headers.get("location")).toBe(REFRESH_URL);
    expect(await press(left.url, "leave")).toEqual({ status: 303, location: RETURN_URL });
    expect(await press(left.url, "complete")).toEqual({ status: 303, location: REFRESH_URL });
    expect((await stripe.accounts.retrieve(account.id)).details_submitted).toBe(false);

    const stale = await onboardingLink(stripe, account.id);
    fake().expireAccountLinks();
    expect((await open(stale.url)).headers.get("location")).toBe(REFRESH_URL);
    expect((await open(`${fake().url}/_fake/connect/onboarding/alink_nope`)).status).toBe(404);
  });

  it("refuses an account_update link for an Express account", async () => {
    const stripe = fake().client();
    const account = await createCanadianFarm(stripe);
    await expect(
      stripe.accountLinks.create({
        account: account.id,
        type: "account_update",
        refresh_url: REFRESH_URL,
        return_url: RETURN_URL,
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: "type" });
  });
});

describe("login links", () => {
  it("opens the Express dashboard only once the account is onboarded", async () => {
    const stripe = fake().client();
    const account = await createCanadianFarm(stripe);
    await expect(stripe.accounts.createLoginLink(account.id)).rejects.toMatchObject({
      statusCode: 400,
      message: "Cannot create a login link for an account that has not completed onboarding.",
    });
    fake().completeOnboarding(account.id);
    const login = await stripe.accounts.createLoginLink(account.id);
    expect(login).toMatchObject({
      object: "login_link",
      url: `${fake().url}/_fake/connect/dashboard/${account.id}`,
    });
    expect(await (await fetch(login.url)).text()).toContain("<h1>Express dashboard</h1>");
  });
});

describe("requirements and deauthorization", () => {
  it("announces new requirements and a disconnected platform on the Connect endpoint", async () => {
    const stripe = fake().client();
    const account = await createCanadianFarm(stripe);
    fake().completeOnboarding(account.id);
    fake().setAccountRequirements(account.id, {
      past_due: ["individual.verification.document"],
      currently_due: ["individual.verification.document"],
      disabled_reason: "requirements.past_due",
      payouts_enabled: false,
      capabilities: { transfers: "inactive" },
    });
    expect(await stripe.accounts.retrieve(account.id)).toMatchObject({
      payouts_enabled: false,
      capabilities: { transfers: "inactive", card_payments: "active" },
      requirements: {
        currently_due: ["individual.verification.document"],
        eventually_due: ["individual.verification.document"],
        disabled_reason: "requirements.past_due",
      },
    });
    fake().deauthorizeAccount(account.id);
    await fake().webhooksIdle();
    expect(received.connect.map((e) => e.type)).toEqual([
      "account.updated",
      "account.updated",
      "account.application.deauthorized",
    ]);
    expect(received.connect.every((e) => e.account === account.id)).toBe(true);
  });

  it("refuses a Stripe-Account that is not one of the platform's accounts", async () => {
    const stripe = fake().client();
    await expect(stripe.balance.retrieve({}, { stripeAccount: "acct_nope" })).rejects.toMatchObject(
      { statusCode: 403 },
    );
  });
});
