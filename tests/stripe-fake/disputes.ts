/**
 * Disputes: a customer's bank contests a charge. Only a test can open one (`createDispute`, or
 * POST /_fake/charges/:id/dispute); the API reads and closes them.
 */
import { invalidRequest } from "./errors";
import { readString } from "./form";
import { expandOf, listAnswer, mergeMetadata, render } from "./objects";
import type { RequestRef, Route } from "./router";
import { NO_REQUEST, type FakeState } from "./state";
import type { StripeObject } from "./store";

const SEVEN_DAYS = 7 * 24 * 60 * 60;

/** Opens a dispute on a succeeded charge and emits charge.dispute.created. */
export function createDispute(
  state: FakeState,
  chargeId: string,
  options: { reason?: string; amount?: number } = {},
  request: RequestRef = NO_REQUEST,
): StripeObject {
  const charge = state.store.getOrThrow("charge", chargeId, "charge");
  if (charge.status !== "succeeded")
    throw invalidRequest(`Charge ${chargeId} did not succeed; it cannot be disputed.`);
  const dispute = state.store.insert("dispute", {
    amount: options.amount ?? charge.amount,
    balance_transactions: [],
    charge: charge.id,
    currency: charge.currency,
    evidence: {},
    evidence_details: {
      due_by: state.store.now() + SEVEN_DAYS,
      has_evidence: false,
      past_due: false,
      submission_count: 0,
    },
    is_charge_refundable: false,
    metadata: {},
    payment_intent: charge.payment_intent ?? null,
    reason: options.reason ?? "fraudulent",
    status: "needs_response",
  });
  state.store.update(charge, { disputed: true });
  state.emit("charge.dispute.created", dispute, request);
  return dispute;
}

export const disputeRoutes: Route[] = [
  {
    // GET /v1/disputes?charge=...&payment_intent=... – newest first
    method: "GET",
    pattern: "/v1/disputes",
    handler: ({ state, params }) => {
      const charge = readString(params, "charge");
      const intent = readString(params, "payment_intent");
      const disputes = state.store
        .all("dispute")
        .filter(
          (d) => (!charge || d.charge === charge) && (!intent || d.payment_intent === intent),
        );
      return listAnswer(state.store, disputes, params, "/v1/disputes");
    },
  },
  {
    // GET /v1/disputes/:id
    method: "GET",
    pattern: "/v1/disputes/:id",
    handler: ({ state, id, params }) =>
      render(state.store, state.store.getOrThrow("dispute", id, "id"), expandOf(params)),
  },
  {
    // POST /v1/disputes/:id – metadata (evidence is kept as given)
    method: "POST",
    pattern: "/v1/disputes/:id",
    accepts: ["metadata", "evidence", "submit"],
    handler: ({ state, id, params, request }) => {
      const dispute = state.store.getOrThrow("dispute", id, "id");
      state.store.update(dispute, { metadata: mergeMetadata(dispute.metadata, params.metadata) });
      state.emit("charge.dispute.updated", dispute, request);
      return render(state.store, dispute, expandOf(params));
    },
  },
  {
    // POST /v1/disputes/:id/close – accept the dispute (it is lost)
    method: "POST",
    pattern: "/v1/disputes/:id/close",
    accepts: [],
    handler: ({ state, id, params, request }) => {
      const dispute = state.store.getOrThrow("dispute", id, "id");
      state.store.update(dispute, { status: "lost" });
      state.emit("charge.dispute.closed", dispute, request);
      return render(state.store, dispute, expandOf(params));
    },
  },
];
