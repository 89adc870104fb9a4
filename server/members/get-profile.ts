import "server-only";
import { eq } from "drizzle-orm";
import type { Currency, MemberType, PlanId } from "@/lib/constants";
import type { EntitlementState } from "@/lib/entitlement";
import type { CountryCode } from "@/lib/regions";
import type { Db } from "@/server/db/client";
import { members, subscriptions } from "@/server/db/schema";
import { notFoundError } from "@/server/errors";
import { imageUrl } from "@/server/storage";
import { entitlementOfRow } from "@/server/subscriptions/subscription-state";

export type SubscriptionSummary = {
  /** True while the plan gives service: active, past due within the grace period, or expiring. */
  subscribed: boolean;
  /** The plan in service: "basic" when the merchant never subscribed or the plan has ended. */
  plan: PlanId;
  /** lib/entitlement.ts: none, active, expiring (Settings: Expiring), past_due, lapsed, expired. */
  state: EntitlementState;
  /** The paid plan on record, also once it is expiring, lapsed or expired. */
  paidPlan: PlanId | null;
  country: "usa" | "canada" | null;
  currency: Currency | null;
  /** ISO time the service ends (expiring) or ended (expired), else null. */
  serviceExpiresAt: string | null;
  /** Plans bought through Stripe can be managed here; the demo's seeded plans cannot. */
  manageable: boolean;
};

/**
 * The member as the profile and settings pages show it (part 1 section 3 "Member"). Field names
 * are the ones `POST /api/profile` takes, so a client can edit the answer and send it back.
 */
export type Profile = {
  userKey: string;
  memberType: MemberType;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  country: CountryCode;
  currency: Currency | null;
  address: string | null;
  city: string | null;
  provinceState: string | null;
  postalCode: string | null;
  /** Merchants only; null for others. */
  introduction: string | null;
  /** URL of the 400 px rendition, or null when the member has no image. */
  avatarImage: string | null;
  payoutAcctSet: boolean;
  checkoutPaymentOptions: { payInPerson: boolean; payByCard: boolean };
  /** Merchants only (the subscription is for farmers); null for others. */
  subscription: SubscriptionSummary | null;
};

/** The member's own profile. @throws AppError not_found when the member no longer exists. */
export async function getProfile(
  db: Db,
  memberId: number,
  now: Date = new Date(),
): Promise<Profile> {
  const [row] = await db
    .select({ member: members, subscription: subscriptions })
    .from(members)
    .leftJoin(subscriptions, eq(subscriptions.memberId, members.id))
    .where(eq(members.id, memberId))
    .limit(1);
  if (!row) throw notFoundError("The member could not be found.");
  const m = row.member;
  const isMerchant = m.memberType === "merchant";
  return {
    userKey: m.userKey,
    memberType: m.memberType,
    username: m.username,
    firstName: m.firstName,
    lastName: m.lastName,
    email: m.email,
    phone: m.phone,
    country: m.country,
    currency: m.currency,
    address: m.address,
    city: m.city,
    provinceState: m.provinceState,
    postalCode: m.postalCode,
    introduction: isMerchant ? m.introduction : null,
    avatarImage: m.avatarImage ? imageUrl(m.avatarImage, "sm") : null,
    payoutAcctSet: m.payoutAcctSet,
    checkoutPaymentOptions: { payInPerson: m.payInPerson, payByCard: m.payByCard },
    subscription: isMerchant ? summarizeSubscription(row.subscription, now) : null,
  };
}

type SubscriptionRow = typeof subscriptions.$inferSelect;

export function summarizeSubscription(row: SubscriptionRow | null, now: Date): SubscriptionSummary {
  const entitlement = entitlementOfRow(row, now);
  return {
    subscribed: entitlement.subscribed,
    plan: entitlement.plan,
    state: entitlement.state,
    paidPlan: entitlement.paidPlan,
    country: row?.country ?? null,
    currency: row?.currency ?? null,
    serviceExpiresAt: entitlement.serviceExpiresAt?.toISOString() ?? null,
    manageable: row?.stripeSubscriptionId != null,
  };
}
