import type Stripe from "stripe";
import { describe, expect, it, vi } from "vitest";
import { activeSubscription, createPlans, eventTypesSince } from "./billing-support";
import { postAsBrowser, startFakeForFile } from "./test-support";

const fake = startFakeForFile();
const DAY = 86_400;

const periodOf = (subscription: Stripe.Subscription) => {
  const item = subscription.items.data[0] as Stripe.SubscriptionItem;
  return { start: item.current_period_start, end: item.current_period_end };
};

describe("the fake's clock", () => {
  it("moves now forward, through the helper and the control endpoint, and stamps new objects", async () => {
    // The fake's now is real time plus the advances, so a wall-clock second may tick between two
    // reads: each step is checked as "moved by the advance, plus at most a few real seconds".
    const movedBy = (from: number, to: number, seconds: number) => {
      expect(to - from).toBeGreaterThanOrEqual(seconds);
      expect(to - from).toBeLessThan(seconds + 5);
    };
    const start = fake().now();
    expect(Math.abs(start - Date.now() / 1000)).toBeLessThan(5);
    const afterDay = fake().advanceClock(DAY);
    movedBy(start, afterDay, DAY);
    const response = await fetch(`${fake().url}/_fake/clock`, {
      method: "POST",
      body: JSON.stringify({ advanceSeconds: 3600 }),
    });
    const { now } = (await response.json()) as { now: number };
    movedBy(afterDay, now, 3600);
    const customer = await fake().client().customers.create({});
    expect(customer.created).toBeGreaterThanOrEqual(start + DAY + 3600);
    fake().reset();
    expect(fake().now()).toBeLessThan(start + 60);
  });
});

