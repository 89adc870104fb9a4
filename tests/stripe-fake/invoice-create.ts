/**
 * Subscription invoices: drafted with their lines, then finalized: the customer's balance is
 * applied (a credit lowers what is due), the invoice opens with a number, and a PaymentIntent for
 * `amount_due` is made, its client secret shown as `confirmation_secret` (when expanded). Nothing due
 * marks it paid at once. Below Stripe's 50-cent minimum the amount goes to the customer's balance
 * (a debit for the next invoice) and the invoice is paid, as at Stripe.
 */
import { registerIncludable, type Json } from "./objects";
import { createPaymentIntent } from "./payment-intent-create";
import type { RequestRef } from "./router";
import type { FakeState } from "./state";
import { randomToken, type StripeObject, type Store } from "./store";
import { settleInvoice } from "./invoice-payments";

const MINIMUM_CHARGE = 50;

/** Facts about an invoice Stripe keeps to itself. */
export interface InvoiceSecrets {
  paymentIntent?: string;
  confirmationSecret?: Json | null;
  /** A plan change held back until this invoice is paid (payment_behavior=pending_if_incomplete). */
  onPaid?: { item: string; price: string };
}

export const invoiceSecrets = (store: Store, invoice: StripeObject) =>
  store.secret(invoice.id) as InvoiceSecrets;

registerIncludable(
  "invoice.confirmation_secret",
  (store, id) => (store.secret(id) as InvoiceSecrets).confirmationSecret ?? null,
);
registerIncludable("invoice.payments", (store, id) => {
  const data = store.all("invoice_payment").filter((payment) => payment.invoice === id);
  return {
    object: "list",
    data: data.reverse(),
    has_more: false,
    total_count: data.length,
    url: `/v1/invoice_payments?invoice=${id}`,
  };
});

export interface LineSpec {
  amount: number;
  description: string;
  item: StripeObject;
  price: Json;
  quantity: number;
  period: { start: number; end: number };
  proration: boolean;
}

function lineItem(invoice: string, currency: string, spec: LineSpec): Json {
  const subscription = String(spec.item.subscription);
  return {
    id: `il_${randomToken()}`,
    object: "line_item",
    amount: spec.amount,
    currency,
    description: spec.description,
    discount_amounts: [],
    discountable: !spec.proration,
    discounts: [],
    invoice,
    livemode: false,
    metadata: {},
    parent: spec.proration
      ? {
          invoice_item_details: {
            invoice_item: `ii_${randomToken()}`,
            proration: true,
            proration_details: { credited_items: null },
            subscription,
          },
          subscription_item_details: null,
          type: "invoice_item_details",
        }
      : {
          invoice_item_details: null,
          subscription_item_details: {
            invoice_item: null,
            proration: false,
            proration_details: { credited_items: null },
            subscription,
            subscription_item: spec.item.id,
          },
          type: "subscription_item_details",
        },
    period: spec.period,
    pretax_credit_amounts: [],
    pricing: {
      price_details: { price: spec.price.id, product: spec.price.product },
      type: "price_details",
      unit_amount_decimal: String(spec.price.unit_amount),
    },
    quantity: spec.quantity,
    subtotal: spec.amount,
    taxes: [],
  };
}

/** "1 × Engager (at $10.00 / month)", Stripe's wording for a plan line. */
export function planLineDescription(state: FakeState, price: Json, quantity: number): string {
  const product = state.store.get("product", String(price.product));
  const amount = (Number(price.unit_amount) / 100).toFixed(2);
  const interval = (price.recurring as { interval: string }).interval;
  return `${quantity} × ${String(product?.name ?? price.product)} (at $${amount} / ${interval})`;
}

