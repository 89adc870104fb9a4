import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.NEXTAUTH_SECRET = "plans-test-secret-plans-test-secret-000001";
  process.env.APP_URL = "http://localhost:3000";
});

import { getAddProductGate } from "@/server/catalog/get-add-product-gate";
import type { Db } from "@/server/db/client";
import { emailOutbox, members, subscriptions } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { handleStripeEvent } from "@/server/money/handle-stripe-event";
import { CARDS, payAsBrowser } from "@/tests/card-checkout";
import { createCustomer, createMerchant, createProduct } from "@/server/db/seed/factories";
import { startStripeFake, type StripeFake, type StripeObject } from "@/tests/stripe-fake";
import { postAsBrowser } from "@/tests/stripe-fake/test-support";
import { setupStripeTestDb } from "@/tests/stripe-test-db";
import { cancelSubscription, changePlan, resumeSubscription } from "./change-subscription";
import { completeSubscriptionReturn, startCardUpdate } from "./complete-subscription-return";
import { ensurePlanPrices, planLookupKey, PlanPriceMismatchError } from "./plan-prices";
import { sendPlanPaymentEmail } from "./send-plan-payment-email";
import { startSubscription, type SubscriptionCheckout } from "./start-subscription";
import { FARMERS_ONLY_MESSAGE, getEntitlement } from "./subscription-state";

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

const awaiting = (checkout: SubscriptionCheckout) => {
  if (checkout.state !== "awaiting_payment") throw new Error("expected a payment to make");
  return checkout;
};

/** A complete farm profile (phone and currency), as the product gate needs. */
async function farm(country: "CA" | "US" = "CA") {
  return createMerchant(db, {
    country,
    currency: country === "US" ? "USD" : "CAD",
    phone: "(416) 555-0101",
    payoutAcctSet: true,
  });
}

/** Subscribes a farm and pays the first invoice as the browser would, then comes back. */
async function subscribe(
  memberId: number,
  plan: "engager" | "harvest" = "engager",
  card: string = CARDS.visa,
  country: "canada" | "usa" = "canada",
) {
  const checkout = awaiting(await startSubscription(db, stripe, { memberId, country, plan }));
  const paid = await payAsBrowser(fake, checkout.clientSecret, card);
  const intentId = checkout.clientSecret.split("_secret_")[0]!;
  const outcome = await completeSubscriptionReturn(db, stripe, {
    memberId,
    paymentIntentId: intentId,
  });
  return { checkout, paid, outcome };
}

const rowOf = async (memberId: number) =>
  (await db.select().from(subscriptions).where(eq(subscriptions.memberId, memberId)))[0]!;

/** Delivers an event the way Stripe does (through the webhook's own dispatch). */
const deliver = (event: StripeObject) =>
  handleStripeEvent(db, stripe, event as unknown as Stripe.Event);

const eventsOf = (subscriptionId: string) =>
  fake.events.filter((event) => {
    const object = (event.data as { object: Record<string, unknown> }).object;
    const parent = object.parent as
      { subscription_details?: { subscription?: string } } | null | undefined;
    return (
      object.id === subscriptionId || parent?.subscription_details?.subscription === subscriptionId
    );
  });

describe("plan prices", () => {
  it("creates the four monthly prices once and finds them by lookup key afterwards", async () => {
    const first = await ensurePlanPrices(stripe);
    const again = await ensurePlanPrices(stripe);
    expect(first).toEqual(again);
    expect(first.map((p) => [p.plan, p.currency, p.cents])).toEqual([
      ["engager", "CAD", 1299],
      ["engager", "USD", 999],
      ["harvest", "CAD", 1999],
      ["harvest", "USD", 1699],
    ]);
    expect(fake.count("price")).toBe(4);
    expect(fake.count("product")).toBe(2);
  });

  it("refuses to start when Stripe's price does not charge what the pages show", async () => {
    const other = await startStripeFake();
    try {
      const client = other.client();
      await client.products.create({ id: "marketplace_plan_engager", name: "Engager plan" });
      await client.prices.create({
        product: "marketplace_plan_engager",
        currency: "cad",
        unit_amount: 1199,
        recurring: { interval: "month" },
        lookup_key: planLookupKey("engager", "CAD"),
      });
      await expect(ensurePlanPrices(client)).rejects.toBeInstanceOf(PlanPriceMismatchError);
    } finally {
      await other.close();
    }
  });
});

