/**
 * The SetupIntent status machine: requires_payment_method → confirm → succeeded (the card is saved
 * to the customer) | requires_action (3-D Secure) | declined (402, last_setup_error).
 */
import { attachPaymentMethod, cardSecrets } from "./card-payment-methods";
import {
  attemptCard,
  AUTHENTICATION_FAILED,
  paymentMethodForConfirm,
  requireReturnUrl,
  threeDSecureAction,
  unexpectedState,
} from "./confirm-card";
import { cardError } from "./errors";
import { readString, type Params } from "./form";
import { render } from "./objects";
import type { RequestRef } from "./router";
import type { FakeState } from "./state";
import type { StripeObject } from "./store";
import { onSetupSucceeded } from "./subscriptions";

const CONFIRMABLE = ["requires_payment_method", "requires_confirmation", "requires_action"];

export function confirmSetup(
  state: FakeState,
  si: StripeObject,
  params: Params,
  request: RequestRef,
): void {
  if (!CONFIRMABLE.includes(String(si.status))) {
    throw unexpectedState(
      state,
      si,
      `You cannot confirm this SetupIntent because it has a status of ${String(si.status)}. Only a SetupIntent with one of the following statuses may be confirmed: ${CONFIRMABLE.join(", ")}.`,
    );
  }
  const pm = paymentMethodForConfirm(state, si, params);
  if (!pm) {
    throw unexpectedState(
      state,
      si,
      "You cannot confirm this SetupIntent because it's missing a payment method.",
    );
  }
  const returnUrl = readString(params, "return_url") ?? null;
  requireReturnUrl(si, returnUrl, false);
  state.store.update(si, { payment_method: pm.id });
  const attempt = attemptCard(state, pm, { offSession: false, setup: true });
  if (attempt.kind === "ok") return succeedSetup(state, si, pm, request);
  if (attempt.kind === "decline") {
    const error = cardError(attempt, { payment_method: render(state.store, pm) });
    state.store.update(si, {
      status: "requires_payment_method",
      payment_method: null,
      next_action: null,
      last_setup_error: { ...error.body },
    });
    state.emit("setup_intent.setup_failed", si, request);
    error.body.setup_intent = render(state.store, si);
    throw error;
  }
  state.store.update(si, {
    status: "requires_action",
    next_action: threeDSecureAction(state, si, returnUrl),
    last_setup_error: null,
  });
  state.emit("setup_intent.requires_action", si, request);
}

function succeedSetup(
  state: FakeState,
  si: StripeObject,
  pm: StripeObject,
  request: RequestRef,
): void {
  if (typeof si.customer === "string") attachPaymentMethod(state, pm, si.customer, request);
  cardSecrets(state, pm).setUp = true;
  state.store.update(si, { status: "succeeded", next_action: null, last_setup_error: null });
  state.emit("setup_intent.succeeded", si, request);
  onSetupSucceeded(state, si, request);
}

/** Finishes the 3-D Secure step of a SetupIntent in requires_action. */
export function authenticateSetup(
  state: FakeState,
  si: StripeObject,
  result: "succeed" | "fail",
  request: RequestRef,
): void {
  if (si.status !== "requires_action") {
    throw unexpectedState(
      state,
      si,
      `This SetupIntent is not waiting for authentication (status ${String(si.status)}).`,
    );
  }
  const pm = state.store.getOrThrow("payment_method", String(si.payment_method), "payment_method");
  if (result === "succeed") return succeedSetup(state, si, pm, request);
  state.store.update(si, {
    status: "requires_payment_method",
    payment_method: null,
    next_action: null,
    last_setup_error: {
      code: "setup_intent_authentication_failure",
      doc_url: "https://stripe.com/docs/error-codes/setup-intent-authentication-failure",
      message: AUTHENTICATION_FAILED,
      payment_method: render(state.store, pm),
      type: "invalid_request_error",
    },
  });
  state.emit("setup_intent.setup_failed", si, request);
}