/** A draft invoice for `subscription`, which it becomes the latest_invoice of. No events yet. */
export function draftInvoice(
  state: FakeState,
  subscription: StripeObject,
  billingReason: string,
  lines: LineSpec[],
  period: { start: number; end: number },
): StripeObject {
  const customer = state.store.getOrThrow("customer", String(subscription.customer), "customer");
  const currency = String(subscription.currency);
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const invoice = state.store.insert("invoice", {
    account_country: state.platformCountry,
    account_name: "Stripe fake",
    account_tax_ids: null,
    amount_due: total,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: total,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    automatic_tax: {
      disabled_reason: null,
      enabled: false,
      liability: null,
      provider: null,
      status: null,
    },
    automatically_finalizes_at: null,
    billing_reason: billingReason,
    collection_method: "charge_automatically",
    currency,
    custom_fields: null,
    customer: customer.id,
    customer_account: null,
    customer_address: customer.address,
    customer_email: customer.email,
    customer_name: customer.name,
    customer_phone: customer.phone,
    customer_shipping: customer.shipping,
    customer_tax_exempt: "none",
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: null,
    ending_balance: null,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: "self" },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: "list", data: [], has_more: false, total_count: 0, url: "" },
    metadata: {},
    next_payment_attempt: null,
    number: null,
    on_behalf_of: null,
    parent: {
      quote_details: null,
      subscription_details: {
        metadata: { ...(subscription.metadata as Json) },
        subscription: subscription.id,
      },
      type: "subscription_details",
    },
    payment_settings: {
      default_mandate: null,
      payment_method_options: null,
      payment_method_types:
        (subscription.payment_settings as Json | null)?.payment_method_types ?? null,
    },
    period_end: period.end,
    period_start: period.start,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: "draft",
    status_transitions: {
      finalized_at: null,
      marked_uncollectible_at: null,
      paid_at: null,
      voided_at: null,
    },
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: null,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: null,
  });
  const data = lines.map((line) => lineItem(invoice.id, currency, line));
  state.store.update(invoice, {
    lines: {
      object: "list",
      data,
      has_more: false,
      total_count: data.length,
      url: `/v1/invoices/${invoice.id}/lines`,
    },
  });
  state.store.update(subscription, { latest_invoice: invoice.id });
  return invoice;
}

/** Applies the customer's balance to `total`: what is due, and the balance left after. */
function applyBalance(balance: number, total: number) {
  const owed = total + balance;
  if (owed <= 0) return { due: 0, ending: owed };
  if (owed < MINIMUM_CHARGE) return { due: 0, ending: owed };
  return { due: owed, ending: 0 };
}

/**
 * Finalizes a draft: invoice.created, invoice.finalized, then a PaymentIntent for what is due
 * (payment_intent.created), or paid at once when nothing is.
 */
export function finalizeInvoice(
  state: FakeState,
  invoice: StripeObject,
  request: RequestRef,
  options: { setupFutureUsage: boolean },
): void {
  state.emit("invoice.created", invoice, request);
  const { store } = state;
  const customer = store.getOrThrow("customer", String(invoice.customer), "customer");
  const starting = Number(customer.balance);
  const { due, ending } = applyBalance(starting, Number(invoice.total));
  if (starting !== ending) {
    store.update(customer, { balance: ending });
    state.emit("customer.updated", customer, request, { balance: starting });
  }
  const now = store.now();
  const count = store.all("invoice").filter((i) => i.customer === customer.id && i.number).length;
  store.update(invoice, {
    amount_due: due,
    amount_remaining: due,
    starting_balance: starting,
    ending_balance: ending,
    status: "open",
    number: `${String(customer.invoice_prefix)}-${String(count + 1).padStart(4, "0")}`,
    effective_at: now,
    webhooks_delivered_at: now,
    status_transitions: { ...(invoice.status_transitions as Json), finalized_at: now },
  });
  state.emit("invoice.finalized", invoice, request);
  const secrets = invoiceSecrets(store, invoice);
  if (due === 0) {
    secrets.confirmationSecret = null;
    settleInvoice(state, invoice, null, request);
    return;
  }
  const answer = createPaymentIntent({
    state,
    params: {
      amount: String(due),
      currency: String(invoice.currency),
      customer: customer.id,
      description: DESCRIPTIONS[String(invoice.billing_reason)] ?? "Invoice payment",
      allowed_payment_method_types: ["card"],
      ...(options.setupFutureUsage ? { setup_future_usage: "off_session" } : {}),
    },
    path: {},
    id: "",
    keyKind: "secret",
    request,
    stripeAccount: null,
  });
  const pi = store.getOrThrow("payment_intent", String(answer.id));
  store.secret(pi.id).invoice = invoice.id;
  secrets.paymentIntent = pi.id;
  secrets.confirmationSecret = { client_secret: pi.client_secret, type: "payment_intent" };
  store.insert("invoice_payment", {
    amount_paid: null,
    amount_requested: due,
    currency: invoice.currency,
    invoice: invoice.id,
    is_default: true,
    payment: { payment_intent: pi.id, type: "payment_intent" },
    status: "open",
    status_transitions: { canceled_at: null, paid_at: null },
  });
}

const DESCRIPTIONS: Record<string, string> = {
  subscription_create: "Subscription creation",
  subscription_update: "Subscription update",
  subscription_cycle: "Subscription cycle",
};
