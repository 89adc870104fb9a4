/**
 * Charges: made by a payment attempt (one per attempt, failed or succeeded, as at Stripe), read by
 * GET /v1/charges. Refunds and disputes change them.
 */
import { readString } from "./form";
import { expandOf, listAnswer, render } from "./objects";
import type { RequestRef, Route } from "./router";
import type { FakeState } from "./state";
import { newId, randomToken, type StripeObject } from "./store";

export interface Decline {
  code: string;
  declineCode?: string;
  message: string;
}

/** Records the charge of one attempt on `intent` with `pm`, and emits charge.succeeded / charge.failed. */
export function createCharge(
  state: FakeState,
  intent: StripeObject,
  pm: StripeObject,
  decline: Decline | null,
  request: RequestRef,
): StripeObject {
  const id = newId("charge");
  const succeeded = decline === null;
  const card = pm.card as Record<string, unknown>;
  const charge = state.store.insert(
    "charge",
    {
      amount: intent.amount,
      amount_captured: succeeded ? intent.amount : 0,
      amount_refunded: 0,
      application: null,
      application_fee: null,
      application_fee_amount: null,
      balance_transaction: succeeded ? `txn_${randomToken()}` : null,
      billing_details: pm.billing_details,
      calculated_statement_descriptor: "STRIPE FAKE",
      captured: succeeded,
      currency: intent.currency,
      customer: intent.customer ?? null,
      description: intent.description ?? null,
      disputed: false,
      failure_balance_transaction: null,
      failure_code: decline?.code ?? null,
      failure_message: decline?.message ?? null,
      fraud_details: {},
      metadata: intent.metadata ?? {},
      on_behalf_of: null,
      outcome: succeeded
        ? {
            network_status: "approved_by_network",
            reason: null,
            risk_level: "normal",
            seller_message: "Payment complete.",
            type: "authorized",
          }
        : {
            network_status: "declined_by_network",
            reason: decline.declineCode ?? decline.code,
            risk_level: "normal",
            seller_message: "The bank did not return any further details with this decline.",
            type: "issuer_declined",
          },
      paid: succeeded,
      payment_intent: intent.id,
      payment_method: pm.id,
      payment_method_details: {
        type: "card",
        card: {
          brand: card.brand,
          country: card.country,
          exp_month: card.exp_month,
          exp_year: card.exp_year,
          fingerprint: card.fingerprint,
          funding: card.funding,
          last4: card.last4,
          network: card.brand,
          checks: card.checks,
        },
      },
      receipt_email: intent.receipt_email ?? null,
      receipt_url: succeeded ? `${state.baseUrl}/_fake/receipts/${id}` : null,
      receipt_number: null,
      refunded: false,
      refunds: {
        object: "list",
        data: [],
        has_more: false,
        total_count: 0,
        url: `/v1/charges/${id}/refunds`,
      },
      review: null,
      shipping: intent.shipping ?? null,
      source: null,
      source_transfer: null,
      statement_descriptor: null,
      statement_descriptor_suffix: null,
      status: succeeded ? "succeeded" : "failed",
      transfer_data: null,
      transfer_group: intent.transfer_group ?? null,
    },
    id,
  );
  state.emit(succeeded ? "charge.succeeded" : "charge.failed", charge, request);
  return charge;
}

export const chargeRoutes: Route[] = [
  {
    // GET /v1/charges/:id
    method: "GET",
    pattern: "/v1/charges/:id",
    handler: ({ state, id, params }) =>
      render(state.store, state.store.getOrThrow("charge", id, "id"), expandOf(params)),
  },
  {
    // GET /v1/charges?payment_intent=...&customer=... – newest first
    method: "GET",
    pattern: "/v1/charges",
    handler: ({ state, params }) => {
      const intent = readString(params, "payment_intent");
      const customer = readString(params, "customer");
      const charges = state.store
        .all("charge")
        .filter(
          (c) => (!intent || c.payment_intent === intent) && (!customer || c.customer === customer),
        );
      return listAnswer(state.store, charges, params, "/v1/charges");
    },
  },
];