describe("subscribing", () => {
  it("is for farmers only, and a customer's attempt makes nothing at Stripe", async () => {
    const customer = await createCustomer(db);
    const before = fake.count("subscription");
    const error = await failure(
      startSubscription(db, stripe, { memberId: customer.id, country: "canada", plan: "engager" }),
    );
    expect([error.code, error.message]).toEqual(["forbidden", FARMERS_ONLY_MESSAGE]);
    expect(fake.count("subscription")).toBe(before);
    const metadataOf = (c: StripeObject) => c.metadata as Record<string, string> | undefined;
    expect(
      fake.list("customer").some((c) => metadataOf(c)?.member_id === String(customer.id)),
    ).toBe(false);
  });

  it("pays the first invoice, reads the state from Stripe and lifts the product limit", async () => {
    const member = await farm();
    await createProduct(db, { merchantId: member.id });
    await createProduct(db, { merchantId: member.id });
    const gate = await getAddProductGate(db, { memberId: member.id, cardPaymentsEnabled: true });
    expect(gate).toMatchObject({
      allowed: false,
      redirectTo: "/subscription/payment/canada/engager?q=require_next_subscription_for_products",
    });

    const { checkout, outcome } = await subscribe(member.id);
    expect(checkout).toMatchObject({ plan: "engager", currency: "CAD", amountCents: 1299 });
    expect(outcome).toEqual({ state: "completed", type: "create" });
    expect(await getEntitlement(db, member.id)).toMatchObject({ state: "active", plan: "engager" });
    expect(await rowOf(member.id)).toMatchObject({
      status: "active",
      cardBrand: "visa",
      cardLast4: "4242",
    });
    expect(
      await getAddProductGate(db, { memberId: member.id, cardPaymentsEnabled: true }),
    ).toMatchObject({ allowed: true, plan: "engager" });
  });

  it("answers the same subscription to a double click and to two tabs at once", async () => {
    const member = await farm();
    const before = fake.count("subscription");
    const [a, b] = await Promise.all([
      startSubscription(db, stripe, { memberId: member.id, country: "canada", plan: "harvest" }),
      startSubscription(db, stripe, { memberId: member.id, country: "canada", plan: "harvest" }),
    ]);
    const c = await startSubscription(db, stripe, {
      memberId: member.id,
      country: "canada",
      plan: "harvest",
    });
    expect(awaiting(a).subscriptionId).toBe(awaiting(b).subscriptionId);
    expect(awaiting(c).subscriptionId).toBe(awaiting(a).subscriptionId);
    expect(fake.count("subscription")).toBe(before + 1);
  });

  it("cancels an unpaid start when the farmer picks another plan or currency instead", async () => {
    const member = await farm();
    const first = awaiting(
      await startSubscription(db, stripe, {
        memberId: member.id,
        country: "canada",
        plan: "engager",
      }),
    );
    const second = awaiting(
      await startSubscription(db, stripe, {
        memberId: member.id,
        country: "canada",
        plan: "harvest",
      }),
    );
    expect(second.subscriptionId).not.toBe(first.subscriptionId);
    expect(fake.get("subscription", first.subscriptionId)?.status).toBe("canceled");
    // The cancelled start's event leaves the row on the new one, and not Expired.
    for (const event of eventsOf(first.subscriptionId)) await deliver(event);
    expect(await rowOf(member.id)).toMatchObject({
      stripeSubscriptionId: second.subscriptionId,
      plan: "harvest",
      status: "incomplete",
    });
    expect((await getEntitlement(db, member.id)).state).toBe("none");
  });

  it("keeps the farmer on their plan after a declined first payment, says why, and lets them retry", async () => {
    const member = await farm();
    const { paid, outcome } = await subscribe(member.id, "engager", CARDS.declined);
    expect(paid.status).toBe(402);
    expect(outcome).toEqual({ state: "failed", message: "Your card was declined." });
    expect(await getEntitlement(db, member.id)).toMatchObject({ state: "none", plan: "basic" });
    expect((await rowOf(member.id)).lastPaymentError).toBe("Your card was declined.");

    const retry = await subscribe(member.id, "engager", CARDS.visa);
    expect(retry.outcome).toEqual({ state: "completed", type: "create" });
    expect(retry.checkout.subscriptionId).toBe((await rowOf(member.id)).stripeSubscriptionId);
    expect(await rowOf(member.id)).toMatchObject({ status: "active", lastPaymentError: null });
  });

  it("refuses a second plan while one is in service, pointing at Change Plan", async () => {
    const member = await farm();
    await subscribe(member.id, "engager");
    const error = await failure(
      startSubscription(db, stripe, { memberId: member.id, country: "canada", plan: "harvest" }),
    );
    expect([error.code, error.message]).toEqual([
      "conflict",
      "You already have the Engager plan. Use Change Plan to move to Harvest.",
    ]);
  });

  it("never lets a farmer complete a return with another farmer's payment", async () => {
    const [a, b] = [await farm(), await farm()];
    const { checkout } = await subscribe(a.id);
    await startSubscription(db, stripe, { memberId: b.id, country: "canada", plan: "engager" });
    const error = await failure(
      completeSubscriptionReturn(db, stripe, {
        memberId: b.id,
        paymentIntentId: checkout.clientSecret.split("_secret_")[0]!,
      }),
    );
    expect(error.code).toBe("not_found");
    expect((await getEntitlement(db, b.id)).state).toBe("none");
  });
});

