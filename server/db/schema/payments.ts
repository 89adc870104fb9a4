import { relations, sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, happenedAt, updatedAt } from "./columns";
import { members } from "./members";
import { orders } from "./orders";
import { currencyEnum } from "./shared";

/**
 * Stripe webhook events already handled. Insert the event id in the same transaction as the change
 * it makes: the primary key is what stops replays and duplicate deliveries.
 */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * `owed`: the farmer is to be paid (handed over, or an admin's Pay Merchant) and the transfer has
 * not gone through yet (`failure_reason` says why); `paid`: the Transfer exists.
 */
export const payoutStatusEnum = pgEnum("payout_status", ["owed", "paid"]);

/** What a farmer is paid for their lines of one card order: one Transfer per farmer per order. */
export const payouts = pgTable(
  "payouts",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    merchantId: integer("merchant_id")
      .notNull()
      .references(() => members.id),
    currency: currencyEnum("currency").notNull(),
    /** The farmer's line totals before fees, the fees kept, and what is transferred (gross − fees). */
    grossCents: integer("gross_cents").notNull(),
    feesCents: integer("fees_cents").notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** Given back from the transfer when a paid-out line was refunded. */
    reversedCents: integer("reversed_cents").notNull().default(0),
    status: payoutStatusEnum("status").notNull().default("owed"),
    transferId: text("transfer_id").unique(),
    failureReason: text("failure_reason"),
    /** Bumped after Stripe refused a transfer, so the next try is a new request (a new key). */
    attempt: integer("attempt").notNull().default(0),
    paidAt: happenedAt("paid_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payouts_order_merchant_unique").on(t.orderId, t.merchantId),
    // The farmer's ledger, newest first.
    index("payouts_merchant_created_idx").on(
      t.merchantId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Owed payouts to retry when an account becomes ready.
    index("payouts_owed_idx")
      .on(t.merchantId)
      .where(sql`${t.status} = 'owed'`),
  ],
);

/**
 * The one-time `code` of the Connect onboarding return address (/external/accounts/created):
 * only its hash is kept; it names the member it was made for and is used once.
 */
export const payoutOnboardingCodes = pgTable("payout_onboarding_codes", {
  codeHash: text("code_hash").primaryKey(),
  memberId: integer("member_id")
    .notNull()
    .references(() => members.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
  usedAt: happenedAt("used_at"),
});

/** What Stripe still needs from a farmer's payout account (`account.requirements`), as we show it. */
export type PayoutRequirements = {
  currentlyDue: string[];
  pastDue: string[];
  disabledReason: string | null;
};

/**
 * A farmer's Connect account as Stripe last described it (the id is `members.stripe_account_id`,
 * readiness `members.payout_acct_set`, which every gate reads).
 */
export const payoutAccounts = pgTable("payout_accounts", {
  memberId: integer("member_id")
    .primaryKey()
    .references(() => members.id, { onDelete: "cascade" }),
  detailsSubmitted: boolean("details_submitted").notNull().default(false),
  requirements: jsonb("requirements").$type<PayoutRequirements>(),
  /** Stripe's `created` of the last account.updated applied: an older event changes nothing. */
  stateAt: integer("state_at").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const payoutsRelations = relations(payouts, ({ one }) => ({
  order: one(orders, { fields: [payouts.orderId], references: [orders.id] }),
  merchant: one(members, { fields: [payouts.merchantId], references: [members.id] }),
}));
