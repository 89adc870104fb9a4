import "server-only";
import { conflict } from "@/server/errors";
import { getStripe, type StripeClient } from "./stripe-client";

/** Said wherever a card step is asked for and no Stripe keys are set. */
export const CARD_PAYMENTS_NOT_CONFIGURED_MESSAGE =
  "Card payments are not configured on this marketplace yet.";

/** The Stripe client, or a 409 saying plainly that card payments are not configured here. */
export function requireStripe(): StripeClient {
  const stripe = getStripe();
  if (!stripe) throw conflict(CARD_PAYMENTS_NOT_CONFIGURED_MESSAGE);
  return stripe;
}
