/**
 * The fake's clock moving forward, as Stripe's test clocks do: everything due on the way happens in
 * time order, each at its own moment (the clock stands at that moment while it runs).
 *
 * - A period ends: with cancel_at_period_end the subscription is canceled
 *   (customer.subscription.deleted); otherwise the items move one interval on
 *   (customer.subscription.updated) and a `subscription_cycle` invoice is charged off session to
 *   the default card (invoice.created, invoice.finalized, invoice.paid, invoice.payment_succeeded,
 *   or invoice.payment_failed and past_due).
 * - A failed invoice is retried at `next_payment_attempt` (3, 5, 7 days after each failure); after
 *   the fourth failure the subscription is canceled (Stripe's default "cancel the subscription").
 * - An incomplete subscription 23 hours old becomes incomplete_expired and its invoice void.
 */
import { nextPeriod } from "./billing-periods";
import { invalidRequest } from "./errors";
import {
  draftInvoice,
  finalizeInvoice,
  planLineDescription,
  type LineSpec,
} from "./invoice-create";
import { chargeInvoice, defaultPaymentMethod, subscriptionOfInvoice } from "./invoice-payments";
import { voidInvoice } from "./invoices";
import type { Json } from "./objects";
import { NO_REQUEST, type FakeState } from "./state";
import { clone, type StripeObject } from "./store";
import { pendingProrations } from "./subscription-update";
import { itemsOf, periodEndOf, recurringOf, syncItems } from "./subscription-shape";
import { endSubscription } from "./subscriptions";

const INCOMPLETE_EXPIRES_AFTER = 23 * 3600;
const RENEWING = ["active", "past_due", "trialing"];

interface Due {
  at: number;
  run: () => void;
}

/** Moves the clock `seconds` forward, running everything that falls due on the way. */
export function advanceClock(state: FakeState, seconds: number): number {
  if (!Number.isFinite(seconds) || seconds < 0)
    throw invalidRequest("The clock only moves forward: advanceSeconds must be 0 or more.");
  const { store } = state;
  const target = store.now() + Math.floor(seconds);
  const setNow = (at: number) => {
    store.clockOffset = at - Math.floor(Date.now() / 1000);
  };
  // A guard against a loop that would never end (a period of zero length, say).
  for (let step = 0; step < 10_000; step++) {
    const next = nextDue(state);
    if (!next || next.at > target) break;
    const at = Math.max(next.at, store.now());
    setNow(at);
    store.standingAt = at;
    try {
      next.run();
    } finally {
      store.standingAt = null;
    }
  }
  setNow(target);
  return store.now();
}

function nextDue(state: FakeState): Due | undefined {
  const due: Due[] = [];
  for (const sub of state.store.all("subscription")) {
    if (RENEWING.includes(String(sub.status)))
      due.push({ at: periodEndOf(state, sub), run: () => endPeriod(state, sub) });
    if (sub.status === "incomplete")
      due.push({
        at: Number(sub.created) + INCOMPLETE_EXPIRES_AFTER,
        run: () => expire(state, sub),
      });
  }
  for (const invoice of state.store.all("invoice")) {
    if (invoice.status === "open" && typeof invoice.next_payment_attempt === "number")
      due.push({ at: invoice.next_payment_attempt, run: () => retry(state, invoice) });
  }
  return due.sort((a, b) => a.at - b.at)[0];
}

function endPeriod(state: FakeState, subscription: StripeObject): void {
  const end = periodEndOf(state, subscription);
  const cancelAt = subscription.cancel_at;
  if (subscription.cancel_at_period_end || (typeof cancelAt === "number" && cancelAt <= end)) {
    endSubscription(state, subscription, NO_REQUEST);
    return;
  }
  renew(state, subscription);
}

function renew(state: FakeState, subscription: StripeObject): void {
  const { store } = state;
  const previousItems = clone(subscription.items);
  const anchor = Number(subscription.billing_cycle_anchor);
  let ended = { start: 0, end: 0 };
  const lines: LineSpec[] = itemsOf(state, subscription).map((item) => {
    const price = item.price as Json;
    ended = { start: Number(item.current_period_start), end: Number(item.current_period_end) };
    const period = nextPeriod(anchor, recurringOf(price), ended.end);
    store.update(item, { current_period_start: period.start, current_period_end: period.end });
    const quantity = Number(item.quantity);
    return {
      amount: Number(price.unit_amount) * quantity,
      description: planLineDescription(state, price, quantity),
      item,
      price,
      quantity,
      period,
      proration: false,
    };
  });
  syncItems(state, subscription);
  const prorations = pendingProrations(state, subscription).splice(0);
  const latestBefore = subscription.latest_invoice;
  const invoice = draftInvoice(
    state,
    subscription,
    "subscription_cycle",
    [...prorations, ...lines],
    ended,
  );
  state.emit("customer.subscription.updated", subscription, NO_REQUEST, {
    items: previousItems,
    latest_invoice: latestBefore,
  });
  finalizeInvoice(state, invoice, NO_REQUEST, { setupFutureUsage: false });
  if (invoice.status !== "open") return;
  const card = defaultPaymentMethod(state, subscription, String(subscription.customer));
  chargeInvoice(state, invoice, card, NO_REQUEST);
}

function retry(state: FakeState, invoice: StripeObject): void {
  const subscription = subscriptionOfInvoice(state, invoice);
  if (!subscription || !RENEWING.includes(String(subscription.status))) {
    state.store.update(invoice, { next_payment_attempt: null });
    return;
  }
  const card = defaultPaymentMethod(state, subscription, String(subscription.customer));
  chargeInvoice(state, invoice, card, NO_REQUEST);
  if (invoice.status === "open" && invoice.next_payment_attempt === null)
    endSubscription(state, subscription, NO_REQUEST, "payment_failed");
}

function expire(state: FakeState, subscription: StripeObject): void {
  for (const invoice of state.store.all("invoice")) {
    if (invoice.status === "open" && subscriptionOfInvoice(state, invoice) === subscription)
      voidInvoice(state, invoice, NO_REQUEST);
  }
  state.store.update(subscription, { status: "incomplete_expired", ended_at: state.store.now() });
  state.emit("customer.subscription.updated", subscription, NO_REQUEST, { status: "incomplete" });
}
