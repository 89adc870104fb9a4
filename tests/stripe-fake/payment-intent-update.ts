/** POST /v1/payment_intents/:id and /cancel: what may change in which status, as at Stripe. */
import { resolvePaymentMethod } from "./card-payment-methods";
import { unexpectedState } from "./confirm-card";
import { invalidRequest } from "./errors";
import { readString } from "./form";
import { expandOf, mergeMetadata, pickHash, pickStrings, render, type Json } from "./objects";
import { paymentMethodSetup, readAmount, TEXT_FIELDS } from "./payment-intent-create";
import { readSetupFutureUsage } from "./payment-attempts";
import type { ApiContext } from "./router";

/** Fields that may change only before the payment succeeded (or was canceled). */
const UNSETTLED_ONLY = [
  "amount",
  "currency",
  "customer",
  "payment_method",
  "setup_future_usage",
  "allowed_payment_method_types",
  "excluded_payment_method_types",
];
const CANCELABLE = [
  "requires_payment_method",
  "requires_capture",
  "requires_confirmation",
  "requires_action",
  "processing",
];

export function updatePaymentIntent({ state, id, params }: ApiContext): Json {
  const pi = state.store.getOrThrow("payment_intent", id, "id");
  const settled = !["requires_payment_method", "requires_confirmation", "requires_action"].includes(
    String(pi.status),
  );
  const blocked = UNSETTLED_ONLY.find((field) => params[field] !== undefined);
  if (settled && blocked) {
    throw unexpectedState(
      state,
      pi,
      `This PaymentIntent's ${blocked} could not be updated because it has a status of ${String(pi.status)}. You may only update the ${blocked} of a PaymentIntent with one of the following statuses: requires_payment_method, requires_confirmation, requires_action.`,
    );
  }
  const patch: Json = {
    ...pickStrings(params, TEXT_FIELDS),
    metadata: mergeMetadata(pi.metadata, params.metadata),
  };
  if (
    pi.transfer_group &&
    patch.transfer_group !== undefined &&
    patch.transfer_group !== pi.transfer_group
  ) {
    throw invalidRequest(
      "You cannot change the transfer_group of a PaymentIntent once it is set.",
      { param: "transfer_group" },
    );
  }
  if (params.amount !== undefined) patch.amount = readAmount(params, String(pi.currency));
  if (params.currency !== undefined) patch.currency = readString(params, "currency")?.toLowerCase();
  const sfu = readSetupFutureUsage(params);
  if (sfu !== undefined) patch.setup_future_usage = sfu;
  const customer = readString(params, "customer");
  if (customer) patch.customer = state.store.getOrThrow("customer", customer, "customer").id;
  const pmId = readString(params, "payment_method");
  if (pmId)
    Object.assign(patch, {
      payment_method: resolvePaymentMethod(state, pmId).id,
      status: "requires_confirmation",
      next_action: null,
    });
  if (params.shipping !== undefined)
    patch.shipping = params.shipping === "" ? null : pickHash(params, "shipping");
  if (params.allowed_payment_method_types !== undefined)
    Object.assign(patch, paymentMethodSetup(params));
  state.store.update(pi, patch);
  return render(state.store, pi, expandOf(params));
}

export function cancelPaymentIntent({ state, id, params, request }: ApiContext): Json {
  const pi = state.store.getOrThrow("payment_intent", id, "id");
  if (!CANCELABLE.includes(String(pi.status))) {
    throw unexpectedState(
      state,
      pi,
      `You cannot cancel this PaymentIntent because it has a status of ${String(pi.status)}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(", ")}.`,
    );
  }
  state.store.update(pi, {
    status: "canceled",
    canceled_at: state.store.now(),
    cancellation_reason: readString(params, "cancellation_reason") ?? null,
    next_action: null,
  });
  state.emit("payment_intent.canceled", pi, request);
  return render(state.store, pi, expandOf(params));
}
