/**
 * POST /v1/subscriptions. The first invoice is made and finalized at once. With
 * payment_behavior=default_incomplete the subscription waits, `incomplete`, for the invoice's
 * PaymentIntent to be confirmed (Stripe.js, with `latest_invoice.confirmation_secret`); with
 * allow_incomplete (Stripe's default) or error_if_incomplete the default card is charged off session
 * now, and error_if_incomplete refuses (402, nothing made) when that would fail. Nothing due: the
 * subscription is active at once, with a `pending_setup_intent` to collect a card.
 */
import { periodBoundary } from "./billing-periods";
import { customerPaymentMethod } from "./card-payment-methods";
import { invalidParam, invalidRequest, missingParam } from "./errors";
import { readBool, readInt, readList, readObject, readObjectList, readString } from "./form";
import {
  draftInvoice,
  finalizeInvoice,
  planLineDescription,
  type LineSpec,
} from "./invoice-create";
import {
  chargeInvoice,
  defaultPaymentMethod,
  NO_DEFAULT_PAYMENT_METHOD,
  offSessionRefusal,
} from "./invoice-payments";
import { expandOf, mergeMetadata, render, type Json } from "./objects";
import type { ApiContext } from "./router";
import { createSetupIntent } from "./setup-intents";
import type { StripeObject } from "./store";
import {
  newItem,
  recurringOf,
  subscribablePrice,
  subscriptionFields,
  syncItems,
} from "./subscription-shape";

const BEHAVIORS = ["allow_incomplete", "default_incomplete", "error_if_incomplete"];

export function readPaymentBehavior(params: ApiContext["params"], allowed: string[]) {
  const behavior = readString(params, "payment_behavior");
  if (behavior !== undefined && !allowed.includes(behavior)) {
    throw invalidParam(
      "payment_behavior",
      `Invalid payment_behavior: must be one of ${allowed.join(", ")}`,
    );
  }
  return behavior ?? "allow_incomplete";
}

function readPaymentSettings(params: ApiContext["params"]): Json {
  const settings = readObject(params, "payment_settings") ?? {};
  const save = readString(
    settings,
    "save_default_payment_method",
    "payment_settings[save_default_payment_method]",
  );
  if (save !== undefined && save !== "off" && save !== "on_subscription") {
    throw invalidParam(
      "payment_settings[save_default_payment_method]",
      "Invalid save_default_payment_method: must be one of off, on_subscription",
    );
  }
  const types = readList(
    settings,
    "payment_method_types",
    "payment_settings[payment_method_types]",
  );
  return {
    payment_method_options: null,
    payment_method_types: types.length > 0 ? types : null,
    save_default_payment_method: save ?? "off",
  };
}

function readItems(ctx: ApiContext) {
  const items = readObjectList(ctx.params, "items");
  if (items.length === 0) throw missingParam("items");
  let currency: string | undefined;
  let interval: string | undefined;
  return items.map((item, i) => {
    const priceId = readString(item, "price", `items[${i}][price]`);
    if (!priceId) throw missingParam(`items[${i}][price]`);
    const price = subscribablePrice(ctx.state, priceId, `items[${i}][price]`, currency);
    currency = String(price.currency);
    const recurring = recurringOf(price);
    const key = `${recurring.interval}/${recurring.interval_count}`;
    if (interval && interval !== key) {
      throw invalidRequest(
        "Currency and interval fields must match across all plans on a subscription.",
        { param: `items[${i}][price]` },
      );
    }
    interval = key;
    const quantity = readInt(item, "quantity", `items[${i}][quantity]`) ?? 1;
    return { price, quantity, metadata: mergeMetadata({}, item.metadata) };
  });
}

export function createSubscription(ctx: ApiContext): Json {
  const { state, params, request } = ctx;
  const { store } = state;
  const customerId = readString(params, "customer");
  if (!customerId) throw missingParam("customer");
  const customer = store.getOrThrow("customer", customerId, "customer");
  const items = readItems(ctx);
  const behavior = readPaymentBehavior(params, BEHAVIORS);
  const paymentSettings = readPaymentSettings(params);
  const pmParam = readString(params, "default_payment_method");
  const ownCard = pmParam
    ? customerPaymentMethod(state, customer.id, pmParam, "default_payment_method")
    : undefined;
  const card = ownCard ?? defaultPaymentMethod(state, undefined, customer.id);
  const total = items.reduce(
    (sum, item) => sum + Number(item.price.unit_amount) * item.quantity,
    0,
  );
  if (behavior === "error_if_incomplete" && total + Number(customer.balance) > 0) {
    if (!card) throw invalidRequest(NO_DEFAULT_PAYMENT_METHOD);
    const refusal = offSessionRefusal(state, card);
    if (refusal) throw refusal;
  }

  const now = store.now();
  const first = items[0]?.price as StripeObject;
  const period = { start: now, end: periodBoundary(now, recurringOf(first), 1) };
  const subscription = store.insert(
    "subscription",
    subscriptionFields(now, {
      currency: first.currency,
      customer: customer.id,
      default_payment_method: ownCard?.id ?? null,
      description: readString(params, "description") ?? null,
      metadata: mergeMetadata({}, params.metadata),
      payment_settings: paymentSettings,
      cancel_at_period_end: readBool(params, "cancel_at_period_end") ?? false,
    }),
  );
  const lines: LineSpec[] = items.map(({ price, quantity, metadata }) => ({
    item: newItem(state, subscription.id, price, quantity, period, metadata),
    price,
    quantity,
    amount: Number(price.unit_amount) * quantity,
    description: planLineDescription(state, price, quantity),
    period,
    proration: false,
  }));
  syncItems(state, subscription);
  if (subscription.cancel_at_period_end) {
    store.update(subscription, {
      cancel_at: period.end,
      canceled_at: now,
      cancellation_details: { comment: null, feedback: null, reason: "cancellation_requested" },
    });
  }
  const invoice = draftInvoice(state, subscription, "subscription_create", lines, {
    start: now,
    end: now,
  });
  state.emit("customer.subscription.created", subscription, request);
  finalizeInvoice(state, invoice, request, {
    setupFutureUsage: paymentSettings.save_default_payment_method === "on_subscription",
  });
  if (invoice.status === "paid" && behavior === "default_incomplete") {
    const setupIntent = createSetupIntent({
      ...ctx,
      params: {
        customer: customer.id,
        usage: "off_session",
        allowed_payment_method_types: (paymentSettings.payment_method_types as string[]) ?? [
          "card",
        ],
      },
    });
    store.update(subscription, { pending_setup_intent: setupIntent.id });
  }
  if (invoice.status === "open" && behavior !== "default_incomplete" && card) {
    const outcome = chargeInvoice(state, invoice, card, request);
    if (outcome.kind === "declined" && behavior === "error_if_incomplete") throw outcome.error;
  }
  return render(store, subscription, expandOf(params));
}
