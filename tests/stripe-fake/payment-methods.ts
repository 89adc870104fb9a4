/**
 * /v1/payment_methods: create (Stripe.js does it with the publishable key), retrieve, update,
 * attach, detach, and a customer's cards.
 */
import {
  attachPaymentMethod,
  cardNumberOf,
  cardSecrets,
  createCardPaymentMethod,
  resolvePaymentMethod,
} from "./card-payment-methods";
import { cardOutcome } from "./cards";
import { cardError, invalidRequest, missingParam } from "./errors";
import { readInt, readObject, readString, type Params } from "./form";
import { expandOf, listAnswer, mergeMetadata, pickHash, render } from "./objects";
import type { RequestRef, Route } from "./router";
import type { FakeState } from "./state";
function attachRoute(state: FakeState, id: string, params: Params, request: RequestRef) {
  const customerId = readString(params, "customer");
  if (!customerId) throw missingParam("customer");
  state.store.getOrThrow("customer", customerId, "customer");
  const pm = resolvePaymentMethod(state, id, "payment_method");
  const outcome = cardOutcome(cardNumberOf(state, pm));
  // Attaching runs a card check at Stripe: a card that is always refused cannot be saved.
  if (outcome.kind === "decline" && outcome.onAttach) throw cardError(outcome);
  return render(state.store, attachPaymentMethod(state, pm, customerId, request), expandOf(params));
}

/** A customer's card PaymentMethods, newest first. */
export function listCustomerPaymentMethods(
  state: FakeState,
  customerId: string,
  params: Params,
  url: string,
) {
  const type = readString(params, "type");
  const cards = state.store
    .all("payment_method")
    .filter((pm) => pm.customer === customerId && (!type || pm.type === type));
  return listAnswer(state.store, cards, params, url);
}

export const paymentMethodRoutes: Route[] = [
  {
    // POST /v1/payment_methods – a new card PaymentMethod (Stripe.js calls it with the publishable key)
    method: "POST",
    pattern: "/v1/payment_methods",
    access: "publishable",
    accepts: ["type", "card", "billing_details", "metadata", "allow_redisplay"],
    handler: ({ state, params }) =>
      render(state.store, createCardPaymentMethod(state, params), expandOf(params)),
  },
  {
    // GET /v1/payment_methods?customer=cus_...&type=card – a customer's cards
    method: "GET",
    pattern: "/v1/payment_methods",
    handler: ({ state, params }) => {
      const customer = readString(params, "customer");
      if (!customer) throw missingParam("customer");
      return listCustomerPaymentMethods(state, customer, params, "/v1/payment_methods");
    },
  },
  {
    // GET /v1/payment_methods/:id
    method: "GET",
    pattern: "/v1/payment_methods/:id",
    handler: ({ state, id, params }) =>
      render(state.store, resolvePaymentMethod(state, id, "id"), expandOf(params)),
  },
  {
    // POST /v1/payment_methods/:id – billing details, metadata, expiry of a saved card
    method: "POST",
    pattern: "/v1/payment_methods/:id",
    accepts: ["billing_details", "metadata", "card", "allow_redisplay"],
    handler: ({ state, id, params }) => {
      const pm = state.store.getOrThrow("payment_method", id, "id");
      if (!pm.customer) {
        throw invalidRequest(
          "You must save this PaymentMethod to a customer before you can update it.",
        );
      }
      const card = readObject(params, "card") ?? {};
      const billing = pickHash(params, "billing_details");
      state.store.update(pm, {
        metadata: mergeMetadata(pm.metadata, params.metadata),
        billing_details: { ...(pm.billing_details as object), ...billing },
        card: {
          ...(pm.card as object),
          ...(card.exp_month !== undefined
            ? { exp_month: readInt(card, "exp_month", "card[exp_month]") }
            : {}),
          ...(card.exp_year !== undefined
            ? { exp_year: readInt(card, "exp_year", "card[exp_year]") }
            : {}),
        },
        ...(params.allow_redisplay !== undefined
          ? { allow_redisplay: readString(params, "allow_redisplay") }
          : {}),
      });
      return render(state.store, pm, expandOf(params));
    },
  },
  {
    // POST /v1/payment_methods/:id/attach – save a card to a customer
    method: "POST",
    pattern: "/v1/payment_methods/:id/attach",
    accepts: ["customer"],
    handler: ({ state, id, params, request }) => attachRoute(state, id, params, request),
  },
  {
    // POST /v1/payment_methods/:id/detach – forget a saved card (it cannot be used again)
    method: "POST",
    pattern: "/v1/payment_methods/:id/detach",
    accepts: [],
    handler: ({ state, id, params, request }) => {
      const pm = state.store.getOrThrow("payment_method", id, "id");
      if (!pm.customer) {
        throw invalidRequest(
          "The payment method you provided is not attached to a customer so detachment is impossible.",
        );
      }
      state.store.update(pm, { customer: null });
      cardSecrets(state, pm).spent = true;
      state.emit("payment_method.detached", pm, request);
      return render(state.store, pm, expandOf(params));
    },
  },
];
