/**
 * What a farmer may do now, as one pure function of their plan, its status and its dates: every
 * gate (products, messaging, Settings, pricing, the subscription page) reads `entitlementOf`, so
 * they never disagree, and no job has to run for a plan to expire (docs/decisions/0019).
 */
import { getPlan, type PlanId } from "./money";

/** Our statuses (server/db/schema/subscriptions.ts); Stripe's are translated at the edge. */
export type SubscriptionStatus = "incomplete" | "active" | "past_due" | "cancelled" | "expired";

export type SubscriptionFacts = {
  plan: PlanId;
  status: SubscriptionStatus;
  /** Set on a cancelled plan: its service ends then (Stripe's `cancel_at`, or `ended_at`). */
  serviceExpiresAt: Date | null;
  /** When a renewal first failed (the grace period counts from it); null otherwise. */
  pastDueSince: Date | null;
};

/**
 * - `none`: never subscribed, or the first payment has not gone through (Basic applies);
 * - `active`: paid and renewing;
 * - `expiring`: cancelled, in service until `serviceExpiresAt`;
 * - `past_due`: a renewal failed, in service until `graceEndsAt` while Stripe retries;
 * - `lapsed`: a renewal failed and the grace period is over (Basic applies until the card is fixed);
 * - `expired`: the plan ended (Basic applies; adding past the Basic limit needs a new subscription).
 */
export type EntitlementState = "none" | "active" | "expiring" | "past_due" | "lapsed" | "expired";

export type Entitlement = {
  state: EntitlementState;
  /** The plan whose limits apply now. */
  plan: PlanId;
  /** The paid plan on record (the one that is expiring, lapsed or expired), else null. */
  paidPlan: PlanId | null;
  /** True while a paid plan gives service (active, expiring, past due within the grace period). */
  subscribed: boolean;
  productLimit: number | null;
  messaging: boolean;
  /** expiring: when the service ends; expired: when it ended. */
  serviceExpiresAt: Date | null;
  /** past_due and lapsed: when the grace period ends (ended). */
  graceEndsAt: Date | null;
};

/** A failed renewal keeps the plan this long while Stripe retries the card (decision 0018). */
export const PAST_DUE_GRACE_DAYS = 7;
const GRACE_MS = PAST_DUE_GRACE_DAYS * 24 * 60 * 60 * 1000;

export function entitlementOf(facts: SubscriptionFacts | null, now: Date): Entitlement {
  if (!facts || facts.plan === "basic") return basic("none", null);
  const { plan, status, serviceExpiresAt, pastDueSince } = facts;
  const ended = serviceExpiresAt !== null && serviceExpiresAt.getTime() <= now.getTime();

  switch (status) {
    case "incomplete":
      return basic("none", null);
    case "expired":
      return { ...basic("expired", plan), serviceExpiresAt };
    case "cancelled":
      if (serviceExpiresAt === null || ended)
        return { ...basic("expired", plan), serviceExpiresAt };
      return { ...paid("expiring", plan), serviceExpiresAt };
    case "past_due": {
      if (ended) return { ...basic("expired", plan), serviceExpiresAt };
      const graceEndsAt = new Date((pastDueSince ?? now).getTime() + GRACE_MS);
      if (graceEndsAt.getTime() > now.getTime()) return { ...paid("past_due", plan), graceEndsAt };
      return { ...basic("lapsed", plan), graceEndsAt };
    }
    case "active":
      if (ended) return { ...basic("expired", plan), serviceExpiresAt };
      return paid("active", plan);
  }
}

function paid(state: EntitlementState, plan: PlanId): Entitlement {
  const { productLimit, messaging } = getPlan(plan);
  return {
    state,
    plan,
    paidPlan: plan,
    subscribed: true,
    productLimit,
    messaging,
    serviceExpiresAt: null,
    graceEndsAt: null,
  };
}

function basic(state: EntitlementState, paidPlan: PlanId | null): Entitlement {
  const { productLimit, messaging } = getPlan("basic");
  return {
    state,
    plan: "basic",
    paidPlan,
    subscribed: false,
    productLimit,
    messaging,
    serviceExpiresAt: null,
    graceEndsAt: null,
  };
}

/** The messaging gate (a farmer sends or replies only on Engager or Harvest; customers always). */
export function canMessage(entitlement: Entitlement): boolean {
  return entitlement.messaging;
}
