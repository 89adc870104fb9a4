/**
 * /v1/refunds: a refund of a PaymentIntent's charge (or a charge), whole by default or part of what
 * is left. Succeeds at once, updates the charge, emits refund.created and charge.refunded.
 */
import { invalidParam, invalidRequest } from "./errors";
import { readInt, readString, type Params } from "./form";
import { expandOf, listAnswer, mergeMetadata, render, type Json } from "./objects";
import type { ApiContext, Route } from "./router";
import { NO_REQUEST, type FakeState } from "./state";
import { randomToken, type StripeObject } from "./store";

const REASONS = ["duplicate", "fraudulent", "requested_by_customer"];
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The charge a refund is for: `charge`, or the successful charge of `payment_intent`. */
function chargeToRefund({ state }: ApiContext, params: Params): StripeObject {
  const chargeId = readString(params, "charge");
  const intentId = readString(params, "payment_intent");
  if (chargeId) return state.store.getOrThrow("charge", chargeId, "charge");
  if (!intentId) {
    throw invalidRequest(
      "One of the following params should be provided for this request: payment_intent or charge.",
    );
  }
  const pi = state.store.getOrThrow("payment_intent", intentId, "payment_intent");
  const charge =
    typeof pi.latest_charge === "string" ? state.store.get("charge", pi.latest_charge) : undefined;
  if (pi.status !== "succeeded" || !charge) {
    throw invalidRequest(
      `This PaymentIntent (${pi.id}) does not have a successful charge to refund.`,
      { param: "payment_intent" },
    );
  }
  return charge;
}

function createRefund(ctx: ApiContext): Json {
  const { state, params, request } = ctx;
  const charge = chargeToRefund(ctx, params);
  const remaining = Number(charge.amount) - Number(charge.amount_refunded);
  if (charge.status !== "succeeded") {
    throw invalidRequest(`Charge ${charge.id} has not succeeded and cannot be refunded.`, {
      param: "charge",
    });
  }
  if (remaining <= 0) {
    throw invalidRequest(`Charge ${charge.id} has already been refunded.`, {
      code: "charge_already_refunded",
    });
  }
  const amount = readInt(params, "amount") ?? remaining;
  if (amount <= 0) throw invalidParam("amount", "Invalid positive integer");
  if (amount > remaining) {
    throw invalidRequest(
      `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(remaining)})`,
      { code: "amount_too_large", param: "amount" },
    );
  }
  const reason = readString(params, "reason");
  if (reason !== undefined && !REASONS.includes(reason)) {
    throw invalidParam("reason", `Invalid reason: must be one of ${REASONS.join(", ")}`);
  }
  const refund = state.store.insert("refund", {
    amount,
    balance_transaction: `txn_${randomToken()}`,
    charge: charge.id,
    currency: charge.currency,
    customer: charge.customer ?? null,
    customer_account: null,
    destination_details: {
      card: {
        reference_status: "pending",
        reference_type: "acquirer_reference_number",
        type: "refund",
      },
      type: "card",
    },
    metadata: mergeMetadata({}, params.metadata),
    payment_intent: charge.payment_intent ?? null,
    payment_method: charge.payment_method ?? null,
    reason: reason ?? null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: "succeeded",
    transfer_reversal: null,
  });
  const refunded = Number(charge.amount_refunded) + amount;
  const list = charge.refunds as { data: unknown[]; total_count: number };
  state.store.update(charge, {
    amount_refunded: refunded,
    refunded: refunded === charge.amount,
    refunds: { ...list, data: [refund, ...list.data], total_count: list.total_count + 1 },
  });
  state.emit("refund.created", refund, request);
  state.emit("charge.refunded", charge, request);
  return render(state.store, refund, expandOf(params));
}

/**
 * A refund that Stripe made and the card network later returned (what a lost or closed card does):
 * `failed` with `failure_reason`, its amount back on the charge as not refunded; emits
 * charge.refund.updated and refund.failed. Only a test can do this (`fake.failRefund`).
 */
export function failRefund(
  state: FakeState,
  refundId: string,
  reason = "expired_or_canceled_card",
): StripeObject {
  const refund = state.store.getOrThrow("refund", refundId, "id");
  if (refund.status === "failed") return refund;
  const charge = state.store.getOrThrow("charge", String(refund.charge), "charge");
  state.store.update(refund, { status: "failed", failure_reason: reason });
  const refunded = Number(charge.amount_refunded) - Number(refund.amount);
  const list = charge.refunds as { data: StripeObject[]; total_count: number };
  state.store.update(charge, {
    amount_refunded: refunded,
    refunded: false,
    refunds: { ...list, data: list.data.map((r) => (r.id === refund.id ? refund : r)) },
  });
  state.emit("charge.refund.updated", refund, NO_REQUEST);
  state.emit("refund.failed", refund, NO_REQUEST);
  return refund;
}

export const refundRoutes: Route[] = [
  {
    // POST /v1/refunds – refund all that is left, or `amount` of it
    method: "POST",
    pattern: "/v1/refunds",
    accepts: [
      "payment_intent",
      "charge",
      "amount",
      "metadata",
      "reason",
      "reverse_transfer",
      "refund_application_fee",
      "instructions_email",
    ],
    handler: createRefund,
  },
  {
    // GET /v1/refunds?payment_intent=...&charge=... – newest first
    method: "GET",
    pattern: "/v1/refunds",
    handler: ({ state, params }) => {
      const intent = readString(params, "payment_intent");
      const charge = readString(params, "charge");
      const refunds = state.store
        .all("refund")
        .filter(
          (r) => (!intent || r.payment_intent === intent) && (!charge || r.charge === charge),
        );
      return listAnswer(state.store, refunds, params, "/v1/refunds");
    },
  },
  {
    // GET /v1/refunds/:id
    method: "GET",
    pattern: "/v1/refunds/:id",
    handler: ({ state, id, params }) =>
      render(state.store, state.store.getOrThrow("refund", id, "id"), expandOf(params)),
  },
  {
    // POST /v1/refunds/:id – metadata only, as at Stripe
    method: "POST",
    pattern: "/v1/refunds/:id",
    accepts: ["metadata"],
    handler: ({ state, id, params }) => {
      const refund = state.store.getOrThrow("refund", id, "id");
      state.store.update(refund, { metadata: mergeMetadata(refund.metadata, params.metadata) });
      return render(state.store, refund, expandOf(params));
    },
  },
];
