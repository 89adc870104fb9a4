/**
 * /v1/invoices: retrieve, list, pay. `payments` and `confirmation_secret` appear only when expanded,
 * as at Stripe. Invoices are made by subscriptions (invoice-create.ts);
 * `pay` charges an open one off session to the given card or the default one.
 */
import { customerPaymentMethod } from "./card-payment-methods";
import { invalidRequest } from "./errors";
import { readString } from "./form";
import { invoiceSecrets } from "./invoice-create";
import {
  chargeInvoice,
  defaultPaymentMethod,
  NO_DEFAULT_PAYMENT_METHOD,
  subscriptionOfInvoice,
} from "./invoice-payments";
import { expandOf, listAnswer, render, type Json } from "./objects";
import type { RequestRef, Route } from "./router";
import type { FakeState } from "./state";
import type { StripeObject } from "./store";

/** Voids an open invoice: its PaymentIntent is canceled (invoice.voided, payment_intent.canceled). */
export function voidInvoice(state: FakeState, invoice: StripeObject, request: RequestRef): void {
  const { store } = state;
  const now = store.now();
  store.update(invoice, {
    status: "void",
    amount_remaining: 0,
    next_payment_attempt: null,
    status_transitions: { ...(invoice.status_transitions as Json), voided_at: now },
  });
  for (const payment of store.all("invoice_payment")) {
    if (payment.invoice !== invoice.id || payment.status !== "open") continue;
    store.update(payment, {
      status: "canceled",
      status_transitions: { canceled_at: now, paid_at: null },
    });
  }
  state.emit("invoice.voided", invoice, request);
  const piId = invoiceSecrets(store, invoice).paymentIntent;
  const pi = piId ? store.get("payment_intent", piId) : undefined;
  if (pi && pi.status !== "succeeded" && pi.status !== "canceled") {
    store.update(pi, {
      status: "canceled",
      canceled_at: now,
      cancellation_reason: "void_invoice",
      next_action: null,
    });
    state.emit("payment_intent.canceled", pi, request);
  }
}

export const invoiceRoutes: Route[] = [
  {
    // GET /v1/invoices?customer=&subscription=&status= – newest first
    method: "GET",
    pattern: "/v1/invoices",
    handler: ({ state, params }) => {
      const customer = readString(params, "customer");
      const subscription = readString(params, "subscription");
      const status = readString(params, "status");
      const invoices = state.store
        .all("invoice")
        .filter(
          (invoice) =>
            (!customer || invoice.customer === customer) &&
            (!status || invoice.status === status) &&
            (!subscription || subscriptionOfInvoice(state, invoice)?.id === subscription),
        );
      return listAnswer(state.store, invoices, params, "/v1/invoices");
    },
  },
  {
    // GET /v1/invoices/:id
    method: "GET",
    pattern: "/v1/invoices/:id",
    handler: ({ state, id, params }) =>
      render(state.store, state.store.getOrThrow("invoice", id, "invoice"), expandOf(params)),
  },
  {
    // POST /v1/invoices/:id/pay – charge an open invoice now, off session (402 on a decline)
    method: "POST",
    pattern: "/v1/invoices/:id/pay",
    accepts: ["payment_method", "off_session", "forgive", "paid_out_of_band", "source"],
    handler: ({ state, id, params, request }) => {
      const invoice = state.store.getOrThrow("invoice", id, "invoice");
      if (invoice.status === "paid") throw invalidRequest("Invoice is already paid");
      if (invoice.status !== "open")
        throw invalidRequest(
          `You can only pay an open invoice. This invoice is ${String(invoice.status)}.`,
        );
      const customer = String(invoice.customer);
      const pmId = readString(params, "payment_method");
      const card = pmId
        ? customerPaymentMethod(state, customer, pmId, "payment_method")
        : defaultPaymentMethod(state, subscriptionOfInvoice(state, invoice), customer);
      if (!card) throw invalidRequest(NO_DEFAULT_PAYMENT_METHOD);
      const outcome = chargeInvoice(state, invoice, card, request);
      if (outcome.kind === "declined") throw outcome.error;
      return render(state.store, invoice, expandOf(params));
    },
  },
];
