"use client";

import { loadStripe, type Stripe } from "@stripe/stripe-js";

let stripePromise: Promise<Stripe | null> | null = null;

/** Stripe.js is loaded once per page, from Stripe's own host (never bundled). */
export function getStripeJs(publishableKey: string) {
  stripePromise ??= loadStripe(publishableKey);
  return stripePromise;
}

/** The Payment Element's look, shared by the card checkout and the plans. */
export const ELEMENTS_APPEARANCE = {
  theme: "stripe",
  variables: { colorPrimary: "#2f6b3c" },
} as const;
