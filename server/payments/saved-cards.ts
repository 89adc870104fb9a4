import "server-only";
import Stripe from "stripe";
import type { Db } from "@/server/db/client";
import { notFoundError } from "@/server/errors";
import { findStripeCustomerId } from "@/server/stripe/ensure-stripe-customer";
import { idempotencyKeys } from "@/server/stripe/idempotency-keys";
import { callStripe, toAppError } from "@/server/stripe/stripe-errors";
import type { StripeClient } from "@/server/stripe/stripe-client";
import { idOf, isSupportedBrand, type CardBrand } from "@/server/stripe/stripe-states";

export type SavedCard = {
  id: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
};

export const CARD_NOT_FOUND_MESSAGE = "This card could not be found.";
export const CARD_DELETED_MESSAGE = "The card has been deleted.";
const PAYMENT_METHOD_ID = /^pm_[A-Za-z0-9]{1,255}$/;

/** The member's saved cards (brand and last 4 of the supported brands), newest first. */
export async function listSavedCards(
  db: Db,
  stripe: StripeClient,
  memberId: number,
): Promise<SavedCard[]> {
  const customer = await findStripeCustomerId(db, memberId);
  if (!customer) return [];
  const methods = await callStripe("list saved cards", () =>
    stripe.customers.listPaymentMethods(customer, { type: "card", limit: 20 }),
  );
  return methods.data.flatMap((method) => {
    const card = method.card;
    if (!card || !isSupportedBrand(card.brand)) return [];
    return [
      {
        id: method.id,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.exp_month,
        expYear: card.exp_year,
      },
    ];
  });
}

/**
 * Deletes one of the member's saved cards (detaches it from their Customer). A card that is not on
 * this member's Customer is a 404, whoever it belongs to. Deleting twice answers the same.
 */
export async function deleteSavedCard(
  db: Db,
  stripe: StripeClient,
  { memberId, paymentMethodId }: { memberId: number; paymentMethodId: string },
): Promise<void> {
  if (!PAYMENT_METHOD_ID.test(paymentMethodId)) throw notFoundError(CARD_NOT_FOUND_MESSAGE);
  const customer = await findStripeCustomerId(db, memberId);
  if (!customer) throw notFoundError(CARD_NOT_FOUND_MESSAGE);
  const method = await stripe.paymentMethods.retrieve(paymentMethodId).catch((error: unknown) => {
    if (
      error instanceof Stripe.errors.StripeInvalidRequestError &&
      error.code === "resource_missing"
    )
      throw notFoundError(CARD_NOT_FOUND_MESSAGE);
    throw toAppError("retrieve payment method", error);
  });
  if (idOf(method.customer) !== customer) throw notFoundError(CARD_NOT_FOUND_MESSAGE);
  const keys = await idempotencyKeys(db);
  await callStripe("detach payment method", () =>
    stripe.paymentMethods.detach(paymentMethodId, undefined, {
      idempotencyKey: keys.detachCard(paymentMethodId),
    }),
  );
}
