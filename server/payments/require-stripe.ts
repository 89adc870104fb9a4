import "server-only";
import { conflict } from "@/server/errors";
import { CARD_PAYMENTS_NOT_CONFIGURED_MESSAGE } from "@/server/members/update-checkout-options";
import { getStripe, type StripeClient } from "./stripe-client";

/** The Stripe client, or a 409 saying plainly that card payments are not configured here. */
export function requireStripe(): StripeClient {
  const stripe = getStripe();
  if (!stripe) throw conflict(CARD_PAYMENTS_NOT_CONFIGURED_MESSAGE);
  return stripe;
}
