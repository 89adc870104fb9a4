/**
 * Paying subscription invoices, and what that does to the subscription. An invoice's PaymentIntent
 * is confirmed by Stripe.js (the first invoice) or off session by the fake (renewals, plan changes,
 * `invoices.pay`); payment-attempts.ts tells `onIntentSucceeded` / `onIntentFailed` either way.
 * Paid: the subscription becomes active (and, with save_default_payment_method=on_subscription,
 * keeps the card as its default). Failed: invoice.payment_failed, and a subscription past its first
 * invoice becomes past_due; Stripe retries after 3, 5 and 7 days (the clock runs the retries).
 */
import { attemptCard, threeDSecureAction } from "./confirm-card";
import { cardError, invalidRequest, StripeApiError } from "./errors";
import { invoiceSecrets } from "./invoice-create";
import { render, type Json } from "./objects";
import { confirmPayment } from "./payment-attempts";
import type { RequestRef } from "./router";
import type { FakeState } from "./state";
import { clone, type StripeObject } from "./store";
import { setItemPrice } from "./subscription-shape";

const DAY = 86_400;
/** Days until the next automatic retry after the 1st, 2nd, 3rd failure; none after the 4th. */
const RETRY_DAYS = [3, 5, 7];

export type ChargeOutcome = { kind: "paid" } | { kind: "declined"; error: StripeApiError };

export const NO_DEFAULT_PAYMENT_METHOD =
  "This customer has no attached payment source or default payment method. Please consider adding a default payment method. For more information, visit https://stripe.com/docs/billing/subscriptions/payment-methods-setting#payment-method-priority.";

export function subscriptionOfInvoice(
  state: FakeState,
  invoice: StripeObject,
): StripeObject | undefined {
  const parent = invoice.parent as { subscription_details?: { subscription?: string } } | null;
  const id = parent?.subscription_details?.subscription;
  return id ? state.store.get("subscription", id) : undefined;
}

/** The card an invoice is charged to: the subscription's default, else the customer's. */
export function defaultPaymentMethod(
  state: FakeState,
  subscription: StripeObject | undefined,
  customerId: string,
): StripeObject | undefined {
  const customer = state.store.get("customer", customerId);
  const settings = customer?.invoice_settings as { default_payment_method?: string | null };
  const id = subscription?.default_payment_method ?? settings?.default_payment_method;
  return typeof id === "string" ? state.store.get("payment_method", id) : undefined;
}

/** The 402 an off-session charge of `pm` would get now, or null if it would succeed. */
export function offSessionRefusal(state: FakeState, pm: StripeObject): StripeApiError | null {
  const attempt = attemptCard(state, pm, { offSession: true, setup: false });
  return attempt.kind === "decline" ? cardError(attempt) : null;
}

/** The invoice is paid: invoice.paid, invoice.payment_succeeded, and the subscription follows. */
export function settleInvoice(
  state: FakeState,
  invoice: StripeObject,
  paymentMethod: string | null,
  request: RequestRef,
): void {
  const { store } = state;
  const now = store.now();
  store.update(invoice, {
    status: "paid",
    amount_paid: invoice.amount_due,
    amount_remaining: 0,
    attempted: true,
    attempt_count: Number(invoice.attempt_count) + (paymentMethod ? 1 : 0),
    next_payment_attempt: null,
    status_transitions: { ...(invoice.status_transitions as Json), paid_at: now },
  });
  for (const payment of store.all("invoice_payment")) {
    if (payment.invoice !== invoice.id || payment.status !== "open") continue;
    store.update(payment, {
      status: "paid",
      amount_paid: invoice.amount_due,
      status_transitions: { canceled_at: null, paid_at: now },
    });
  }
  state.emit("invoice.paid", invoice, request);
  state.emit("invoice.payment_succeeded", invoice, request);

  const subscription = subscriptionOfInvoice(state, invoice);
  if (!subscription || ["canceled", "incomplete_expired"].includes(String(subscription.status)))
    return;
  const patch: Json = {};
  const stillOpen = store
    .all("invoice")
    .some(
      (other) => other.status === "open" && subscriptionOfInvoice(state, other) === subscription,
    );
  if (["incomplete", "past_due", "unpaid"].includes(String(subscription.status)) && !stillOpen)
    patch.status = "active";
  const settings = subscription.payment_settings as { save_default_payment_method?: string } | null;
  if (
    paymentMethod &&
    settings?.save_default_payment_method === "on_subscription" &&
    subscription.default_payment_method !== paymentMethod
  )
    patch.default_payment_method = paymentMethod;
  const pending = invoiceSecrets(store, invoice).onPaid;
  if (pending) {
    patch.items = subscription.items;
    patch.pending_update = null;
  }
  if (Object.keys(patch).length === 0) return;
  const previous = clone(
    Object.fromEntries(Object.keys(patch).map((key) => [key, subscription[key]])),
  );
  if (pending) setItemPrice(state, subscription, pending.item, pending.price);
  delete patch.items;
  store.update(subscription, patch);
  state.emit("customer.subscription.updated", subscription, request, previous);
}

