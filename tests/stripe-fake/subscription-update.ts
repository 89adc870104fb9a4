/**
 * POST /v1/subscriptions/:id: plan changes (`items[i][id]` + `items[i][price]`), cancel at period
 * end and resume, default card, metadata. One customer.subscription.updated carries every change
 * with its previous_attributes.
 *
 * Plan changes keep the period. Prorations, as Stripe makes them: a line "Unused time on <old>"
 * of −round(old × unused fraction) and one "Remaining time on <new>" of +round(new × unused
 * fraction), where the unused fraction is (period end − proration date) / (period end − period
 * start) in seconds, each line rounded half up to a whole cent (Math.round). `always_invoice` bills
 * them now (a negative total is credited to the customer's balance), `create_prorations` (Stripe's
 * default) adds them to the next renewal, `none` drops them.
 */
import { customerPaymentMethod } from "./card-payment-methods";
import { invalidParam, invalidRequest } from "./errors";
import { readBool, readInt, readObject, readObjectList, readString } from "./form";
import { draftInvoice, finalizeInvoice, invoiceSecrets, type LineSpec } from "./invoice-create";
import {
  chargeInvoice,
  defaultPaymentMethod,
  NO_DEFAULT_PAYMENT_METHOD,
  offSessionRefusal,
} from "./invoice-payments";
import { expandOf, mergeMetadata, render, type Json } from "./objects";
import type { ApiContext } from "./router";
import type { FakeState } from "./state";
import { clone, type StripeObject } from "./store";
import { readPaymentBehavior } from "./subscription-create";
import { recurringOf, setItemPrice, subscribablePrice } from "./subscription-shape";

const PRORATIONS = ["always_invoice", "create_prorations", "none"];
const BEHAVIORS = [
  "allow_incomplete",
  "default_incomplete",
  "error_if_incomplete",
  "pending_if_incomplete",
];
const ENDED = ["canceled", "incomplete_expired"];

interface PriceChange {
  item: StripeObject;
  price: StripeObject;
  lines: LineSpec[];
}

/** Proration lines of the subscription waiting for its next renewal invoice (create_prorations). */
export const pendingProrations = (state: FakeState, subscription: StripeObject) =>
  ((state.store.secret(subscription.id).prorations as LineSpec[] | undefined) ??= []);

const day = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });

function prorationLines(
  state: FakeState,
  item: StripeObject,
  price: StripeObject,
  at: number,
): LineSpec[] {
  const start = Number(item.current_period_start);
  const end = Number(item.current_period_end);
  const fraction = (end - at) / (end - start);
  const old = item.price as Json;
  const quantity = Number(item.quantity);
  const name = (p: Json) =>
    String(state.store.get("product", String(p.product))?.name ?? p.product);
  const line = (p: Json, sign: number, label: string): LineSpec => ({
    amount: sign * Math.round(Number(p.unit_amount) * quantity * fraction),
    description: `${label} time on ${quantity} × ${name(p)} after ${day(at)}`,
    item,
    price: p,
    quantity,
    period: { start: at, end },
    proration: true,
  });
  return [line(old, -1, "Unused"), line(price, 1, "Remaining")];
}

function readPriceChanges(ctx: ApiContext, subscription: StripeObject): PriceChange[] {
  const { state, params } = ctx;
  const at = readInt(params, "proration_date") ?? state.store.now();
  return readObjectList(params, "items").flatMap((entry, i) => {
    const itemId = readString(entry, "id", `items[${i}][id]`);
    const priceId = readString(entry, "price", `items[${i}][price]`);
    if (!itemId || entry.deleted !== undefined || entry.price_data !== undefined) {
      throw invalidRequest(
        "The Stripe fake only changes the price of an existing item (items[i][id] with items[i][price]).",
        { param: `items[${i}]` },
      );
    }
    const item = state.store.get("subscription_item", itemId);
    if (!item || item.subscription !== subscription.id)
      throw invalidParam(`items[${i}][id]`, `No such subscription item: '${itemId}'`);
    if (!priceId || priceId === (item.price as Json).id) return [];
    const price = subscribablePrice(
      state,
      priceId,
      `items[${i}][price]`,
      String(subscription.currency),
    );
    const [was, now] = [recurringOf(item.price as Json), recurringOf(price)];
    if (was.interval !== now.interval || was.interval_count !== now.interval_count) {
      throw invalidRequest(
        "The Stripe fake does not change a subscription's billing interval (Stripe would reset the billing cycle).",
        { param: `items[${i}][price]` },
      );
    }
    return [{ item, price, lines: prorationLines(state, item, price, at) }];
  });
}

