import "server-only";
import { eq, sql } from "drizzle-orm";
import { NOTICE_KEYS, type Currency } from "@/lib/constants";
import { entitlementOf } from "@/lib/entitlement";
import { canAddProduct, getPlan, PLANS, type PlanId } from "@/lib/money";
import type { Db } from "@/server/db/client";
import { members, products, resellers, subscriptions } from "@/server/db/schema";
import { notFoundError } from "@/server/errors";
import {
  PRODUCT_FORM_MERCHANT_COLUMNS,
  toProductFormMerchant,
  type ProductFormMerchant,
} from "./product-form-merchant";
import { PRODUCT_MESSAGES } from "./product-messages";

export type AddProductBlock =
  "not_merchant" | "incomplete_profile" | "payout_account" | "plan_limit";

export type AddProductGate =
  | {
      allowed: true;
      merchant: ProductFormMerchant & { currency: Currency };
      /** Products that count toward the plan limit: active and deleted (not removed). */
      productCount: number;
      /** The plan in service now ("basic" without one, or once it expired). */
      plan: PlanId;
      /** The reseller who recruited the merchant, with the rate in force now. */
      reseller: { id: number; rate: string } | null;
    }
  | { allowed: false; reason: AddProductBlock; message: string; redirectTo: string };

export type AddProductGateOptions = {
  memberId: number;
  /** Card payments configured (server/env cardPaymentsEnabled): the payout-account gate is waived without them. */
  cardPaymentsEnabled: boolean;
  now?: Date;
};

/**
 * May this member list one more product, and if not, where should the add page send them?
 * Spec part 2 sections 4 and 9, in this order:
 * 1. only merchants add products (others go to the dashboard);
 * 2. the profile must be complete: phone and currency (`/profile?notice=require_info`);
 * 3. once the merchant has a product, a payout account is needed (`/settings?notice=require_payout_acct`),
 *    waived while card payments are not configured (nobody could be paid by card anyway);
 * 4. the plan limit: Basic 2, Engager 4, Harvest unlimited. Over it, the merchant goes to the payment
 *    page of the plan that allows one more (`q=require_next_subscription_for_products`). An expired
 *    plan counts as Basic, and its merchant is sent to renew that plan ("an expired service also
 *    forces a subscription").
 *
 * Deleted products count toward the limit (the owner can activate them again at any time, so not
 * counting them would let a Basic farm list any number by deleting and re-activating); permanently
 * removed ones do not. One query. Read-only: `addProduct` calls it again inside its transaction,
 * after locking the member row, so two concurrent adds cannot both take the last place.
 *
 * @throws AppError not_found when the member does not exist.
 */
export async function getAddProductGate(
  db: Db,
  { memberId, cardPaymentsEnabled, now = new Date() }: AddProductGateOptions,
): Promise<AddProductGate> {
  const [row] = await db
    .select({
      memberType: members.memberType,
      phone: members.phone,
      merchant: PRODUCT_FORM_MERCHANT_COLUMNS,
      resellerId: resellers.id,
      resellerRate: resellers.rate,
      subscriptionPlan: subscriptions.plan,
      subscriptionStatus: subscriptions.status,
      serviceExpiresAt: subscriptions.serviceExpiresAt,
      pastDueSince: subscriptions.pastDueSince,
      subscriptionCountry: subscriptions.country,
      productCount: sql<number>`(select count(*)::int from ${products} where ${products.merchantId} = ${members.id} and ${products.status} <> 'removed')`,
    })
    .from(members)
    .leftJoin(subscriptions, eq(subscriptions.memberId, members.id))
    .leftJoin(resellers, eq(resellers.id, members.resellerId))
    .where(eq(members.id, memberId))
    .limit(1);
  if (!row) throw notFoundError("The member could not be found.");

  if (row.memberType !== "merchant") {
    return {
      allowed: false,
      reason: "not_merchant",
      message: PRODUCT_MESSAGES.notPermittedToCreate,
      redirectTo: "/",
    };
  }
  const merchant = toProductFormMerchant(row.merchant);
  const currency = merchant.currency;
  const count = Number(row.productCount);

  if (!row.phone?.trim() || !currency) {
    return {
      allowed: false,
      reason: "incomplete_profile",
      message: PRODUCT_MESSAGES.incompleteProfile,
      redirectTo: `/profile?notice=${NOTICE_KEYS.requireInfo}`,
    };
  }
  if (cardPaymentsEnabled && !merchant.payoutAcctSet && count >= 1) {
    return {
      allowed: false,
      reason: "payout_account",
      message: PRODUCT_MESSAGES.payoutAccountRequired,
      redirectTo: `/settings?notice=${NOTICE_KEYS.requirePayoutAccount}`,
    };
  }

  const entitlement = entitlementOf(
    row.subscriptionPlan && row.subscriptionStatus
      ? {
          plan: row.subscriptionPlan,
          status: row.subscriptionStatus,
          serviceExpiresAt: row.serviceExpiresAt,
          pastDueSince: row.pastDueSince,
        }
      : null,
    now,
  );
  const plan = entitlement.plan;
  // An ended plan (or a lapsed one, whose card must be fixed) sends its farmer back to that plan.
  const expiredPlan =
    entitlement.state === "expired" || entitlement.state === "lapsed" ? entitlement.paidPlan : null;
  if (!canAddProduct(plan, count)) {
    const target = higherPlan(expiredPlan ?? "basic", firstPlanAllowing(count));
    // A farm that has subscribed keeps the currency it pays in; others pay in their own.
    const country =
      entitlement.paidPlan && row.subscriptionCountry
        ? row.subscriptionCountry
        : merchant.country === "US"
          ? "usa"
          : "canada";
    return {
      allowed: false,
      reason: "plan_limit",
      message: expiredPlan
        ? entitlement.state === "lapsed"
          ? `The last payment for your ${getPlan(expiredPlan).name} plan did not go through. Please update your card to add more products.`
          : `Your ${getPlan(expiredPlan).name} plan has expired. Please subscribe again to add more products.`
        : `Your ${getPlan(plan).name} plan allows up to ${getPlan(plan).productLimit} products. Please subscribe to the ${getPlan(target).name} plan to add more.`,
      redirectTo: `/subscription/payment/${country}/${target}?q=${NOTICE_KEYS.requireNextSubscriptionForProducts}`,
    };
  }

  return {
    allowed: true,
    merchant: { ...merchant, currency },
    productCount: count,
    plan,
    reseller:
      row.resellerId !== null && row.resellerRate !== null
        ? { id: row.resellerId, rate: row.resellerRate }
        : null,
  };
}

/** The smallest plan under which a merchant with `count` products may add one more. */
function firstPlanAllowing(count: number): PlanId {
  return PLANS.find((p) => canAddProduct(p.id, count))?.id ?? "harvest";
}

function higherPlan(a: PlanId, b: PlanId): PlanId {
  const rank = (id: PlanId) => PLANS.findIndex((p) => p.id === id);
  return rank(a) >= rank(b) ? a : b;
}
