import "server-only";
import { eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Entitlement } from "@/lib/entitlement";
import type { Db } from "@/server/db/client";
import { subscriptions } from "@/server/db/schema";
import { AppError, conflict } from "@/server/errors";
import { idempotencyKeys, type IdempotencyKeys } from "@/server/stripe/idempotency-keys";
import { callStripe, toAppError } from "@/server/stripe/stripe-errors";
import type { StripeClient } from "@/server/stripe/stripe-client";
import { getPlanPrice, type PaidPlanId } from "./plan-prices";
import {
  entitlementOfRow,
  formatServiceDate,
  lockSubscription,
  planName,
  type SubscriptionRow,
} from "./subscription-state";
import { SUBSCRIPTION_EXPAND, syncSubscription } from "./sync-subscription";

export const NOT_SUBSCRIBED_MESSAGE = "You do not have a plan to manage yet. Choose one first.";
export const MANAGED_BY_MARKETPLACE_MESSAGE =
  "Your plan was set up by the marketplace team. Please contact us to change it.";

type Change = {
  row: SubscriptionRow;
  entitlement: Entitlement;
  subscriptionId: string;
  keys: IdempotencyKeys;
};

/**
 * Runs one change of the farmer's Stripe subscription under the member-row lock, with the key
 * `{what}:{subscriptionId}:{revision}` (a double click or a retry after a crash sends the same
 * key, so Stripe changes it once), then writes what Stripe answered and counts the revision.
 */
async function changeSubscription(
  db: Db,
  memberId: number,
  now: Date,
  check: (change: Change) => void,
  call: (change: Change) => Promise<Stripe.Subscription>,
): Promise<SubscriptionRow> {
  // Read before the transaction: inside it, the embedded database has one connection.
  const keys = await idempotencyKeys(db);
  return db.transaction(async (tx) => {
    const { row } = await lockSubscription(tx, memberId);
    const entitlement = entitlementOfRow(row, now);
    if (!row || entitlement.state === "none") throw conflict(NOT_SUBSCRIBED_MESSAGE);
    if (!row.stripeSubscriptionId) throw conflict(MANAGED_BY_MARKETPLACE_MESSAGE);
    const change = {
      row,
      entitlement,
      subscriptionId: row.stripeSubscriptionId,
      keys,
    };
    check(change);
    const readAt = new Date();
    const sub = await call(change);
    const written = await syncSubscription(tx, sub, readAt);
    const [counted] = await tx
      .update(subscriptions)
      .set({ revision: sql`${subscriptions.revision} + 1`, updatedAt: sql`now()` })
      .where(eq(subscriptions.id, row.id))
      .returning();
    return counted ?? written ?? row;
  });
}

function expiredMessage(entitlement: Entitlement): string {
  return `Your ${planName(entitlement.paidPlan ?? "basic")} plan has ended. Please subscribe again.`;
}

/**
 * Engager ↔ Harvest, prorated and paid at once (`always_invoice`) with the card on file; a
 * decline (`error_if_incomplete`) changes nothing and answers Stripe's reason.
 *
 * @throws AppError conflict: not subscribed, already on that plan, ending or ended, a declined card
 */
export async function changePlan(
  db: Db,
  stripe: StripeClient,
  { memberId, plan, now = new Date() }: { memberId: number; plan: PaidPlanId; now?: Date },
): Promise<SubscriptionRow> {
  return changeSubscription(
    db,
    memberId,
    now,
    ({ entitlement }) => {
      if (entitlement.state === "expired" || entitlement.state === "lapsed")
        throw conflict(
          entitlement.state === "lapsed"
            ? `The last payment for your ${planName(entitlement.paidPlan ?? "basic")} plan did not go through. Please update your card first.`
            : expiredMessage(entitlement),
        );
      if (entitlement.plan === plan)
        throw conflict(`You are already on the ${planName(plan)} plan.`);
      if (entitlement.state === "expiring" && entitlement.serviceExpiresAt)
        throw conflict(
          `Your plan is set to end on ${formatServiceDate(entitlement.serviceExpiresAt)}. Resubscribe first, then change the plan.`,
        );
    },
    async ({ row, subscriptionId, keys }) => {
      const price = await getPlanPrice(stripe, plan, row.currency);
      const current = await callStripe("retrieve subscription", () =>
        stripe.subscriptions.retrieve(subscriptionId),
      );
      const item = current.items.data[0];
      if (!item) throw conflict("The subscription has no plan to change.");
      try {
        return await stripe.subscriptions.update(
          subscriptionId,
          {
            items: [{ id: item.id, price: price.priceId }],
            proration_behavior: "always_invoice",
            payment_behavior: "error_if_incomplete",
            metadata: { plan },
            expand: SUBSCRIPTION_EXPAND,
          },
          { idempotencyKey: keys.subscriptionPlan(subscriptionId, row.revision, plan) },
        );
      } catch (error) {
        const mapped = toAppError("change plan", error);
        if (mapped instanceof AppError && mapped.code === "conflict")
          throw conflict(`Your plan was not changed. ${mapped.message}`);
        throw mapped;
      }
    },
  );
}

/**
 * Cancels at the period's end: the plan stays in service until then (Expiring, with the date),
 * then ends by itself (Expired).
 *
 * @throws AppError conflict: not subscribed, already ending, or ended
 */
export async function cancelSubscription(
  db: Db,
  stripe: StripeClient,
  { memberId, now = new Date() }: { memberId: number; now?: Date },
): Promise<SubscriptionRow> {
  return changeSubscription(
    db,
    memberId,
    now,
    ({ entitlement }) => {
      if (entitlement.state === "expired") throw conflict(expiredMessage(entitlement));
      if (entitlement.state === "expiring" && entitlement.serviceExpiresAt)
        throw conflict(
          `Your plan is already set to end on ${formatServiceDate(entitlement.serviceExpiresAt)}.`,
        );
    },
    ({ row, subscriptionId, keys }) =>
      callStripe("cancel at period end", () =>
        stripe.subscriptions.update(
          subscriptionId,
          { cancel_at_period_end: true, expand: SUBSCRIPTION_EXPAND },
          { idempotencyKey: keys.subscriptionCancelAtEnd(subscriptionId, row.revision) },
        ),
      ),
  );
}

/**
 * Resubscribe before the end: the cancellation is simply withdrawn and the plan renews again with
 * no expiry. After the end a new subscription is needed (startSubscription).
 *
 * @throws AppError conflict: not ending, or already ended
 */
export async function resumeSubscription(
  db: Db,
  stripe: StripeClient,
  { memberId, now = new Date() }: { memberId: number; now?: Date },
): Promise<SubscriptionRow> {
  return changeSubscription(
    db,
    memberId,
    now,
    ({ entitlement }) => {
      if (entitlement.state === "expired") throw conflict(expiredMessage(entitlement));
      if (entitlement.state !== "expiring")
        throw conflict(`Your ${planName(entitlement.plan)} plan is not set to end.`);
    },
    ({ row, subscriptionId, keys }) =>
      callStripe("resume subscription", () =>
        stripe.subscriptions.update(
          subscriptionId,
          { cancel_at_period_end: false, expand: SUBSCRIPTION_EXPAND },
          { idempotencyKey: keys.subscriptionResume(subscriptionId, row.revision) },
        ),
      ),
  );
}