describe("managing a plan", () => {
  it("changes Engager to Harvest with a prorated payment, and refuses the plan one has", async () => {
    const member = await farm("US");
    await subscribe(member.id, "engager", CARDS.visa, "usa");
    const invoicesBefore = fake.count("invoice");
    await changePlan(db, stripe, { memberId: member.id, plan: "harvest" });
    expect(await getEntitlement(db, member.id)).toMatchObject({ state: "active", plan: "harvest" });
    expect(fake.count("invoice")).toBe(invoicesBefore + 1);
    expect((await rowOf(member.id)).currency).toBe("USD");

    const same = await failure(changePlan(db, stripe, { memberId: member.id, plan: "harvest" }));
    expect([same.code, same.message]).toEqual(["conflict", "You are already on the Harvest plan."]);
    // A double click sends the same key: one change, one invoice.
    const [x, y] = await Promise.allSettled([
      changePlan(db, stripe, { memberId: member.id, plan: "engager" }),
      changePlan(db, stripe, { memberId: member.id, plan: "engager" }),
    ]);
    expect([x.status, y.status].sort()).toEqual(["fulfilled", "rejected"]);
    expect((await getEntitlement(db, member.id)).plan).toBe("engager");
    expect(fake.count("invoice")).toBe(invoicesBefore + 2);
  });

  it("leaves the plan as it was when the card on file declines the change", async () => {
    const member = await farm();
    await subscribe(member.id, "engager");
    const { clientSecret } = await startCardUpdate(db, stripe, { memberId: member.id });
    const setupId = clientSecret.split("_secret_")[0]!;
    const confirmed = await postAsBrowser(fake, `/v1/setup_intents/${setupId}/confirm`, {
      client_secret: clientSecret,
      return_url: "http://localhost:3000/subscription/payment/canada/engager",
      payment_method: "pm_card_chargeCustomerFail",
    });
    expect(confirmed.status).toBe(200);
    expect(
      await completeSubscriptionReturn(db, stripe, { memberId: member.id, setupIntentId: setupId }),
    ).toEqual({ state: "completed", type: "update" });

    const error = await failure(changePlan(db, stripe, { memberId: member.id, plan: "harvest" }));
    expect(error.code).toBe("conflict");
    expect(error.message).toMatch(/^Your plan was not changed\. /);
    expect(await getEntitlement(db, member.id)).toMatchObject({ state: "active", plan: "engager" });
  });

  it("cancels at the period's end (Expiring with the date), then resubscribes before it", async () => {
    const member = await farm();
    await subscribe(member.id, "harvest");
    const periodEnd = (await rowOf(member.id)).currentPeriodEnd!;
    await cancelSubscription(db, stripe, { memberId: member.id });
    const expiring = await getEntitlement(db, member.id);
    expect(expiring).toMatchObject({ state: "expiring", plan: "harvest" });
    expect(expiring.serviceExpiresAt?.getTime()).toBe(periodEnd.getTime());
    expect((await getEntitlement(db, member.id, new Date(periodEnd.getTime() + 1000))).state).toBe(
      "expired",
    );

    const twice = await failure(cancelSubscription(db, stripe, { memberId: member.id }));
    expect(twice.message).toMatch(/^Your plan is already set to end on /);
    await resumeSubscription(db, stripe, { memberId: member.id });
    expect(await getEntitlement(db, member.id)).toMatchObject({
      state: "active",
      serviceExpiresAt: null,
    });
    const again = await failure(resumeSubscription(db, stripe, { memberId: member.id }));
    expect(again.message).toBe("Your Harvest plan is not set to end.");
  });

  it("subscribes again after the plan ended, as a resubscription", async () => {
    const member = await farm();
    const { checkout } = await subscribe(member.id, "engager");
    await stripe.subscriptions.cancel(checkout.subscriptionId);
    for (const event of eventsOf(checkout.subscriptionId)) await deliver(event);
    expect(await getEntitlement(db, member.id)).toMatchObject({
      state: "expired",
      paidPlan: "engager",
    });
    const again = await subscribe(member.id, "harvest");
    expect(again.checkout.kind).toBe("resubscribe");
    expect(again.outcome).toEqual({ state: "completed", type: "resubscribe" });
    expect(await getEntitlement(db, member.id)).toMatchObject({ state: "active", plan: "harvest" });
  });

  it("lets nobody manage a plan they do not have", async () => {
    const member = await farm();
    // One at a time: each call is made only when its refusal is awaited.
    for (const call of [
      () => changePlan(db, stripe, { memberId: member.id, plan: "harvest" }),
      () => cancelSubscription(db, stripe, { memberId: member.id }),
      () => resumeSubscription(db, stripe, { memberId: member.id }),
      () => startCardUpdate(db, stripe, { memberId: member.id }),
    ])
      expect((await failure(call())).code).toBe("conflict");
    const customer = await createCustomer(db);
    expect((await failure(cancelSubscription(db, stripe, { memberId: customer.id }))).message).toBe(
      FARMERS_ONLY_MESSAGE,
    );
  });
});

