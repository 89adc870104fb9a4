import { relations } from "drizzle-orm";
import { index, integer, jsonb, pgEnum, pgTable, serial, text } from "drizzle-orm/pg-core";
import { members } from "./members";
import { createdAt } from "./columns";

/** What an operator did; one row per action in `admin_actions`. */
export const ADMIN_ACTIONS = [
  "password_reset",
  "order_cancel",
  "pay_merchant",
  "reseller_create",
  "reseller_update",
  "reseller_transactions_paid",
  "contact_handled",
  "money_retry",
  "money_resolve",
  // Review moderation (issue 44): the target is "review:{id}" or "review_reply:{id}", `after`
  // carries the operator's reason.
  "review_hide",
  "review_restore",
  "review_dismiss",
  // Two-step sign-in (decision 0053): an admin's own enrolment (the target is themselves), and
  // another admin clearing a member's second factor after a lost phone.
  "second_factor_enrol",
  "second_factor_reset",
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

export const adminActionEnum = pgEnum("admin_action", ADMIN_ACTIONS);

/**
 * The audit trail: who did what to which record, when, and the values before and after. Written
 * in the same transaction as the change it records, so a change never lands without its row.
 * Rows are only ever inserted.
 */
export const adminActions = pgTable(
  "admin_actions",
  {
    id: serial("id").primaryKey(),
    adminId: integer("admin_id")
      .notNull()
      .references(() => members.id),
    action: adminActionEnum("action").notNull(),
    /** The record acted on, as `{kind}:{id}` ("member:12", "order_item:40", "reseller:7"). */
    target: text("target").notNull(),
    before: jsonb("before").$type<Record<string, unknown> | null>(),
    after: jsonb("after").$type<Record<string, unknown> | null>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("admin_actions_created_idx").on(
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("admin_actions_target_idx").on(t.target, t.createdAt.desc().nullsFirst()),
  ],
);

export const adminActionsRelations = relations(adminActions, ({ one }) => ({
  admin: one(members, { fields: [adminActions.adminId], references: [members.id] }),
}));