/**
 * A payment attempt failed: invoice.payment_failed (and invoice.payment_action_required when the
 * card asks for 3-D Secure); a subscription past its first invoice becomes past_due.
 */
export function failInvoice(
  state: FakeState,
  invoice: StripeObject,
  request: RequestRef,
  options: { actionRequired: boolean },
): void {
  const { store } = state;
  const attempts = Number(invoice.attempt_count) + 1;
  const retryDays =
    invoice.billing_reason === "subscription_create" ? undefined : RETRY_DAYS[attempts - 1];
  store.update(invoice, {
    attempt_count: attempts,
    attempted: true,
    next_payment_attempt: retryDays === undefined ? null : store.now() + retryDays * DAY,
  });
  state.emit("invoice.payment_failed", invoice, request);
  if (options.actionRequired) state.emit("invoice.payment_action_required", invoice, request);
  const subscription = subscriptionOfInvoice(state, invoice);
  // A held-back plan change (pending_if_incomplete) leaves the subscription as it was.
  const held = invoiceSecrets(store, invoice).onPaid !== undefined;
  if (
    subscription?.status === "active" &&
    invoice.billing_reason !== "subscription_create" &&
    !held
  ) {
    store.update(subscription, { status: "past_due" });
    state.emit("customer.subscription.updated", subscription, request, { status: "active" });
  }
}

export function invoiceOfIntent(state: FakeState, pi: StripeObject): StripeObject | undefined {
  const id = state.store.secret(pi.id).invoice;
  return typeof id === "string" ? state.store.get("invoice", id) : undefined;
}

/** payment-attempts.ts: an invoice's PaymentIntent succeeded. */
export function onIntentSucceeded(state: FakeState, pi: StripeObject, request: RequestRef): void {
  const invoice = invoiceOfIntent(state, pi);
  if (invoice?.status === "open") settleInvoice(state, invoice, String(pi.payment_method), request);
}

/** payment-attempts.ts: an attempt on an invoice's PaymentIntent was declined or failed 3-D Secure. */
export function onIntentFailed(state: FakeState, pi: StripeObject, request: RequestRef): void {
  const invoice = invoiceOfIntent(state, pi);
  if (invoice?.status === "open") failInvoice(state, invoice, request, { actionRequired: false });
}

/**
 * Charges an open invoice off session to `pm`. A card that needs 3-D Secure leaves the
 * PaymentIntent in requires_action (the customer can finish on the fake's 3-D Secure page) and
 * emits invoice.payment_action_required.
 */
export function chargeInvoice(
  state: FakeState,
  invoice: StripeObject,
  pm: StripeObject | undefined,
  request: RequestRef,
): ChargeOutcome {
  if (!pm) {
    failInvoice(state, invoice, request, { actionRequired: false });
    return { kind: "declined", error: invalidRequest(NO_DEFAULT_PAYMENT_METHOD) };
  }
  const piId = invoiceSecrets(state.store, invoice).paymentIntent;
  const pi = state.store.getOrThrow("payment_intent", String(piId));
  const attempt = attemptCard(state, pm, { offSession: true, setup: false });
  if (attempt.kind === "decline" && attempt.code === "authentication_required") {
    const error = cardError(attempt, { payment_method: render(state.store, pm) });
    state.store.update(pi, {
      status: "requires_action",
      payment_method: pm.id,
      next_action: threeDSecureAction(state, pi, null),
      last_payment_error: { ...error.body },
    });
    state.emit("payment_intent.requires_action", pi, request);
    failInvoice(state, invoice, request, { actionRequired: true });
    error.body.payment_intent = render(state.store, pi);
    return { kind: "declined", error };
  }
  try {
    confirmPayment(state, pi, { payment_method: pm.id, off_session: "true" }, request);
    return { kind: "paid" };
  } catch (error) {
    if (!(error instanceof StripeApiError)) throw error;
    // A 402 went through the decline path (onIntentFailed); a refusal before any attempt (a
    // detached card, say) fails the invoice here.
    if (error.status !== 402) failInvoice(state, invoice, request, { actionRequired: false });
    return { kind: "declined", error };
  }
}
