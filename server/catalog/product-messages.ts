import "server-only";
import { NOTICES } from "@/lib/notices";
import { CARD_PAYMENTS_NOT_CONFIGURED_MESSAGE } from "@/server/stripe";

/**
 * What the product calls answer. The spec gives the texts of the store page actions (part 1
 * section 8), the permission error of the add form (part 2 section 8) and the gating notices
 * (lib/notices.ts); the rest are ours.
 */
export const PRODUCT_MESSAGES = {
  added: NOTICES.product_added.message,
  updated: NOTICES.product_updated.message,
  deleted: "The product has been deleted.",
  activated: "The product has been activated.",
  removed: "The product has been removed permanently.",
  notFound: "The product could not be found.",
  notPermittedToCreate: "Oopsy, looks like you are not permitted to create the product.",
  incompleteProfile: NOTICES.require_info.message,
  payoutAccountRequired: NOTICES.require_payout_acct.message,
  cardPaymentsNotConfigured: CARD_PAYMENTS_NOT_CONFIGURED_MESSAGE,
  // Wrong transitions of the state machine (active -> deleted -> active; either -> removed).
  alreadyDeleted: "The product has already been deleted.",
  alreadyActive: "The product is already active.",
  alreadyRemoved: "The product has already been removed permanently.",
} as const;