describe("webhooks", () => {
  it("reach Stripe's final state whatever the order, and process each event once", async () => {
    const member = await farm();
    const { checkout } = await subscribe(member.id, "engager");
    await changePlan(db, stripe, { memberId: member.id, plan: "harvest" });
    await cancelSubscription(db, stripe, { memberId: member.id });
    // Scramble what we wrote, then let the events (reversed, and each twice) put it right.
    await db
      .update(subscriptions)
      .set({ status: "active", plan: "engager", serviceExpiresAt: null, stripeSyncedAt: null })
      .where(eq(subscriptions.memberId, member.id));
    const events = eventsOf(checkout.subscriptionId).reverse();
    expect(events.length).toBeGreaterThan(4);
    for (const event of events) expect((await deliver(event)).duplicate).toBe(false);
    for (const event of events) expect((await deliver(event)).duplicate).toBe(true);
    expect(await getEntitlement(db, member.id)).toMatchObject({
      state: "expiring",
      plan: "harvest",
    });
  });

  it("never lets an older read overwrite a newer one", async () => {
    const member = await farm();
    const { checkout } = await subscribe(member.id, "engager");
    const created = eventsOf(checkout.subscriptionId).find(
      (e) => e.type === "customer.subscription.created",
    )!;
    await cancelSubscription(db, stripe, { memberId: member.id });
    const syncedAt = (await rowOf(member.id)).stripeSyncedAt!;
    await db
      .update(subscriptions)
      .set({ stripeSyncedAt: new Date(Date.now() + 60_000) })
      .where(eq(subscriptions.memberId, member.id));
    await deliver(created); // reads now, which is older than the (future) last read
    expect((await rowOf(member.id)).status).toBe("cancelled");
    expect(syncedAt).toBeInstanceOf(Date);
  });

  it("keeps a failed renewal in service for the grace period and mails the farmer once", async () => {
    const member = await farm();
    const { checkout } = await subscribe(member.id, "engager");
    // The card now declines: the renewal a month later fails.
    const pm = await stripe.paymentMethods.create({
      type: "card",
      card: { token: "tok_chargeCustomerFail" },
    });
    await stripe.paymentMethods.attach(pm.id, {
      customer: fake.get("subscription", checkout.subscriptionId)!.customer as string,
    });
    await stripe.subscriptions.update(checkout.subscriptionId, { default_payment_method: pm.id });
    const seen = new Set(fake.events.map((e) => e.id));
    fake.advanceClock(32 * 24 * 60 * 60); // other tests' plans renew too: only this one's events
    const renewal = eventsOf(checkout.subscriptionId).filter((e) => !seen.has(e.id));
    expect(renewal.map((e) => e.type)).toContain("invoice.payment_failed");
    let mails = 0;
    for (const event of renewal) {
      const effect = await deliver(event);
      if (effect.planPaymentProblem) {
        mails += 1;
        await sendPlanPaymentEmail(db, effect.planPaymentProblem);
      }
    }
    expect(mails).toBe(1);
    const entitlement = await getEntitlement(db, member.id);
    expect(entitlement).toMatchObject({ state: "past_due", plan: "engager" });
    const [member_] = await db.select().from(members).where(eq(members.id, member.id));
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, member_!.email));
    expect(mail?.subject).toBe("Your Engager plan payment needs attention");
    expect(mail?.html).toContain("/subscription/payment/canada/engager");
    // A week later, still unpaid: Basic applies until the card is fixed.
    expect(
      (await getEntitlement(db, member.id, new Date(Date.now() + 8 * 24 * 60 * 60 * 1000))).state,
    ).toBe("lapsed");
  });
});

