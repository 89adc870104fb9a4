/**
 * Card PaymentMethods: made from a number (checked as Stripe checks it) or a test id, and attached to
 * customers. The number is kept hidden (`store.secret`) and decides what each attempt does
 * (cards.ts).
 */
import { createHash } from "node:crypto";
import { cardDetails, namedCardNumber, passesLuhn } from "./cards";
import { cardError, invalidRequest, missingParam } from "./errors";
import { readInt, readObject, readString, type Params } from "./form";
import { mergeMetadata, pickHash } from "./objects";
import type { RequestRef } from "./router";
import type { FakeState } from "./state";
import type { StripeObject } from "./store";

const EMPTY_BILLING = {
  address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
  email: null,
  name: null,
  phone: null,
  tax_id: null,
};

/** Hidden facts about a card PaymentMethod. */
export interface CardSecrets {
  number?: string;
  /** Set up for later use (a SetupIntent or setup_future_usage succeeded): no 3DS off session. */
  setUp?: boolean;
  /** Used once without a customer, or detached: Stripe refuses to use it again. */
  spent?: boolean;
}

export const cardSecrets = (state: FakeState, pm: StripeObject) =>
  state.store.secret(pm.id) as CardSecrets;

/** Validates `card[...]` as Stripe does (Luhn, expiry, cvc) and stores a new card PaymentMethod. */
export function createCardPaymentMethod(state: FakeState, params: Params): StripeObject {
  if (readString(params, "type") !== "card") {
    throw invalidRequest("The fake only knows card payment methods.", { param: "type" });
  }
  const card = readObject(params, "card") ?? {};
  const token = readString(card, "token", "card[token]");
  const named = token === undefined ? undefined : namedCardNumber(token);
  if (token !== undefined && !named)
    throw invalidRequest(`No such token: '${token}'`, {
      code: "resource_missing",
      param: "card[token]",
    });
  const number = named ?? readString(card, "number", "card[number]")?.replace(/\s/g, "");
  if (number === undefined) throw missingParam("card[number]");
  if (!passesLuhn(number)) {
    throw cardError({
      code: "incorrect_number",
      message: "Your card number is incorrect.",
      param: "card[number]",
    });
  }
  const today = new Date();
  const expMonth = named ? today.getMonth() + 1 : readInt(card, "exp_month", "card[exp_month]");
  let expYear = named ? today.getFullYear() + 1 : readInt(card, "exp_year", "card[exp_year]");
  if (expMonth === undefined) throw missingParam("card[exp_month]");
  if (expYear === undefined) throw missingParam("card[exp_year]");
  if (expYear < 100) expYear += 2000;
  if (expMonth < 1 || expMonth > 12) {
    throw cardError({
      code: "invalid_expiry_month",
      message: "Your card's expiration month is invalid.",
      param: "card[exp_month]",
    });
  }
  const expired =
    expYear < today.getFullYear() ||
    (expYear === today.getFullYear() && expMonth < today.getMonth() + 1);
  if (expired) {
    throw cardError({
      code: "invalid_expiry_year",
      message: "Your card's expiration year is invalid.",
      param: "card[exp_year]",
    });
  }
  const cvc = readString(card, "cvc", "card[cvc]");
  if (cvc !== undefined && !/^\d{3,4}$/.test(cvc)) {
    throw cardError({
      code: "invalid_cvc",
      message: "Your card's security code is invalid.",
      param: "card[cvc]",
    });
  }
  const details = cardDetails(number);
  const pm = state.store.insert("payment_method", {
    allow_redisplay: readString(params, "allow_redisplay") ?? "unspecified",
    billing_details: { ...EMPTY_BILLING, ...pickHash(params, "billing_details") },
    card: {
      ...details,
      checks: {
        address_line1_check: null,
        address_postal_code_check: null,
        cvc_check: cvc ? "pass" : null,
      },
      exp_month: expMonth,
      exp_year: expYear,
      fingerprint: createHash("sha256").update(number).digest("base64url").slice(0, 16),
      generated_from: null,
      networks: { available: [details.brand], preferred: null },
      regulated_status: "unregulated",
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    customer: null,
    customer_account: null,
    metadata: mergeMetadata({}, params.metadata),
    type: "card",
  });
  cardSecrets(state, pm).number = number;
  return pm;
}

/** A PaymentMethod by id; Stripe's named test ids (`pm_card_visa`) make a fresh one each time. */
export function resolvePaymentMethod(
  state: FakeState,
  id: string,
  param = "payment_method",
): StripeObject {
  if (namedCardNumber(id) && id.startsWith("pm_")) {
    return createCardPaymentMethod(state, { type: "card", card: { token: id } });
  }
  return state.store.getOrThrow("payment_method", id, param);
}

/** The card number behind a PaymentMethod (the test cards decide outcomes by it). */
export const cardNumberOf = (state: FakeState, pm: StripeObject) =>
  cardSecrets(state, pm).number ?? "";

export function attachPaymentMethod(
  state: FakeState,
  pm: StripeObject,
  customerId: string,
  request: RequestRef,
): StripeObject {
  if (pm.customer === customerId) return pm;
  if (pm.customer) {
    throw invalidRequest(
      "The payment method you provided has already been attached to a customer.",
      { param: "payment_method" },
    );
  }
  if (cardSecrets(state, pm).spent) {
    throw invalidRequest(
      "This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.",
      { param: "payment_method" },
    );
  }
  state.store.update(pm, { customer: customerId });
  state.emit("payment_method.attached", pm, request);
  return pm;
}

/** A card saved to `customerId`, as a default payment method must be (400 otherwise, as at Stripe). */
export function customerPaymentMethod(
  state: FakeState,
  customerId: string,
  id: string,
  param: string,
): StripeObject {
  const pm = state.store.get("payment_method", id);
  if (!pm || pm.customer !== customerId) {
    throw invalidRequest(
      `The customer does not have a payment method with the ID ${id}. The payment method must be attached to the customer.`,
      { param },
    );
  }
  return pm;
}
