import "server-only";
import { eq } from "drizzle-orm";
import { entitlementOf, type Entitlement } from "@/lib/entitlement";
import { getPlan, type Currency, type PlanId } from "@/lib/money";
import type { Db } from "@/server/db/client";
import { members, subscriptions } from "@/server/db/schema";
import { forbiddenError, notFoundError } from "@/server/errors";

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionCountry = "usa" | "canada";

export const FARMERS_ONLY_MESSAGE = "The subscription is for farmers only.";

export const COUNTRY_CURRENCY: Record<SubscriptionCountry, Currency> = {
  usa: "USD",
  canada: "CAD",
};

/** The spec's slug for a currency (usa gives USD, canada CAD). */
export const countryOfCurrency = (currency: Currency): SubscriptionCountry =>
  currency === "USD" ? "usa" : "canada";

/** The entitlement of a subscription row (or of none). */
export function entitlementOfRow(row: SubscriptionRow | null, now: Date): Entitlement {
  return entitlementOf(
    row
      ? {
          plan: row.plan,
          status: row.status,
          serviceExpiresAt: row.serviceExpiresAt,
          pastDueSince: row.pastDueSince,
        }
      : null,
    now,
  );
}

/** What a farmer may do now (every gate reads this): one indexed lookup. */
export async function getEntitlement(
  db: Db,
  memberId: number,
  now = new Date(),
): Promise<Entitlement> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.memberId, memberId))
    .limit(1);
  return entitlementOfRow(row ?? null, now);
}

export type LockedSubscription = {
  member: { id: number; memberType: string; stripeCustomerId: string | null };
  row: SubscriptionRow | null;
};

/**
 * Locks the farmer's member row for the rest of the transaction (every change of a plan takes
 * this lock first, so a double click or two tabs queue instead of racing) and reads their
 * subscription row.
 *
 * @throws AppError not_found: no such member; forbidden: not a farmer
 */
export async function lockSubscription(db: Db, memberId: number): Promise<LockedSubscription> {
  const [member] = await db
    .select({
      id: members.id,
      memberType: members.memberType,
      stripeCustomerId: members.stripeCustomerId,
    })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1)
    .for("update");
  if (!member) throw notFoundError("The member could not be found.");
  if (member.memberType !== "merchant") throw forbiddenError(FARMERS_ONLY_MESSAGE);
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.memberId, memberId))
    .limit(1);
  return { member, row: row ?? null };
}

/** @throws AppError not_found: no such member; forbidden: not a farmer */
export async function requireFarmer(db: Db, memberId: number): Promise<void> {
  const [member] = await db
    .select({ memberType: members.memberType })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1);
  if (!member) throw notFoundError("The member could not be found.");
  if (member.memberType !== "merchant") throw forbiddenError(FARMERS_ONLY_MESSAGE);
}

export const planName = (plan: PlanId) => getPlan(plan).name;

/** "December 26, 2026": how service dates read on the pages and in mails. */
export function formatServiceDate(date: Date): string {
  return date.toLocaleDateString("en-CA", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}

export type SubscriptionDetails = {
  entitlement: Entitlement;
  row: SubscriptionRow | null;
};

/** The farmer's subscription row and what it entitles them to, for the subscription pages. */
export async function getSubscriptionDetails(
  db: Db,
  memberId: number,
  now = new Date(),
): Promise<SubscriptionDetails> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.memberId, memberId))
    .limit(1);
  return { entitlement: entitlementOfRow(row ?? null, now), row: row ?? null };
}
