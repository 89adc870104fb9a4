/**
 * The PaymentIntent status machine: requires_payment_method → confirm → succeeded | requires_action
 * (3-D Secure, finished by `authenticatePayment`) | declined (402, back to requires_payment_method
 * with last_payment_error). A success makes the Charge and, with setup_future_usage and a customer,
 * saves the card to that customer. An invoice's PaymentIntent tells invoice-payments.ts how each
 * attempt ended.
 */
import { attachPaymentMethod, cardSecrets } from "./card-payment-methods";
import { createCharge, type Decline } from "./charges";
import {
  attemptCard,
  AUTHENTICATION_FAILED,
  isOffSession,
  paymentMethodForConfirm,
  requireReturnUrl,
  threeDSecureAction,
  unexpectedState,
} from "./confirm-card";
import { cardError, invalidParam } from "./errors";
import { readString, type Params } from "./form";
import { onIntentFailed, onIntentSucceeded } from "./invoice-payments";
import { render } from "./objects";
import type { RequestRef } from "./router";
import type { FakeState } from "./state";
import type { StripeObject } from "./store";

const CONFIRMABLE = ["requires_payment_method", "requires_confirmation", "requires_action"];

/** Reads setup_future_usage: "on_session" | "off_session", or "" to unset (null). */
export function readSetupFutureUsage(params: Params): string | null | undefined {
  const value = readString(params, "setup_future_usage");
  if (value === undefined || value === "") return value === "" ? null : undefined;
  if (value !== "on_session" && value !== "off_session") {
    throw invalidParam(
      "setup_future_usage",
      `Invalid setup_future_usage: must be one of on_session, off_session`,
    );
  }
  return value;
}

/** POST /v1/payment_intents/:id/confirm (and create with confirm=true). */
export function confirmPayment(
  state: FakeState,
  pi: StripeObject,
  params: Params,
  request: RequestRef,
): void {
  if (!CONFIRMABLE.includes(String(pi.status))) {
    throw unexpectedState(
      state,
      pi,
      pi.status === "succeeded"
        ? "You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed."
        : `You cannot confirm this PaymentIntent because it has a status of ${String(pi.status)}. Only a PaymentIntent with one of the following statuses may be confirmed: ${CONFIRMABLE.join(", ")}.`,
    );
  }
  const pm = paymentMethodForConfirm(state, pi, params);
  if (!pm) {
    throw unexpectedState(
      state,
      pi,
      "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent, specify a payment method with the `payment_method` parameter.",
    );
  }
  const offSession = isOffSession(params);
  const returnUrl = readString(params, "return_url") ?? null;
  requireReturnUrl(pi, returnUrl, offSession);
  const sfu = readSetupFutureUsage(params);
  const receiptEmail = readString(params, "receipt_email");
  state.store.update(pi, {
    payment_method: pm.id,
    ...(sfu !== undefined ? { setup_future_usage: sfu } : {}),
    ...(receiptEmail !== undefined ? { receipt_email: receiptEmail || null } : {}),
  });
  const attempt = attemptCard(state, pm, { offSession, setup: false });
  if (attempt.kind === "ok") return succeedPayment(state, pi, pm, request);
  if (attempt.kind === "decline") return declinePayment(state, pi, pm, attempt, request);
  state.store.update(pi, {
    status: "requires_action",
    next_action: threeDSecureAction(state, pi, returnUrl),
    last_payment_error: null,
  });
  state.emit("payment_intent.requires_action", pi, request);
}

function succeedPayment(
  state: FakeState,
  pi: StripeObject,
  pm: StripeObject,
  request: RequestRef,
): void {
  if (pi.setup_future_usage && typeof pi.customer === "string") {
    attachPaymentMethod(state, pm, pi.customer, request);
    cardSecrets(state, pm).setUp = true;
  }
  // A card that no customer holds is single-use at Stripe.
  if (!pm.customer) cardSecrets(state, pm).spent = true;
  const charge = createCharge(state, pi, pm, null, request);
  state.store.update(pi, {
    status: "succeeded",
    amount_received: pi.amount,
    latest_charge: charge.id,
    last_payment_error: null,
    next_action: null,
  });
  state.emit("payment_intent.succeeded", pi, request);
  onIntentSucceeded(state, pi, request);
}

/** Records the refused attempt, then throws Stripe's 402 carrying the PaymentIntent. */
function declinePayment(
  state: FakeState,
  pi: StripeObject,
  pm: StripeObject,
  decline: Decline,
  request: RequestRef,
): never {
  const charge = createCharge(state, pi, pm, decline, request);
  const error = cardError(decline, {
    charge: charge.id,
    payment_method: render(state.store, pm),
  });
  state.store.update(pi, {
    status: "requires_payment_method",
    latest_charge: charge.id,
    payment_method: null,
    next_action: null,
    last_payment_error: { ...error.body },
  });
  state.emit("payment_intent.payment_failed", pi, request);
  onIntentFailed(state, pi, request);
  error.body.payment_intent = render(state.store, pi);
  throw error;
}

/** Finishes the 3-D Secure step of a PaymentIntent in requires_action. */
export function authenticatePayment(
  state: FakeState,
  pi: StripeObject,
  result: "succeed" | "fail",
  request: RequestRef,
): void {
  if (pi.status !== "requires_action") {
    throw unexpectedState(
      state,
      pi,
      `This PaymentIntent is not waiting for authentication (status ${String(pi.status)}).`,
    );
  }
  const pm = state.store.getOrThrow("payment_method", String(pi.payment_method), "payment_method");
  if (result === "succeed") return succeedPayment(state, pi, pm, request);
  state.store.update(pi, {
    status: "requires_payment_method",
    payment_method: null,
    next_action: null,
    last_payment_error: {
      code: "payment_intent_authentication_failure",
      doc_url: "https://stripe.com/docs/error-codes/payment-intent-authentication-failure",
      message: AUTHENTICATION_FAILED,
      payment_method: render(state.store, pm),
      type: "invalid_request_error",
    },
  });
  state.emit("payment_intent.payment_failed", pi, request);
  onIntentFailed(state, pi, request);
}
