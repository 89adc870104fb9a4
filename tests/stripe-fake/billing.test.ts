import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import {
  activeSubscription,
  createPlans,
  customerWithCard,
  eventTypesSince,
} from "./billing-support";
import { postAsBrowser, startFakeForFile } from "./test-support";

const fake = startFakeForFile();

describe("products and prices", () => {
  it("creates a product with a chosen id once, and refuses that id again", async () => {
    const stripe = fake().client();
    const product = await stripe.products.create(
      { id: "plan_engager", name: "Engager", metadata: { tier: "1" } },
      { idempotencyKey: "product-engager" },
    );
    expect(product).toMatchObject({
      id: "plan_engager",
      object: "product",
      active: true,
      name: "Engager",
      metadata: { tier: "1" },
      type: "service",
    });
    const replay = await stripe.products.create(
      { id: "plan_engager", name: "Engager", metadata: { tier: "1" } },
      { idempotencyKey: "product-engager" },
    );
    expect(replay.lastResponse.headers["idempotent-replayed"]).toBe("true");
    await expect(
      stripe.products.create({ id: "plan_engager", name: "Again" }),
    ).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      code: "resource_already_exists",
      statusCode: 400,
    });
    expect((await stripe.products.retrieve("plan_engager")).name).toBe("Engager");
    const generated = await stripe.products.create({ name: "Other" });
    expect(generated.id).toMatch(/^prod_/);
    expect((await stripe.products.list()).data.map((p) => p.id)).toEqual([
      generated.id,
      "plan_engager",
    ]);
    expect(fake().events.map((e) => e.type)).toEqual(["product.created", "product.created"]);
  });

  it("finds prices by lookup key with their product, and moves a key only when told to", async () => {
    const stripe = fake().client();
    const { engager } = await createPlans(stripe);
    expect(engager).toMatchObject({
      object: "price",
      active: true,
      currency: "cad",
      unit_amount: 1000,
      type: "recurring",
      recurring: { interval: "month", interval_count: 1, usage_type: "licensed" },
      lookup_key: "engager_monthly",
      product: "plan_engager",
    });
    const found = await stripe.prices.list({
      lookup_keys: ["engager_monthly", "cultivator_monthly"],
      active: true,
      expand: ["data.product"],
      limit: 10,
    });
    expect(found.data.map((p) => [p.lookup_key, (p.product as Stripe.Product).name])).toEqual([
      ["cultivator_monthly", "Cultivator"],
      ["engager_monthly", "Engager"],
    ]);

    const taken = {
      product: "plan_engager",
      currency: "cad",
      unit_amount: 1200,
      recurring: { interval: "month" as const },
      lookup_key: "engager_monthly",
    };
    await expect(stripe.prices.create(taken)).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      param: "lookup_key",
    });
    const raised = await stripe.prices.create({
      ...taken,
      transfer_lookup_key: true,
      nickname: "2027",
    });
    expect(raised).toMatchObject({ lookup_key: "engager_monthly", nickname: "2027" });
    expect((await stripe.prices.retrieve(engager.id)).lookup_key).toBeNull();
    const listed = await stripe.prices.list({ lookup_keys: ["engager_monthly"] });
    expect(listed.data.map((p) => p.id)).toEqual([raised.id]);

    const retired = await stripe.prices.update(engager.id, {
      active: false,
      lookup_key: "engager_old",
    });
    expect(retired).toMatchObject({ active: false, lookup_key: "engager_old" });
    expect((await stripe.prices.list({ active: true })).data.map((p) => p.id)).not.toContain(
      engager.id,
    );
    await expect(
      stripe.prices.update(raised.id, { lookup_key: "engager_old" }),
    ).rejects.toMatchObject({
      statusCode: 400,
    });
    const moved = await stripe.prices.update(raised.id, {
      lookup_key: "engager_old",
      transfer_lookup_key: true,
    });
    expect(moved.lookup_key).toBe("engager_old");
  });
});