describe("renewals", () => {
  it("renews at the period end: a subscription_cycle invoice paid off session, the period one month on", async () => {
    const stripe = fake().client();
    const { engager } = await createPlans(stripe);
    const { subscription } = await activeSubscription(stripe, engager.id);
    const first = periodOf(subscription);
    const before = fake().events.length;
    fake().advanceClock(first.end - fake().now() + 60);

    const renewed = await stripe.subscriptions.retrieve(subscription.id, {
      expand: ["latest_invoice"],
    });
    expect(renewed.status).toBe("active");
    const second = periodOf(renewed);
    expect(second.start).toBe(first.end);
    const [startDay, endDay] = [new Date(second.start * 1000), new Date(second.end * 1000)];
    expect((endDay.getUTCMonth() - startDay.getUTCMonth() + 12) % 12).toBe(1);
    const invoice = renewed.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      billing_reason: "subscription_cycle",
      status: "paid",
      amount_paid: 1000,
      created: first.end,
      period_start: first.start,
      period_end: first.end,
    });
    expect(invoice.lines.data[0]?.period).toEqual(second);
    expect(eventTypesSince(fake(), before)).toEqual([
      "customer.subscription.updated",
      "invoice.created",
      "invoice.finalized",
      "payment_intent.created",
      "charge.succeeded",
      "payment_intent.succeeded",
      "invoice.paid",
      "invoice.payment_succeeded",
    ]);
    const listed = await stripe.invoices.list({ subscription: subscription.id, limit: 10 });
    expect(listed.data.map((i) => i.billing_reason)).toEqual([
      "subscription_cycle",
      "subscription_create",
    ]);
  });

  it("ends a subscription set to cancel at the period end, and keeps one that was resumed", async () => {
    const stripe = fake().client();
    const { engager } = await createPlans(stripe);
    const { subscription: leaving, customer } = await activeSubscription(stripe, engager.id);
    const staying = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: engager.id }],
      payment_behavior: "error_if_incomplete",
    });
    await stripe.subscriptions.update(leaving.id, { cancel_at_period_end: true });
    await stripe.subscriptions.update(staying.id, { cancel_at_period_end: true });
    await stripe.subscriptions.update(staying.id, { cancel_at_period_end: false });
    const end = periodOf(leaving).end;
    fake().advanceClock(end - fake().now() + 60);

    const ended = await stripe.subscriptions.retrieve(leaving.id);
    expect(ended).toMatchObject({ status: "canceled", ended_at: end, cancel_at: end });
    expect(fake().events.filter((e) => e.type === "customer.subscription.deleted")).toMatchObject([
      { data: { object: { id: leaving.id, status: "canceled" } } },
    ]);
    expect((await stripe.subscriptions.retrieve(staying.id)).status).toBe("active");
    const active = await stripe.subscriptions.list({ customer: customer.id });
    expect(active.data.map((s) => s.id)).toEqual([staying.id]);
    const all = await stripe.subscriptions.list({ customer: customer.id, status: "all" });
    expect(all.data.map((s) => s.id)).toEqual([staying.id, leaving.id]);
    const canceled = await stripe.subscriptions.list({ status: "canceled", price: engager.id });
    expect(canceled.data.map((s) => s.id)).toEqual([leaving.id]);
  });

  it("goes past_due on a declined renewal, then active again once a new card pays the invoice", async () => {
    const stripe = fake().client();
    const { engager } = await createPlans(stripe);
    const { subscription, customer } = await activeSubscription(stripe, engager.id);
    const failing = await stripe.paymentMethods.attach("pm_card_chargeCustomerFail", {
      customer: customer.id,
    });
    await stripe.subscriptions.update(subscription.id, { default_payment_method: failing.id });
    const before = fake().events.length;
    fake().advanceClock(periodOf(subscription).end - fake().now() + 60);

    const pastDue = await stripe.subscriptions.retrieve(subscription.id, {
      expand: ["latest_invoice"],
    });
    expect(pastDue.status).toBe("past_due");
    const invoice = pastDue.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: "open", attempt_count: 1, attempted: true });
    expect(invoice.next_payment_attempt).toBe(invoice.created + 3 * DAY);
    const types = eventTypesSince(fake(), before);
    expect(types).toEqual(expect.arrayContaining(["invoice.payment_failed"]));
    expect(types.at(-1)).toBe("customer.subscription.updated");
    expect(fake().events.at(-1)?.data).toMatchObject({
      object: { status: "past_due" },
      previous_attributes: { status: "active" },
    });

    await expect(stripe.invoices.pay(invoice.id)).rejects.toMatchObject({
      type: "StripeCardError",
      statusCode: 402,
    });
    expect((await stripe.invoices.retrieve(invoice.id)).status).toBe("open");

    // The farmer saves a new card through a SetupIntent (Stripe.js confirmSetup). At the pinned
    // API version a SetupIntent takes allowed_payment_method_types, not payment_method_types.
    const setup = {
      customer: customer.id,
      usage: "off_session" as const,
      metadata: { farmerId: "17" },
    };
    await expect(
      stripe.setupIntents.create({
        ...setup,
        payment_method_types: ["card"],
      } as Stripe.SetupIntentCreateParams),
    ).rejects.toMatchObject({ code: "parameter_unknown", param: "payment_method_types" });
    const si = await stripe.setupIntents.create({
      ...setup,
      allowed_payment_method_types: ["card"],
    });
    const confirmed = await postAsBrowser(fake(), `/v1/setup_intents/${si.id}/confirm`, {
      client_secret: String(si.client_secret),
      payment_method: "pm_card_mastercard",
    });
    expect(confirmed.body.status).toBe("succeeded");
    const card = String(confirmed.body.payment_method);
    expect((await stripe.paymentMethods.retrieve(card)).customer).toBe(customer.id);
    await stripe.subscriptions.update(subscription.id, { default_payment_method: card });
    const paid = await stripe.invoices.pay(invoice.id, {}, { idempotencyKey: "pay-1" });
    expect(paid).toMatchObject({ status: "paid", amount_paid: 1000, attempt_count: 3 });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe("active");
    await expect(stripe.invoices.pay(invoice.id)).rejects.toMatchObject({ statusCode: 400 });
  });

  it("asks for 3-D Secure on a renewal with a card that always needs it", async () => {
    const stripe = fake().client();
    const { engager } = await createPlans(stripe);
    const { subscription, customer } = await activeSubscription(stripe, engager.id);
    const strict = await stripe.paymentMethods.attach("pm_card_authenticationRequired", {
      customer: customer.id,
    });
    await stripe.customers.update(customer.id, {
      invoice_settings: { default_payment_method: strict.id },
    });
    fake().advanceClock(periodOf(subscription).end - fake().now() + 60);
    const types = fake().events.map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining(["invoice.payment_failed", "invoice.payment_action_required"]),
    );
    const pastDue = await stripe.subscriptions.retrieve(subscription.id, {
      expand: ["latest_invoice.confirmation_secret"],
    });
    expect(pastDue.status).toBe("past_due");
    const secret = (pastDue.latest_invoice as Stripe.Invoice).confirmation_secret?.client_secret;
    const piId = String(secret).split("_secret_")[0] ?? "";
    expect((await stripe.paymentIntents.retrieve(piId)).status).toBe("requires_action");
    fake().authenticate(piId, "succeed");
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe("active");
  });

  it("retries a failed renewal after 3, 5 and 7 days, then cancels the subscription", async () => {
    const stripe = fake().client();
    const { engager } = await createPlans(stripe);
    const { subscription, customer } = await activeSubscription(stripe, engager.id);
    const failing = await stripe.paymentMethods.attach("pm_card_chargeCustomerFail", {
      customer: customer.id,
    });
    await stripe.subscriptions.update(subscription.id, { default_payment_method: failing.id });
    const end = periodOf(subscription).end;
    fake().advanceClock(end - fake().now() + 14 * DAY);
    const invoice = await stripe.invoices.retrieve(
      String((await stripe.subscriptions.retrieve(subscription.id)).latest_invoice),
    );
    expect(invoice).toMatchObject({ status: "open", attempt_count: 3 });
    expect(invoice.next_payment_attempt).toBe(end + 15 * DAY);
    fake().advanceClock(2 * DAY);
    const canceled = await stripe.subscriptions.retrieve(subscription.id);
    expect(canceled).toMatchObject({
      status: "canceled",
      ended_at: end + 15 * DAY,
      cancellation_details: { reason: "payment_failed" },
    });
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({
      status: "open",
      attempt_count: 4,
      next_payment_attempt: null,
    });
  });

  it("dates what falls due at its own moment, however many real seconds its run takes", async () => {
    const stripe = fake().client();
    const { engager } = await createPlans(stripe);
    const { subscription, customer } = await activeSubscription(stripe, engager.id);
    const failing = await stripe.paymentMethods.attach("pm_card_chargeCustomerFail", {
      customer: customer.id,
    });
    await stripe.subscriptions.update(subscription.id, { default_payment_method: failing.id });
    const end = periodOf(subscription).end;
    // Every reading of the real clock during the advance is 1.5 s after the one before (CI ran a
    // retry across a second once: its next date came out a second late).
    const realNow = Date.now.bind(Date);
    let readings = 0;
    const slow = vi.spyOn(Date, "now").mockImplementation(() => realNow() + 1500 * readings++);
    try {
      fake().advanceClock(end - fake().now() + 14 * DAY);
    } finally {
      slow.mockRestore();
    }
    const invoice = await stripe.invoices.retrieve(
      String((await stripe.subscriptions.retrieve(subscription.id)).latest_invoice),
    );
    expect(invoice).toMatchObject({ status: "open", attempt_count: 3 });
    expect(invoice.next_payment_attempt).toBe(end + 15 * DAY);
  });

  it("bills create_prorations on the next renewal invoice", async () => {
    const stripe = fake().client();
    const { engager, cultivator } = await createPlans(stripe);
    const { subscription } = await activeSubscription(stripe, engager.id);
    const item = subscription.items.data[0] as Stripe.SubscriptionItem;
    fake().advanceClock(10 * DAY);
    await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: cultivator.id }],
    });
    expect(fake().count("invoice")).toBe(1);
    fake().advanceClock(periodOf(subscription).end - fake().now() + 60);
    const renewed = await stripe.subscriptions.retrieve(subscription.id, {
      expand: ["latest_invoice"],
    });
    const invoice = renewed.latest_invoice as Stripe.Invoice;
    const amounts = invoice.lines.data.map((line) => line.amount);
    expect(amounts).toHaveLength(3);
    expect(amounts[0]).toBeLessThan(0);
    expect(amounts[2]).toBe(3000);
    expect(invoice.amount_paid).toBe(amounts.reduce((a, b) => a + b, 0));
  });
});