describe("Stripe faults", () => {
  it("answers a 503 when Stripe is down, and a retry makes one subscription", async () => {
    const member = await farm();
    const before = fake.count("subscription");
    fake.injectFault({ method: "POST", path: "/v1/subscriptions", kind: "500" });
    const error = await failure(
      startSubscription(db, stripe, { memberId: member.id, country: "canada", plan: "engager" }),
    );
    expect(error.code).toBe("unavailable");
    expect(fake.count("subscription")).toBe(before);
    awaiting(
      await startSubscription(db, stripe, {
        memberId: member.id,
        country: "canada",
        plan: "engager",
      }),
    );
    expect(fake.count("subscription")).toBe(before + 1);
  });

  it("makes one subscription when Stripe's answer is lost and the farmer tries again", async () => {
    const member = await farm();
    const before = fake.count("subscription");
    fake.injectFault({ method: "POST", path: "/v1/subscriptions", kind: "lost", times: 3 });
    const error = await failure(
      startSubscription(db, stripe, { memberId: member.id, country: "canada", plan: "engager" }),
    );
    expect(error.code).toBe("unavailable");
    expect(fake.count("subscription")).toBe(before + 1); // made at Stripe, answer lost
    const retry = awaiting(
      await startSubscription(db, stripe, {
        memberId: member.id,
        country: "canada",
        plan: "engager",
      }),
    );
    expect(fake.count("subscription")).toBe(before + 1);
    expect(retry.subscriptionId).toBe(fake.list("subscription").at(-1)?.id);
  });
});
