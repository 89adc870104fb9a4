import "server-only";
import type { Currency } from "@/lib/constants";
import type { ServiceCharge } from "@/lib/fees";
import { members } from "@/server/db/schema";
import { PRODUCT_MESSAGES } from "./product-messages";

/** What the product form and its services need to know about the merchant who owns the product. */
export type ProductFormMerchant = {
  id: number;
  username: string;
  /** Null only while the profile is incomplete (the add gate stops such a merchant first). */
  currency: Currency | null;
  country: "CA" | "US";
  payoutAcctSet: boolean;
  /** The service charge in force for this merchant: the form's estimated earning uses it. */
  serviceCharge: ServiceCharge;
};

/** The columns `toProductFormMerchant` reads, for a select that joins `members`. */
export const PRODUCT_FORM_MERCHANT_COLUMNS = {
  id: members.id,
  username: members.username,
  currency: members.currency,
  country: members.country,
  payoutAcctSet: members.payoutAcctSet,
  baseRate: members.baseRate,
  baseAmountCents: members.baseAmountCents,
  internationalCcRate: members.internationalCreditCardRate,
  handlingFeeRate: members.handlingFeeRate,
  handlingFeeAmountCents: members.handlingFeeAmtCents,
};

type MerchantRow = Pick<
  typeof members.$inferSelect,
  "id" | "username" | "currency" | "country" | "payoutAcctSet" | "baseRate" | "baseAmountCents"
> & {
  internationalCcRate: string;
  handlingFeeRate: string;
  handlingFeeAmountCents: number;
};

export function toProductFormMerchant(row: MerchantRow): ProductFormMerchant {
  return {
    id: row.id,
    username: row.username,
    currency: row.currency,
    country: row.country,
    payoutAcctSet: row.payoutAcctSet,
    serviceCharge: {
      baseRate: row.baseRate,
      baseAmountCents: row.baseAmountCents,
      internationalCcRate: row.internationalCcRate,
      handlingFeeRate: row.handlingFeeRate,
      handlingFeeAmountCents: row.handlingFeeAmountCents,
    },
  };
}

/**
 * Why this merchant cannot offer pay by card on a product, or null when they can: card payments
 * must be configured on the marketplace (Stripe keys), and the merchant needs a payout account to
 * be paid (ARCHITECTURE section 5, "Without Stripe keys").
 */
export function cardPaymentBlocker(
  merchant: Pick<ProductFormMerchant, "payoutAcctSet">,
  cardPaymentsEnabled: boolean,
): string | null {
  if (!cardPaymentsEnabled) return PRODUCT_MESSAGES.cardPaymentsNotConfigured;
  if (!merchant.payoutAcctSet) return PRODUCT_MESSAGES.payoutAccountRequired;
  return null;
}
