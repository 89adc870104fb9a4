import "server-only";
import { sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Currency } from "@/lib/money";
import type { Db } from "@/server/db/client";
import { subscriptions } from "@/server/db/schema";
import { conflict } from "@/server/errors";
import { ensureStripeCustomer } from "@/server/stripe/ensure-stripe-customer";
import { idempotencyKeys } from "@/server/stripe/idempotency-keys";
import { callStripe } from "@/server/stripe/stripe-errors";
import type { StripeClient } from "@/server/stripe/stripe-client";
import { getPlanPrice, type PaidPlanId } from "./plan-prices";
import {
  COUNTRY_CURRENCY,
  entitlementOfRow,
  formatServiceDate,
  lockSubscription,
  planName,
  requireFarmer,
  type SubscriptionCountry,
} from "./subscription-state";
import { syncSubscription } from "./sync-subscription";

/** create: a first plan; resubscribe: a new subscription after the last one ended. */
export type SubscriptionKind = "create" | "resubscribe";

export type SubscriptionCheckout =
  | {
      state: "awaiting_payment";
      subscriptionId: string;
      clientSecret: string;
      plan: PaidPlanId;
      currency: Currency;
      amountCents: number;
      kind: SubscriptionKind;
    }
  /** Paid already (the return or the webhook was not processed yet): nothing more to pay. */
  | { state: "active"; kind: SubscriptionKind };

/**
 * Starts a subscription to `plan` in the country's currency, or answers the one already started:
 * Stripe makes it `incomplete` with its first invoice open, and the farmer pays that invoice's
 * PaymentIntent with the Payment Element (the client secret answered here). Under the member-row
 * lock, so a double click or two tabs get one subscription: a started one for the same price is
 * answered again; one for another plan or currency is cancelled (never paid, never charged) and a
 * new one made under the next attempt's key. Stripe's answer is recorded before the lock is
 * released; after a crash in between, the retry sends the same key and gets the same subscription.
 *
 * @throws AppError forbidden: not a farmer; conflict: a plan is already in service (Change Plan,
 *   resubscribe or update the card instead); unavailable: Stripe did not answer
 */
export async function startSubscription(
  db: Db,
  stripe: StripeClient,
  {
    memberId,
    country,
    plan,
    now = new Date(),
  }: { memberId: number; country: SubscriptionCountry; plan: PaidPlanId; now?: Date },
): Promise<SubscriptionCheckout> {
  const currency = COUNTRY_CURRENCY[country];
  await requireFarmer(db, memberId); // before anything is made at Stripe
  // Outside the lock: both are idempotent, and they may take a while on a first use.
  const price = await getPlanPrice(stripe, plan, currency);
  const customerId = await ensureStripeCustomer(db, stripe, memberId);

  // Read before the transaction: inside it, the embedded database has one connection.
  const keys = await idempotencyKeys(db);
  return db.transaction(async (tx) => {
    const { row } = await lockSubscription(tx, memberId);
    const entitlement = entitlementOfRow(row, now);
    if (entitlement.subscribed || entitlement.state === "lapsed") {
      const current = entitlement.paidPlan ?? entitlement.plan;
      throw conflict(
        entitlement.state === "expiring" && entitlement.serviceExpiresAt
          ? `Your ${planName(current)} plan is set to end on ${formatServiceDate(entitlement.serviceExpiresAt)}. Resubscribe to keep it instead.`
          : entitlement.state === "past_due" || entitlement.state === "lapsed"
            ? `The last payment for your ${planName(current)} plan did not go through. Please update your card instead.`
            : current === plan
              ? `You already have the ${planName(plan)} plan.`
              : `You already have the ${planName(current)} plan. Use Change Plan to move to ${planName(plan)}.`,
      );
    }
    let kind: SubscriptionKind = entitlement.state === "expired" ? "resubscribe" : "create";

    if (row?.status === "incomplete" && row.stripeSubscriptionId) {
      const started = await callStripe("retrieve subscription", () =>
        stripe.subscriptions.retrieve(row.stripeSubscriptionId!, {
          expand: ["latest_invoice.confirmation_secret", "default_payment_method"],
        }),
      );
      // A new attempt after an ended plan stays a resubscription whatever plan it is for.
      if (started.metadata?.type === "resubscribe") kind = "resubscribe";
      if (started.status === "active" || started.status === "past_due") {
        await syncSubscription(tx, started, new Date());
        return { state: "active", kind };
      }
      const secret = clientSecretOf(started);
      if (
        started.status === "incomplete" &&
        secret &&
        started.items.data[0]?.price.id === price.priceId
      ) {
        return awaiting(started, secret, plan, currency, price.cents, kind);
      }
      if (started.status === "incomplete") {
        await callStripe("cancel subscription", () =>
          stripe.subscriptions.cancel(
            started.id,
            {},
            { idempotencyKey: keys.subscriptionCancel(started.id) },
          ),
        );
      }
    }

    const attempt = (row?.attempt ?? 0) + 1;
    const sub = await callStripe("create subscription", () =>
      stripe.subscriptions.create(
        {
          customer: customerId,
          items: [{ price: price.priceId }],
          payment_behavior: "default_incomplete",
          payment_settings: {
            save_default_payment_method: "on_subscription",
            payment_method_types: ["card"],
          },
          expand: ["latest_invoice.confirmation_secret"],
          metadata: { member_id: String(memberId), plan, type: kind },
        },
        { idempotencyKey: keys.subscription(memberId, attempt, `${plan}-${currency}`) },
      ),
    );
    const values = {
      plan,
      country,
      currency,
      status: "incomplete" as const,
      stripeSubscriptionId: sub.id,
      stripePriceId: price.priceId,
      currentPeriodEnd: null,
      serviceExpiresAt:
        row?.status === "expired" || row?.status === "cancelled" ? row.serviceExpiresAt : null,
      pastDueSince: null,
      lastPaymentError: null,
      stripeSyncedAt: null,
      activatedAt: null,
      cancelledAt: null,
      attempt,
      revision: 0,
    };
    await tx
      .insert(subscriptions)
      .values({ memberId, ...values })
      .onConflictDoUpdate({
        target: subscriptions.memberId,
        set: { ...values, updatedAt: sql`now()` },
      });

    const secret = clientSecretOf(sub);
    if (!secret) throw conflict("The subscription could not be started. Please try again.");
    return awaiting(sub, secret, plan, currency, price.cents, kind);
  });
}

function clientSecretOf(sub: Stripe.Subscription): string | null {
  const invoice = typeof sub.latest_invoice === "object" ? sub.latest_invoice : null;
  return invoice?.confirmation_secret?.client_secret ?? null;
}

function awaiting(
  sub: Stripe.Subscription,
  clientSecret: string,
  plan: PaidPlanId,
  currency: Currency,
  amountCents: number,
  kind: SubscriptionKind,
): SubscriptionCheckout {
  return {
    state: "awaiting_payment",
    subscriptionId: sub.id,
    clientSecret,
    plan,
    currency,
    amountCents,
    kind,
  };
}