describe("subscribing with default_incomplete", () => {
  async function subscribe() {
    const stripe = fake().client();
    const { engager } = await createPlans(stripe);
    const customer = await stripe.customers.create({ email: "farmer@example.test" });
    const before = fake().events.length;
    const subscription = await stripe.subscriptions.create(
      {
        customer: customer.id,
        items: [{ price: engager.id }],
        payment_behavior: "default_incomplete",
        payment_settings: {
          save_default_payment_method: "on_subscription",
          payment_method_types: ["card"],
        },
        expand: ["latest_invoice.confirmation_secret", "pending_setup_intent"],
        metadata: { farmerId: "17" },
      },
      { idempotencyKey: "subscribe-17" },
    );
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    const secret = String(invoice.confirmation_secret?.client_secret);
    const piId = secret.split("_secret_")[0] ?? "";
    return { stripe, engager, customer, before, subscription, invoice, secret, piId };
  }

  it("waits incomplete with an open invoice whose PaymentIntent Stripe.js can confirm", async () => {
    const { stripe, engager, customer, before, subscription, invoice, piId } = await subscribe();
    expect(subscription).toMatchObject({
      object: "subscription",
      status: "incomplete",
      customer: customer.id,
      currency: "cad",
      metadata: { farmerId: "17" },
      cancel_at_period_end: false,
      default_payment_method: null,
      pending_setup_intent: null,
      payment_settings: {
        save_default_payment_method: "on_subscription",
        payment_method_types: ["card"],
      },
    });
    expect(subscription.id).toMatch(/^sub_/);
    const [item] = subscription.items.data;
    expect(item).toMatchObject({
      object: "subscription_item",
      price: { id: engager.id, unit_amount: 1000 },
      plan: { id: engager.id, amount: 1000, interval: "month" },
      quantity: 1,
      subscription: subscription.id,
    });
    const start = new Date(Number(item?.current_period_start) * 1000);
    const end = new Date(Number(item?.current_period_end) * 1000);
    expect((end.getUTCMonth() - start.getUTCMonth() + 12) % 12).toBe(1);
    expect("current_period_end" in subscription).toBe(false);

    expect(invoice).toMatchObject({
      object: "invoice",
      status: "open",
      amount_due: 1000,
      amount_paid: 0,
      currency: "cad",
      customer: customer.id,
      billing_reason: "subscription_create",
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: subscription.id, metadata: { farmerId: "17" } },
      },
      lines: {
        object: "list",
        data: [
          {
            object: "line_item",
            amount: 1000,
            description: "1 × Engager (at $10.00 / month)",
            pricing: { price_details: { price: engager.id, product: "plan_engager" } },
          },
        ],
      },
      confirmation_secret: { type: "payment_intent" },
    });
    expect("payment_intent" in invoice).toBe(false);
    const pi = await stripe.paymentIntents.retrieve(piId);
    expect(pi).toMatchObject({
      amount: 1000,
      currency: "cad",
      customer: customer.id,
      setup_future_usage: "off_session",
      status: "requires_payment_method",
    });
    expect(eventTypesSince(fake(), before)).toEqual([
      "customer.subscription.created",
      "invoice.created",
      "invoice.finalized",
      "payment_intent.created",
    ]);
    // confirmation_secret is given only when expanded, as at Stripe
    expect("confirmation_secret" in (await stripe.invoices.retrieve(invoice.id))).toBe(false);
  });

  it("becomes active with the card as its default once Stripe.js pays the first invoice", async () => {
    const { stripe, subscription, invoice, secret, piId } = await subscribe();
    const before = fake().events.length;
    const confirmed = await postAsBrowser(fake(), `/v1/payment_intents/${piId}/confirm`, {
      client_secret: secret,
      payment_method: "pm_card_visa",
      return_url: "https://shop.test/plans/return",
    });
    expect(confirmed.body.status).toBe("succeeded");

    const active = await stripe.subscriptions.retrieve(subscription.id, {
      expand: ["latest_invoice", "default_payment_method"],
    });
    expect(active.status).toBe("active");
    expect((active.default_payment_method as Stripe.PaymentMethod).id).toBe(
      confirmed.body.payment_method,
    );
    const paid = active.latest_invoice as Stripe.Invoice;
    expect(paid).toMatchObject({
      id: invoice.id,
      status: "paid",
      amount_paid: 1000,
      amount_remaining: 0,
    });
    expect(paid.status_transitions.paid_at).toEqual(expect.any(Number));
    const withPayments = await stripe.invoices.retrieve(invoice.id, { expand: ["payments"] });
    expect(withPayments.payments?.data).toMatchObject([
      {
        object: "invoice_payment",
        status: "paid",
        amount_paid: 1000,
        payment: { payment_intent: piId },
      },
    ]);
    const types = eventTypesSince(fake(), before);
    expect(types).toEqual(
      expect.arrayContaining([
        "payment_intent.succeeded",
        "invoice.paid",
        "invoice.payment_succeeded",
        "customer.subscription.updated",
      ]),
    );
    const updated = fake().events.find((e) => e.type === "customer.subscription.updated");
    expect(updated?.data).toMatchObject({
      object: { id: subscription.id, status: "active" },
      previous_attributes: { status: "incomplete" },
    });
    const cards = await stripe.customers.listPaymentMethods(String(subscription.customer));
    expect(cards.data.map((card) => card.id)).toEqual([confirmed.body.payment_method]);
  });

  it("becomes active after 3-D Secure, and stays incomplete after a decline", async () => {
    const { stripe, subscription, invoice, secret, piId } = await subscribe();
    const declined = await postAsBrowser(fake(), `/v1/payment_intents/${piId}/confirm`, {
      client_secret: secret,
      payment_method: "pm_card_chargeDeclined",
    });
    expect(declined.status).toBe(402);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe("incomplete");
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({
      status: "open",
      attempt_count: 1,
    });
    expect(fake().events.map((e) => e.type)).toContain("invoice.payment_failed");

    const challenged = await postAsBrowser(fake(), `/v1/payment_intents/${piId}/confirm`, {
      client_secret: secret,
      payment_method: "pm_card_authenticationRequired",
    });
    expect(challenged.body.status).toBe("requires_action");
    fake().authenticate(piId, "succeed");
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe("active");
  });

  it("replays the creation for the same idempotency key", async () => {
    const { stripe, subscription, customer, engager } = await subscribe();
    const again = await stripe.subscriptions.create(
      {
        customer: customer.id,
        items: [{ price: engager.id }],
        payment_behavior: "default_incomplete",
        payment_settings: {
          save_default_payment_method: "on_subscription",
          payment_method_types: ["card"],
        },
        expand: ["latest_invoice.confirmation_secret", "pending_setup_intent"],
        metadata: { farmerId: "17" },
      },
      { idempotencyKey: "subscribe-17" },
    );
    expect(again.id).toBe(subscription.id);
    expect(fake().count("subscription")).toBe(1);
  });

  it("starts a free plan active, with a pending SetupIntent instead of a payment", async () => {
    const stripe = fake().client();
    await stripe.products.create({ id: "plan_free", name: "Free" });
    const free = await stripe.prices.create({
      product: "plan_free",
      currency: "cad",
      unit_amount: 0,
      recurring: { interval: "month" },
    });
    const customer = await stripe.customers.create({});
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: free.id }],
      payment_behavior: "default_incomplete",
      payment_settings: { save_default_payment_method: "on_subscription" },
      expand: ["latest_invoice.confirmation_secret", "pending_setup_intent"],
    });
    expect(subscription.status).toBe("active");
    expect(subscription.latest_invoice).toMatchObject({
      status: "paid",
      amount_due: 0,
      confirmation_secret: null,
    });
    const si = subscription.pending_setup_intent as Stripe.SetupIntent;
    expect(si).toMatchObject({
      object: "setup_intent",
      customer: customer.id,
      usage: "off_session",
    });
    expect(fake().count("payment_intent")).toBe(0);
    await postAsBrowser(fake(), `/v1/setup_intents/${si.id}/confirm`, {
      client_secret: String(si.client_secret),
      payment_method: "pm_card_visa",
    });
    const after = await stripe.subscriptions.retrieve(subscription.id);
    expect(after.pending_setup_intent).toBeNull();
    expect(after.default_payment_method).toMatch(/^pm_/);
  });
});

