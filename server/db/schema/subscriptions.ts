import { relations, sql } from "drizzle-orm";
import { index, integer, pgEnum, pgTable, serial, text } from "drizzle-orm/pg-core";
import { members } from "./members";
import { createdAt, happenedAt, updatedAt } from "./columns";
import { currencyEnum } from "./shared";
import { SUBSCRIPTION_COUNTRY_SLUGS } from "@/lib/constants";
import { PLAN_IDS } from "@/lib/money";

export const subscriptionPlanEnum = pgEnum("subscription_plan", PLAN_IDS);
/** The spec's plan URLs name countries this way (/subscriptionPayment/{country}/{plan}). */
export const subscriptionCountryEnum = pgEnum("subscription_country", SUBSCRIPTION_COUNTRY_SLUGS);
/**
 * Our own small vocabulary; Stripe's statuses are translated at the webhook edge.
 * A cancelled subscription keeps its service until `service_expires_at` (shown as Expiring, then
 * Expired); resubscribing clears `cancelled_at` and the expiry.
 */
export const subscriptionStatusEnum = pgEnum("subscription_status", [
  "incomplete",
  "active",
  "past_due",
  "cancelled",
  "expired",
]);

/** A merchant's plan: one row per member, updated in place as the plan changes. */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .unique()
      .references(() => members.id, { onDelete: "cascade" }),
    plan: subscriptionPlanEnum("plan").notNull(),
    country: subscriptionCountryEnum("country").notNull(),
    currency: currencyEnum("currency").notNull(),
    status: subscriptionStatusEnum("status").notNull().default("incomplete"),
    stripeSubscriptionId: text("stripe_subscription_id").unique(),
    stripePriceId: text("stripe_price_id"),
    // The card on file, shown on the update-card form.
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    currentPeriodEnd: happenedAt("current_period_end"),
    /** Null while the plan renews; set when a cancellation takes effect at this time. */
    serviceExpiresAt: happenedAt("service_expires_at"),
    /** When a renewal first failed: the grace period counts from it (lib/entitlement.ts). */
    pastDueSince: happenedAt("past_due_since"),
    /** Why the last payment failed, shown on the subscription page until one succeeds. */
    lastPaymentError: text("last_payment_error"),
    /**
     * When the state written here was read from Stripe: a sync that read earlier never overwrites
     * one that read later, so webhooks handled in any order leave the newest truth.
     */
    stripeSyncedAt: happenedAt("stripe_synced_at"),
    /** Counts the subscriptions started (`sub:{memberId}:{attempt}`): a new one only after the last ended. */
    attempt: integer("attempt").notNull().default(0),
    /** Counts the changes made to this subscription (plan, cancel, resume, card): their keys. */
    revision: integer("revision").notNull().default(0),
    activatedAt: happenedAt("activated_at"),
    cancelledAt: happenedAt("cancelled_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The expiry sweep looks for cancelled plans whose service has ended.
    index("subscriptions_service_expires_at_idx")
      .on(t.serviceExpiresAt)
      .where(sql`${t.serviceExpiresAt} is not null`),
    // The reconciler's plans that should have renewed or ended by now (decision 0037): only the
    // ones Stripe bills and that are still live.
    index("subscriptions_stripe_period_end_idx")
      .on(t.currentPeriodEnd)
      .where(
        sql`${t.stripeSubscriptionId} is not null and ${t.status} not in ('expired', 'incomplete')`,
      ),
  ],
);

export const subscriptionsRelations = relations(subscriptions, ({ one }) => ({
  member: one(members, { fields: [subscriptions.memberId], references: [members.id] }),
}));
