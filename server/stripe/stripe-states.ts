import "server-only";
import type Stripe from "stripe";

/**
 * Stripe's words, translated at the edge into the order's own (orders.payment_status). Nothing
 * past server/payments reads a Stripe status or event type.
 */
export type CardPaymentOutcome =
  /** The money is taken: the order is placed. */
  | "succeeded"
  /** Still with the customer: a form to fill, a card to authenticate, a confirmation to send. */
  | "awaiting_customer"
  /** The bank is still deciding (not for cards today, but Stripe may answer it). */
  | "processing"
  /** The PaymentIntent was cancelled: this order can no longer be paid. */
  | "cancelled";

export function paymentOutcome(status: Stripe.PaymentIntent.Status): CardPaymentOutcome {
  switch (status) {
    case "succeeded":
      return "succeeded";
    case "processing":
      return "processing";
    case "canceled":
      return "cancelled";
    case "requires_payment_method":
    case "requires_confirmation":
    case "requires_action":
    case "requires_capture":
    default:
      return "awaiting_customer";
  }
}

/** The card brands the payment page shows for saved cards (spec part 1 section 3). */
export const SUPPORTED_CARD_BRANDS = ["visa", "mastercard", "amex", "discover", "jcb"] as const;
export type CardBrand = (typeof SUPPORTED_CARD_BRANDS)[number];

export function isSupportedBrand(brand: string): brand is CardBrand {
  return (SUPPORTED_CARD_BRANDS as readonly string[]).includes(brand);
}

/** The id of an expandable field, whether Stripe sent the id or the object. */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}