describe("subscribing with an immediate charge", () => {
  it("charges the default card at once and starts active", async () => {
    const stripe = fake().client();
    const { engager } = await createPlans(stripe);
    const { subscription, pm } = await activeSubscription(stripe, engager.id);
    expect(subscription.status).toBe("active");
    const invoice = await stripe.invoices.retrieve(String(subscription.latest_invoice));
    expect(invoice).toMatchObject({ status: "paid", amount_paid: 1000 });
    expect(subscription.default_payment_method).toBeNull();
    expect(pm.id).toMatch(/^pm_/);
  });

  it("refuses with a 402 and makes nothing when error_if_incomplete meets a decline", async () => {
    const stripe = fake().client();
    const { engager } = await createPlans(stripe);
    const { customer } = await customerWithCard(stripe, "pm_card_chargeCustomerFail");
    await expect(
      stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: engager.id }],
        payment_behavior: "error_if_incomplete",
      }),
    ).rejects.toMatchObject({ type: "StripeCardError", code: "card_declined", statusCode: 402 });
    expect(fake().count("subscription")).toBe(0);
    expect(fake().count("invoice")).toBe(0);

    const incomplete = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: engager.id }],
      payment_behavior: "allow_incomplete",
    });
    expect(incomplete.status).toBe("incomplete");
  });

  it("refuses error_if_incomplete without a default card", async () => {
    const stripe = fake().client();
    const { engager } = await createPlans(stripe);
    const customer = await stripe.customers.create({});
    await expect(
      stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: engager.id }],
        payment_behavior: "error_if_incomplete",
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe("changing plans", () => {
  /** Pins the proration to the middle of the first period, for exact amounts. */
  const middleOf = (subscription: Stripe.Subscription) => {
    const item = subscription.items.data[0] as Stripe.SubscriptionItem;
    return Math.floor((item.current_period_start + item.current_period_end) / 2);
  };

  it("upgrades now with always_invoice: prorates, charges the default card, keeps the period", async () => {
    const stripe = fake().client();
    const { engager, cultivator } = await createPlans(stripe);
    const { subscription } = await activeSubscription(stripe, engager.id);
    const item = subscription.items.data[0] as Stripe.SubscriptionItem;
    const before = fake().events.length;
    const at = middleOf(subscription);
    const fraction =
      (item.current_period_end - at) / (item.current_period_end - item.current_period_start);
    const upgraded = await stripe.subscriptions.update(
      subscription.id,
      {
        items: [{ id: item.id, price: cultivator.id }],
        proration_behavior: "always_invoice",
        payment_behavior: "error_if_incomplete",
        proration_date: at,
        metadata: { plan: "cultivator" },
        expand: ["latest_invoice"],
      },
      { idempotencyKey: "upgrade-1" },
    );
    expect(upgraded.items.data[0]).toMatchObject({
      id: item.id,
      price: { id: cultivator.id },
      current_period_start: item.current_period_start,
      current_period_end: item.current_period_end,
    });
    expect(upgraded.metadata).toEqual({ plan: "cultivator" });
    const invoice = upgraded.latest_invoice as Stripe.Invoice;
    const unused = -Math.round(1000 * fraction);
    const remaining = Math.round(3000 * fraction);
    expect(invoice).toMatchObject({
      billing_reason: "subscription_update",
      status: "paid",
      total: unused + remaining,
      amount_paid: unused + remaining,
    });
    expect(invoice.lines.data.map((line) => line.amount)).toEqual([unused, remaining]);
    expect(invoice.lines.data[0]?.description).toMatch(/^Unused time on 1 × Engager after /);
    const types = eventTypesSince(fake(), before);
    expect(types[0]).toBe("customer.subscription.updated");
    expect(types).toContain("invoice.paid");
    const updated = fake().events[before] as unknown as Stripe.Event | undefined;
    expect(updated?.data.previous_attributes).toMatchObject({
      items: { data: [{ price: { id: engager.id } }] },
      metadata: {},
    });
  });

  it("refuses a declined upgrade with a 402 and leaves the subscription unchanged", async () => {
    const stripe = fake().client();
    const { engager, cultivator } = await createPlans(stripe);
    const { subscription, customer } = await activeSubscription(stripe, engager.id);
    const failing = await stripe.paymentMethods.attach("pm_card_chargeCustomerFail", {
      customer: customer.id,
    });
    await stripe.subscriptions.update(subscription.id, { default_payment_method: failing.id });
    const item = subscription.items.data[0] as Stripe.SubscriptionItem;
    await expect(
      stripe.subscriptions.update(subscription.id, {
        items: [{ id: item.id, price: cultivator.id }],
        proration_behavior: "always_invoice",
        payment_behavior: "error_if_incomplete",
      }),
    ).rejects.toMatchObject({ type: "StripeCardError", statusCode: 402 });
    const after = await stripe.subscriptions.retrieve(subscription.id);
    expect(after.items.data[0]?.price.id).toBe(engager.id);
    expect(after.status).toBe("active");
    expect(fake().count("invoice")).toBe(1);
  });

  it("holds a declined upgrade as pending_update with pending_if_incomplete until the invoice is paid", async () => {
    const stripe = fake().client();
    const { engager, cultivator } = await createPlans(stripe);
    const { subscription, customer } = await activeSubscription(stripe, engager.id);
    const failing = await stripe.paymentMethods.attach("pm_card_chargeCustomerFail", {
      customer: customer.id,
    });
    await stripe.subscriptions.update(subscription.id, { default_payment_method: failing.id });
    const item = subscription.items.data[0] as Stripe.SubscriptionItem;
    const held = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: cultivator.id }],
      proration_behavior: "always_invoice",
      payment_behavior: "pending_if_incomplete",
    });
    expect(held.status).toBe("active");
    expect(held.items.data[0]?.price.id).toBe(engager.id);
    expect(held.pending_update?.subscription_items?.[0]?.price.id).toBe(cultivator.id);
    const visa = await stripe.paymentMethods.attach("pm_card_visa", { customer: customer.id });
    const paid = await stripe.invoices.pay(String(held.latest_invoice), {
      payment_method: visa.id,
    });
    expect(paid.status).toBe("paid");
    const applied = await stripe.subscriptions.retrieve(subscription.id);
    expect(applied.items.data[0]?.price.id).toBe(cultivator.id);
    expect(applied.pending_update).toBeNull();
  });

  it("credits a downgrade to the customer's balance", async () => {
    const stripe = fake().client();
    const { engager, cultivator } = await createPlans(stripe);
    const { subscription, customer } = await activeSubscription(stripe, cultivator.id);
    const item = subscription.items.data[0] as Stripe.SubscriptionItem;
    const downgraded = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: engager.id }],
      proration_behavior: "always_invoice",
      payment_behavior: "error_if_incomplete",
      proration_date: middleOf(subscription),
      expand: ["latest_invoice"],
    });
    const invoice = downgraded.latest_invoice as Stripe.Invoice;
    expect(invoice.total).toBeLessThan(0);
    expect(invoice).toMatchObject({ status: "paid", amount_due: 0, ending_balance: invoice.total });
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({
      balance: invoice.total,
    });
    expect(fake().count("payment_intent")).toBe(1);
  });

  it("changes the price without an invoice when proration_behavior is none", async () => {
    const stripe = fake().client();
    const { engager, cultivator } = await createPlans(stripe);
    const { subscription } = await activeSubscription(stripe, engager.id);
    const item = subscription.items.data[0] as Stripe.SubscriptionItem;
    const changed = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: cultivator.id }],
      proration_behavior: "none",
    });
    expect(changed.items.data[0]?.price.id).toBe(cultivator.id);
    expect(changed.latest_invoice).toBe(subscription.latest_invoice);
  });
});

