/**
 * What a Subscription and its items look like at the pinned API version: the billing period lives
 * on each item (`current_period_start/end`), the item carries a copy of its Price and the legacy
 * Plan. Items are stored on their own (`subscription_item`); `syncItems` refreshes the
 * subscription's embedded `items` list after any change to them.
 */
import { invalidRequest } from "./errors";
import type { Json } from "./objects";
import type { FakeState } from "./state";
import type { StripeObject } from "./store";
import type { Recurring } from "./billing-periods";

export const recurringOf = (price: Json) => price.recurring as Recurring;

/** The legacy Plan Stripe still shows beside each item's Price. */
export function planOf(price: Json): Json {
  const recurring = recurringOf(price);
  return {
    id: price.id,
    object: "plan",
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: price.billing_scheme,
    created: price.created,
    currency: price.currency,
    interval: recurring.interval,
    interval_count: recurring.interval_count,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: "licensed",
  };
}

/** A price a subscription may use: existing, active, recurring, in `currency` when one is set. */
export function subscribablePrice(
  state: FakeState,
  id: string,
  param: string,
  currency?: string,
): StripeObject {
  const price = state.store.getOrThrow("price", id, param);
  if (!price.active) {
    throw invalidRequest(
      `The price specified is inactive. This field only accepts active prices.`,
      { param },
    );
  }
  if (!price.recurring) {
    throw invalidRequest(
      `The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`,
      { param },
    );
  }
  if (currency && price.currency !== currency) {
    throw invalidRequest(
      `The price specified (${price.id}) is in ${String(price.currency)}, but the subscription is in ${currency}. All prices on a subscription must share its currency.`,
      { param },
    );
  }
  return price;
}

export function itemsOf(state: FakeState, subscription: StripeObject): StripeObject[] {
  return state.store
    .all("subscription_item")
    .filter((item) => item.subscription === subscription.id);
}

/** Rewrites the subscription's embedded `items` list from the stored items. */
export function syncItems(state: FakeState, subscription: StripeObject): void {
  const data = itemsOf(state, subscription);
  state.store.update(subscription, {
    items: {
      object: "list",
      data,
      has_more: false,
      total_count: data.length,
      url: `/v1/subscription_items?subscription=${subscription.id}`,
    },
  });
}

/** The earliest period end among the items: when the subscription renews. */
export function periodEndOf(state: FakeState, subscription: StripeObject): number {
  return Math.min(...itemsOf(state, subscription).map((item) => Number(item.current_period_end)));
}

export function newItem(
  state: FakeState,
  subscription: string,
  price: StripeObject,
  quantity: number,
  period: { start: number; end: number },
  metadata: Json,
): StripeObject {
  return state.store.insert("subscription_item", {
    billing_thresholds: null,
    current_period_end: period.end,
    current_period_start: period.start,
    discounts: [],
    metadata,
    plan: planOf(price),
    price: { ...price },
    quantity,
    subscription,
    tax_rates: [],
  });
}

/** A new subscription's fields before its items and first invoice. */
export function subscriptionFields(now: number, fields: Json): Json {
  return {
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: now,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: { proration_discounts: "included" }, type: "flexible" },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: "charge_automatically",
    customer_account: null,
    days_until_due: null,
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, issuer: { type: "self" } },
    latest_invoice: null,
    managed_payments: null,
    metadata: {},
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: now,
    status: "incomplete",
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { missing_payment_method: "create_invoice" } },
    trial_start: null,
    ...fields,
  };
}

/** Moves one item to another price (a plan change); the period stays. */
export function setItemPrice(
  state: FakeState,
  subscription: StripeObject,
  itemId: string,
  priceId: string,
): void {
  const item = state.store.getOrThrow("subscription_item", itemId, "items");
  const price = state.store.getOrThrow("price", priceId, "price");
  state.store.update(item, { price: { ...price }, plan: planOf(price) });
  syncItems(state, subscription);
}