describe("incomplete subscriptions", () => {
  async function incomplete() {
    const stripe = fake().client();
    const { engager } = await createPlans(stripe);
    const customer = await stripe.customers.create({});
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: engager.id }],
      payment_behavior: "default_incomplete",
    });
    return { stripe, subscription };
  }

  it("expires after 23 hours: incomplete_expired, its invoice void", async () => {
    const { stripe, subscription } = await incomplete();
    fake().advanceClock(22 * 3600);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe("incomplete");
    fake().advanceClock(3600 + 60);
    const expired = await stripe.subscriptions.retrieve(subscription.id, {
      expand: ["latest_invoice"],
    });
    expect(expired.status).toBe("incomplete_expired");
    expect((expired.latest_invoice as Stripe.Invoice).status).toBe("void");
    expect(fake().events.at(-1)).toMatchObject({
      type: "customer.subscription.updated",
      data: { previous_attributes: { status: "incomplete" } },
    });
    const open = await stripe.invoices.list({ status: "open" });
    expect(open.data).toEqual([]);
  });

  it("cancels at once when asked: canceled, not incomplete_expired", async () => {
    const { stripe, subscription } = await incomplete();
    const canceled = await stripe.subscriptions.cancel(subscription.id);
    expect(canceled.status).toBe("canceled");
    expect(fake().events.at(-1)?.type).toBe("customer.subscription.deleted");
  });
});
