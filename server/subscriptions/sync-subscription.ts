import "server-only";
import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { SubscriptionStatus } from "@/lib/entitlement";
import type { Currency, PlanId } from "@/lib/money";
import type { Db } from "@/server/db/client";
import { subscriptions } from "@/server/db/schema";
import { idOf } from "@/server/stripe/stripe-states";
import { planOfLookupKey } from "./plan-prices";

type Row = typeof subscriptions.$inferSelect;

/** What the row says of a Stripe subscription, read from the subscription itself. */
export type StripeSubscriptionState = {
  plan: PlanId | null;
  currency: Currency | null;
  priceId: string | null;
  status: SubscriptionStatus;
  currentPeriodEnd: Date | null;
  serviceExpiresAt: Date | null;
  cancelledAt: Date | null;
  card: { brand: string; last4: string } | null;
};

const fromUnix = (seconds: number | null | undefined) =>
  typeof seconds === "number" ? new Date(seconds * 1000) : null;

/**
 * Stripe's subscription in our words: incomplete (and incomplete_expired) → incomplete; active or
 * trialing → active, or cancelled (Expiring) when set to end at the period's end; past_due and
 * unpaid → past_due (the grace period decides access); canceled and paused → expired.
 */
export function stateOfStripeSubscription(sub: Stripe.Subscription): StripeSubscriptionState {
  const item = sub.items.data[0];
  const price = item?.price;
  const named = planOfLookupKey(price?.lookup_key);
  const metadataPlan = sub.metadata?.plan;
  const plan: PlanId | null =
    named?.plan ?? (metadataPlan === "engager" || metadataPlan === "harvest" ? metadataPlan : null);
  const currency = named?.currency ?? (price?.currency?.toUpperCase() as Currency | undefined);
  const periodEnd = fromUnix(item?.current_period_end);
  const endsAtPeriodEnd = sub.cancel_at_period_end || sub.cancel_at !== null;
  const pm = typeof sub.default_payment_method === "object" ? sub.default_payment_method : null;

  let status: SubscriptionStatus;
  let serviceExpiresAt: Date | null = null;
  switch (sub.status) {
    case "incomplete":
    case "incomplete_expired":
      status = "incomplete";
      break;
    case "canceled":
    case "paused":
      status = "expired";
      serviceExpiresAt = fromUnix(sub.ended_at) ?? fromUnix(sub.canceled_at) ?? new Date();
      break;
    default:
      if (endsAtPeriodEnd) {
        status = "cancelled";
        serviceExpiresAt = fromUnix(sub.cancel_at) ?? periodEnd;
      } else {
        status = sub.status === "past_due" || sub.status === "unpaid" ? "past_due" : "active";
      }
  }
  return {
    plan,
    currency: currency === "USD" || currency === "CAD" ? currency : null,
    priceId: price?.id ?? null,
    status,
    currentPeriodEnd: periodEnd,
    serviceExpiresAt,
    cancelledAt: status === "cancelled" ? (fromUnix(sub.canceled_at) ?? new Date()) : null,
    card: pm?.card ? { brand: pm.card.brand, last4: pm.card.last4 } : null,
  };
}

/**
 * Writes what Stripe says of a subscription to the member's row, when that row follows this
 * subscription (our own calls record which one it follows; an older attempt's events change
 * nothing) and nothing read later has been written already (`stripe_synced_at`): events handled in
 * any order, or twice, leave the newest truth. Returns the row as written, or null when nothing
 * changed.
 */
export async function syncSubscription(
  db: Db,
  sub: Stripe.Subscription,
  readAt: Date,
  extra: { lastPaymentError?: string | null } = {},
): Promise<Row | null> {
  const state = stateOfStripeSubscription(sub);
  const [current] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.stripeSubscriptionId, sub.id))
    .limit(1)
    .for("update");
  if (!current) return null;
  if (current.stripeSyncedAt && current.stripeSyncedAt > readAt) return null;

  // A first payment that never went through and was then cancelled is not an Expired plan.
  const status =
    state.status === "expired" && current.activatedAt === null ? "incomplete" : state.status;
  const lastPaymentError =
    status === "active" || status === "cancelled"
      ? null
      : extra.lastPaymentError !== undefined
        ? extra.lastPaymentError
        : current.lastPaymentError;

  const [row] = await db
    .update(subscriptions)
    .set({
      ...(state.plan ? { plan: state.plan } : {}),
      ...(state.currency ? { currency: state.currency } : {}),
      stripePriceId: state.priceId ?? current.stripePriceId,
      status,
      currentPeriodEnd: state.currentPeriodEnd,
      serviceExpiresAt: status === "incomplete" ? null : state.serviceExpiresAt,
      cancelledAt: state.cancelledAt,
      pastDueSince: status === "past_due" ? (current.pastDueSince ?? readAt) : null,
      activatedAt:
        current.activatedAt ?? (status === "active" || status === "past_due" ? readAt : null),
      cardBrand: state.card?.brand ?? current.cardBrand,
      cardLast4: state.card?.last4 ?? current.cardLast4,
      lastPaymentError,
      stripeSyncedAt: readAt,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(subscriptions.id, current.id),
        or(isNull(subscriptions.stripeSyncedAt), lte(subscriptions.stripeSyncedAt, readAt)),
      ),
    )
    .returning();
  return row ?? null;
}

/** The subscription an invoice belongs to, or null (a one-off invoice). */
export function subscriptionIdOfInvoice(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription ?? null);
}

/** What we ask Stripe for whenever we read a subscription to write it down. */
export const SUBSCRIPTION_EXPAND = ["default_payment_method", "latest_invoice"];

/** Reads a subscription from Stripe (the truth), noting when the read started. */
export async function readSubscription(
  stripe: Stripe,
  subscriptionId: string,
): Promise<{ sub: Stripe.Subscription; readAt: Date }> {
  const readAt = new Date();
  const sub = await stripe.subscriptions.retrieve(subscriptionId, { expand: SUBSCRIPTION_EXPAND });
  return { sub, readAt };
}