/** cancel_at_period_end, cancellation_details, default_payment_method, metadata, description. */
function plainChanges(ctx: ApiContext, subscription: StripeObject, periodEnd: number): Json {
  const { state, params } = ctx;
  const patch: Json = {};
  const pm = readString(params, "default_payment_method");
  if (pm !== undefined) {
    patch.default_payment_method = pm
      ? customerPaymentMethod(state, String(subscription.customer), pm, "default_payment_method").id
      : null;
  }
  if (params.metadata !== undefined)
    patch.metadata = mergeMetadata(subscription.metadata, params.metadata);
  const description = readString(params, "description");
  if (description !== undefined) patch.description = description || null;
  const details = { ...(subscription.cancellation_details as Json) };
  const atPeriodEnd = readBool(params, "cancel_at_period_end");
  if (atPeriodEnd !== undefined && atPeriodEnd !== subscription.cancel_at_period_end) {
    const now = state.store.now();
    patch.cancel_at_period_end = atPeriodEnd;
    patch.cancel_at = atPeriodEnd ? periodEnd : null;
    patch.canceled_at = atPeriodEnd ? now : null;
    details.reason = atPeriodEnd ? "cancellation_requested" : null;
    if (!atPeriodEnd) Object.assign(details, { comment: null, feedback: null });
    patch.cancellation_details = details;
  }
  const given = readObject(params, "cancellation_details");
  if (given) {
    for (const field of ["comment", "feedback"]) {
      const value = readString(given, field, `cancellation_details[${field}]`);
      if (value !== undefined) details[field] = value || null;
    }
    patch.cancellation_details = details;
  }
  return patch;
}

export function updateSubscription(ctx: ApiContext): Json {
  const { state, params, request, id } = ctx;
  const { store } = state;
  const subscription = store.getOrThrow("subscription", id, "subscription");
  if (ENDED.includes(String(subscription.status))) {
    const allowed = ["metadata", "cancellation_details", "expand"];
    if (Object.keys(params).some((name) => !allowed.includes(name)))
      throw invalidRequest(
        "A canceled subscription can only update its cancellation_details and metadata.",
      );
  }
  const proration = readString(params, "proration_behavior") ?? "create_prorations";
  if (!PRORATIONS.includes(proration))
    throw invalidParam(
      "proration_behavior",
      `Invalid proration_behavior: must be one of ${PRORATIONS.join(", ")}`,
    );
  const behavior = readPaymentBehavior(params, BEHAVIORS);
  const items = store.all("subscription_item").filter((i) => i.subscription === subscription.id);
  const periodEnd = Math.min(...items.map((item) => Number(item.current_period_end)));
  const patch = plainChanges(ctx, subscription, periodEnd);
  const changes = readPriceChanges(ctx, subscription);
  if (changes.length > 0 && subscription.status === "incomplete") {
    throw invalidRequest(
      "You cannot update a subscription in `incomplete` status in a way that results in a new invoice or invoice items. Only metadata and default_payment_method can be updated.",
    );
  }
  const lines = proration === "none" ? [] : changes.flatMap((change) => change.lines);
  const billNow = proration === "always_invoice" && lines.length > 0;
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const card = defaultPaymentMethod(
    state,
    { ...subscription, ...patch },
    String(subscription.customer),
  );
  const customer = store.getOrThrow("customer", String(subscription.customer), "customer");
  const charging = billNow && total + Number(customer.balance) > 0;
  const refusal = charging
    ? card
      ? offSessionRefusal(state, card)
      : invalidRequest(NO_DEFAULT_PAYMENT_METHOD)
    : null;
  if (refusal && behavior === "error_if_incomplete") throw refusal;
  const pending = refusal !== null && behavior === "pending_if_incomplete";

  const previous: Json = Object.fromEntries(
    Object.keys(patch).map((key) => [key, subscription[key]]),
  );
  if (changes.length > 0 && !pending) {
    previous.items = clone(subscription.items);
    for (const change of changes)
      setItemPrice(state, subscription, change.item.id, change.price.id);
  }
  if (pending) {
    const change = changes[0] as PriceChange;
    patch.pending_update = {
      billing_cycle_anchor: null,
      expires_at: store.now() + 23 * 3600,
      subscription_items: [{ ...change.item, price: { ...change.price } }],
      trial_end: null,
      trial_from_plan: null,
    };
    previous.pending_update = null;
  }
  if (proration === "create_prorations") pendingProrations(state, subscription).push(...lines);
  store.update(subscription, patch);
  const latestBefore = subscription.latest_invoice;
  const invoice = billNow
    ? draftInvoice(state, subscription, "subscription_update", lines, {
        start: store.now(),
        end: store.now(),
      })
    : null;
  if (invoice) previous.latest_invoice = latestBefore;
  if (Object.keys(previous).length > 0)
    state.emit("customer.subscription.updated", subscription, request, previous);
  if (invoice) {
    if (pending) {
      const change = changes[0] as PriceChange;
      invoiceSecrets(store, invoice).onPaid = { item: change.item.id, price: change.price.id };
    }
    finalizeInvoice(state, invoice, request, { setupFutureUsage: false });
    if (invoice.status === "open" && behavior !== "default_incomplete") {
      chargeInvoice(state, invoice, card, request);
    }
  }
  return render(store, subscription, expandOf(params));
}
