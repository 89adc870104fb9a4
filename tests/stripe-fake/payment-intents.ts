/**
 * /v1/payment_intents: create, retrieve, update, list, confirm, cancel, and the fake's own 3-D Secure
 * finish (`_fake_authenticate`). The status machine lives in payment-attempts.ts.
 */
import { readString } from "./form";
import { expandOf, listAnswer, render } from "./objects";
import { readResult } from "./confirm-card";
import { authenticatePayment, confirmPayment } from "./payment-attempts";
import { CONFIRM_PARAMS, createPaymentIntent, TEXT_FIELDS } from "./payment-intent-create";
import { cancelPaymentIntent, updatePaymentIntent } from "./payment-intent-update";
import type { ApiContext, Route } from "./router";
import type { StripeObject } from "./store";

const intent = (ctx: ApiContext): StripeObject =>
  ctx.state.store.getOrThrow("payment_intent", ctx.id, "intent");

export const paymentIntentRoutes: Route[] = [
  // POST /v1/payment_intents – a new PaymentIntent, confirmed at once with confirm=true
  {
    method: "POST",
    pattern: "/v1/payment_intents",
    accepts: [
      "amount",
      "currency",
      "customer",
      "metadata",
      "confirm",
      "automatic_payment_methods",
      "allowed_payment_method_types",
      "excluded_payment_method_types",
      "capture_method",
      "confirmation_method",
      "on_behalf_of",
      "transfer_data",
      "application_fee_amount",
      ...TEXT_FIELDS,
      ...CONFIRM_PARAMS,
    ],
    handler: createPaymentIntent,
  },
  // GET /v1/payment_intents?customer=... – newest first
  {
    method: "GET",
    pattern: "/v1/payment_intents",
    handler: ({ state, params }) => {
      const customer = readString(params, "customer");
      const intents = state.store
        .all("payment_intent")
        .filter((pi) => !customer || pi.customer === customer);
      return listAnswer(state.store, intents, params, "/v1/payment_intents");
    },
  },
  // GET /v1/payment_intents/:id – also with the publishable key and the client_secret (Stripe.js)
  {
    method: "GET",
    pattern: "/v1/payment_intents/:id",
    access: "client_secret",
    handler: (ctx) => render(ctx.state.store, intent(ctx), expandOf(ctx.params)),
  },
  // POST /v1/payment_intents/:id – update
  {
    method: "POST",
    pattern: "/v1/payment_intents/:id",
    accepts: [
      "amount",
      "currency",
      "customer",
      "metadata",
      "payment_method",
      "setup_future_usage",
      "shipping",
      "allowed_payment_method_types",
      "excluded_payment_method_types",
      "application_fee_amount",
      "transfer_data",
      ...TEXT_FIELDS,
    ],
    handler: updatePaymentIntent,
  },
  // POST /v1/payment_intents/:id/confirm – also with the publishable key and the client_secret
  {
    method: "POST",
    pattern: "/v1/payment_intents/:id/confirm",
    access: "client_secret",
    accepts: CONFIRM_PARAMS,
    handler: (ctx) => {
      const pi = intent(ctx);
      confirmPayment(ctx.state, pi, ctx.params, ctx.request);
      return render(ctx.state.store, pi, expandOf(ctx.params));
    },
  },
  // POST /v1/payment_intents/:id/cancel
  {
    method: "POST",
    pattern: "/v1/payment_intents/:id/cancel",
    accepts: ["cancellation_reason"],
    handler: cancelPaymentIntent,
  },
  // POST /v1/payment_intents/:id/_fake_authenticate – fake only: the customer passes or fails 3-D Secure
  {
    method: "POST",
    pattern: "/v1/payment_intents/:id/_fake_authenticate",
    access: "client_secret",
    accepts: ["result"],
    handler: (ctx) => {
      const pi = intent(ctx);
      authenticatePayment(ctx.state, pi, readResult(ctx.params), ctx.request);
      return render(ctx.state.store, pi, expandOf(ctx.params));
    },
  },
];