describe("cancelling at the period end", () => {
  it("sets and clears cancel_at_period_end with cancel_at, canceled_at and the details", async () => {
    const stripe = fake().client();
    const { engager } = await createPlans(stripe);
    const { subscription } = await activeSubscription(stripe, engager.id);
    const periodEnd = subscription.items.data[0]?.current_period_end;
    const before = fake().events.length;
    const expiring = await stripe.subscriptions.update(subscription.id, {
      cancel_at_period_end: true,
    });
    expect(expiring).toMatchObject({
      status: "active",
      cancel_at_period_end: true,
      cancel_at: periodEnd,
      canceled_at: expect.any(Number),
      cancellation_details: { reason: "cancellation_requested" },
    });
    expect(fake().events[before]).toMatchObject({
      type: "customer.subscription.updated",
      data: {
        previous_attributes: { cancel_at_period_end: false, cancel_at: null, canceled_at: null },
      },
    });
    const resumed = await stripe.subscriptions.update(subscription.id, {
      cancel_at_period_end: false,
    });
    expect(resumed).toMatchObject({
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      cancellation_details: { reason: null },
    });
  });
});

describe("refusals", () => {
  it("refuses a default card the customer does not hold, and any change once canceled", async () => {
    const stripe = fake().client();
    const { engager } = await createPlans(stripe);
    const { subscription, customer } = await activeSubscription(stripe, engager.id);
    const stranger = await stripe.paymentMethods.create({
      type: "card",
      card: { token: "tok_visa" },
    } as Stripe.PaymentMethodCreateParams);
    await expect(
      stripe.subscriptions.update(subscription.id, { default_payment_method: stranger.id }),
    ).rejects.toMatchObject({ statusCode: 400, param: "default_payment_method" });
    await expect(
      stripe.customers.update(customer.id, {
        invoice_settings: { default_payment_method: stranger.id },
      }),
    ).rejects.toMatchObject({ statusCode: 400 });

    const canceled = await stripe.subscriptions.cancel(subscription.id, undefined, {
      idempotencyKey: "cancel-1",
    });
    expect(canceled).toMatchObject({ status: "canceled", ended_at: expect.any(Number) });
    expect(fake().events.at(-1)?.type).toBe("customer.subscription.deleted");
    await expect(
      stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true }),
    ).rejects.toMatchObject({ statusCode: 400 });
    const replay = await stripe.subscriptions.cancel(subscription.id, undefined, {
      idempotencyKey: "cancel-1",
    });
    expect(replay.lastResponse.headers["idempotent-replayed"]).toBe("true");
  });
});
