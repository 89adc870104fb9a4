/** POST /v1/payment_intents: a new PaymentIntent with Stripe's defaults, confirmed at once with confirm=true. */
import { resolvePaymentMethod } from "./card-payment-methods";
import { invalidRequest, missingParam } from "./errors";
import { readBool, readInt, readList, readObject, readString, type Params } from "./form";
import { expandOf, mergeMetadata, pickHash, pickStrings, render, type Json } from "./objects";
import { confirmPayment, readSetupFutureUsage } from "./payment-attempts";
import type { ApiContext } from "./router";
import { newId, randomToken } from "./store";

export const CONFIRM_PARAMS = [
  "payment_method",
  "payment_method_data",
  "return_url",
  "off_session",
  "setup_future_usage",
  "receipt_email",
  "mandate_data",
  "payment_method_options",
  "shipping",
  "use_stripe_sdk",
  "error_on_requires_action",
];
export const TEXT_FIELDS = [
  "description",
  "receipt_email",
  "statement_descriptor",
  "statement_descriptor_suffix",
  "transfer_group",
] as const;
export function readAmount(params: Params, currency: string): number {
  const amount = readInt(params, "amount");
  if (amount === undefined) throw missingParam("amount");
  if (amount < 50)
    throw invalidRequest(`Amount must be at least $0.50 ${currency}`, {
      code: "amount_too_small",
      param: "amount",
    });
  return amount;
}

/**
 * The payment method fields of an intent at the pinned API version, where the request names
 * `allowed_payment_method_types` (no longer `payment_method_types`). Automatic payment methods are
 * the default; the fake assumes an explicit allowed list switches them off, as the old
 * `payment_method_types` did (so a confirm needs no return_url).
 */
export function paymentMethodSetup(params: Params): Json {
  const allowed = readList(params, "allowed_payment_method_types");
  const excluded = readList(params, "excluded_payment_method_types");
  const apm = readObject(params, "automatic_payment_methods");
  if (allowed.length > 0 && apm) {
    throw invalidRequest(
      "You may only specify one of these parameters: automatic_payment_methods, allowed_payment_method_types.",
    );
  }
  const enabled =
    allowed.length === 0 &&
    (apm === undefined || readBool(apm, "enabled", "automatic_payment_methods[enabled]") !== false);
  const allowRedirects =
    apm && readString(apm, "allow_redirects", "automatic_payment_methods[allow_redirects]");
  return {
    allowed_payment_method_types: allowed.length > 0 ? allowed : null,
    excluded_payment_method_types: excluded.length > 0 ? excluded : null,
    payment_method_types: allowed.length > 0 ? allowed : ["card"],
    payment_method_configuration_details: null,
    automatic_payment_methods: enabled
      ? { allow_redirects: allowRedirects ?? "always", enabled: true }
      : null,
  };
}

export function createPaymentIntent({ state, params, request }: ApiContext): Json {
  const currency = readString(params, "currency")?.toLowerCase();
  if (!currency) throw missingParam("currency");
  const amount = readAmount(params, currency);
  const customer = readString(params, "customer");
  if (customer) state.store.getOrThrow("customer", customer, "customer");
  const capture = readString(params, "capture_method");
  if (capture === "manual")
    throw invalidRequest("The Stripe fake does not support capture_method=manual.", {
      param: "capture_method",
    });
  const pmId = readString(params, "payment_method");
  const pm = pmId ? resolvePaymentMethod(state, pmId) : undefined;
  const id = newId("payment_intent");
  const pi = state.store.insert(
    "payment_intent",
    {
      amount,
      amount_capturable: 0,
      amount_received: 0,
      application: null,
      application_fee_amount: readInt(params, "application_fee_amount") ?? null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: capture ?? "automatic_async",
      client_secret: `${id}_secret_${randomToken()}`,
      confirmation_method: "automatic",
      currency,
      customer: customer ?? null,
      customer_account: null,
      description: null,
      last_payment_error: null,
      latest_charge: null,
      managed_payments: null,
      metadata: mergeMetadata({}, params.metadata),
      next_action: null,
      on_behalf_of: readString(params, "on_behalf_of") ?? null,
      payment_record: null,
      payment_method: pm?.id ?? null,
      payment_method_options: {
        card: {
          installments: null,
          mandate_options: null,
          network: null,
          request_three_d_secure: "automatic",
        },
      },
      processing: null,
      receipt_email: null,
      review: null,
      setup_future_usage: readSetupFutureUsage(params) ?? null,
      shipping: pickHash(params, "shipping") ?? null,
      source: null,
      statement_descriptor: null,
      statement_descriptor_suffix: null,
      status: pm ? "requires_confirmation" : "requires_payment_method",
      transfer_data: pickHash(params, "transfer_data") ?? null,
      transfer_group: null,
      ...pickStrings(params, TEXT_FIELDS),
      ...paymentMethodSetup(params),
    },
    id,
  );
  state.emit("payment_intent.created", pi, request);
  if (readBool(params, "confirm")) {
    confirmPayment(state, pi, pm ? { ...params, payment_method: pm.id } : params, request);
  }
  return render(state.store, pi, expandOf(params));
}
