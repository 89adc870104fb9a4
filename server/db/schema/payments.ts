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
import { orderItems, orders } from "./orders";
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
  /** Stripe's `created` of the last account.updated applied (kept for the record). */
  stateAt: integer("state_at").notNull().default(0),
  /**
   * When the account was last read from Stripe: each event re-reads it, and only a read newer than
   * the one written may write (two events of one second, delivered in any order, end right).
   */
  readAt: happenedAt("read_at"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const payoutsRelations = relations(payouts, ({ one }) => ({
  order: one(orders, { fields: [payouts.orderId], references: [orders.id] }),
  merchant: one(members, { fields: [payouts.merchantId], references: [members.id] }),
}));

/**
 * This database's installation: `key` is made once, on first need, and starts every idempotency
 * key sent to Stripe, so a reset or another database talking to the same Stripe account can never
 * send a key another one already used (decision 0037). One row.
 */
export const installation = pgTable("installation", {
  id: integer("id").primaryKey().default(1),
  key: text("key")
    .notNull()
    .default(sql`substr(replace(gen_random_uuid()::text, '-', ''), 1, 16)`),
  createdAt: createdAt(),
});

/** What kind of money needs a person (the operators' Money page). */
export const MONEY_ISSUE_KINDS = [
  "refund_failed",
  "reversal_failed",
  "amount_mismatch",
  "dispute_opened",
  "payout_overdue",
  "unknown_stripe_object",
  /** A card payment succeeded after its stock hold had expired and the stock was sold meanwhile. */
  "oversold",
] as const;
export type MoneyIssueKind = (typeof MONEY_ISSUE_KINDS)[number];
export const moneyIssueKindEnum = pgEnum("money_issue_kind", MONEY_ISSUE_KINDS);
export const moneyIssueStatusEnum = pgEnum("money_issue_status", ["open", "resolved"]);

/**
 * Money the marketplace could not settle on its own (decision 0037): raised by the webhook
 * handlers, the money steps and the reconciler, once per `key`; resolved by an operator (with a
 * note) or by the step that later settles it. Only the open ones are listed (a partial index).
 */
export const moneyIssues = pgTable(
  "money_issues",
  {
    id: serial("id").primaryKey(),
    kind: moneyIssueKindEnum("kind").notNull(),
    /** What makes it one issue (`refund_failed:line:12:0`): raising it again changes nothing. */
    key: text("key").notNull().unique(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    orderItemId: integer("order_item_id").references(() => orderItems.id, {
      onDelete: "set null",
    }),
    merchantId: integer("merchant_id").references(() => members.id),
    customerId: integer("customer_id").references(() => members.id),
    amountCents: integer("amount_cents"),
    currency: currencyEnum("currency"),
    /** Stripe's ids of the objects involved, by kind (`payment_intent`, `refund`, `transfer`...). */
    stripeIds: jsonb("stripe_ids").$type<Record<string, string>>().notNull().default({}),
    /** What happened, in words an operator reads (Stripe's reason where it gave one). */
    detail: text("detail").notNull(),
    status: moneyIssueStatusEnum("status").notNull().default("open"),
    resolvedBy: integer("resolved_by").references(() => members.id),
    resolution: text("resolution"),
    resolvedAt: happenedAt("resolved_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("money_issues_open_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'open'`),
  ],
);

/**
 * A job that one instance at a time may run (the reconciler): taken by a conditional upsert on an
 * expired lease, so no connection is held while the job talks to Stripe, on PostgreSQL and on the
 * embedded database alike. Keeps the last run's report for the operators.
 */
export const jobLeases = pgTable("job_leases", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  /** Where the next run starts reading Stripe's events (the last full run's start, less a margin). */
  cursorAt: happenedAt("cursor_at"),
  lastFinishedAt: happenedAt("last_finished_at"),
  lastReport: jsonb("last_report").$type<Record<string, unknown>>(),
});
