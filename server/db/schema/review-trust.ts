import { relations, sql } from "drizzle-orm";
import { index, integer, pgEnum, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { reviews } from "./catalog";
import { members } from "./members";
import { createdAt, happenedAt, updatedAt } from "./columns";
import { REVIEW_REPORT_REASONS } from "@/lib/review-trust";

/**
 * The farm's public reply to a review of one of its products (issue 44, item 2): at most one per
 * review (the review id is the key), edited in place, hidden by an operator like a review.
 */
export const reviewReplies = pgTable(
  "review_replies",
  {
    id: serial("id").primaryKey(),
    reviewId: integer("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    /** The product's farm when it replied (only that farm may write, edit or delete it). */
    merchantId: integer("merchant_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    /** Set when an operator hid the reply; null = shown. */
    hiddenAt: happenedAt("hidden_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("review_replies_review_unique").on(t.reviewId)],
);

/** Why a member reports a review or a reply: a short list, its words in lib/review-trust. */
export const reviewReportReasonEnum = pgEnum("review_report_reason", REVIEW_REPORT_REASONS);

/** What an operator made of a report: open until the item is hidden or the reports dismissed. */
export const REVIEW_REPORT_OUTCOMES = ["hidden", "dismissed"] as const;
export const reviewReportOutcomeEnum = pgEnum("review_report_outcome", REVIEW_REPORT_OUTCOMES);

/**
 * A member's report of a review (reply_id null) or of its reply (issue 44, item 3): once per
 * member and item (two partial unique indexes), never of one's own words.
 */
export const reviewReports = pgTable(
  "review_reports",
  {
    id: serial("id").primaryKey(),
    reviewId: integer("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    /** The reported reply; null when the review itself is reported. */
    replyId: integer("reply_id").references(() => reviewReplies.id, { onDelete: "cascade" }),
    reporterId: integer("reporter_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    reason: reviewReportReasonEnum("reason").notNull(),
    createdAt: createdAt(),
    /** Set with `outcome` when an operator hid the item or dismissed its reports. */
    resolvedAt: happenedAt("resolved_at"),
    outcome: reviewReportOutcomeEnum("outcome"),
  },
  (t) => [
    uniqueIndex("review_reports_review_reporter_unique")
      .on(t.reviewId, t.reporterId)
      .where(sql`${t.replyId} is null`),
    uniqueIndex("review_reports_reply_reporter_unique")
      .on(t.replyId, t.reporterId)
      .where(sql`${t.replyId} is not null`),
    // The moderation queue and the admin menu's count read the open reports only.
    index("review_reports_open_idx")
      .on(t.reviewId)
      .where(sql`${t.resolvedAt} is null`),
  ],
);

export const reviewRepliesRelations = relations(reviewReplies, ({ one }) => ({
  review: one(reviews, { fields: [reviewReplies.reviewId], references: [reviews.id] }),
  merchant: one(members, { fields: [reviewReplies.merchantId], references: [members.id] }),
}));

export const reviewReportsRelations = relations(reviewReports, ({ one }) => ({
  review: one(reviews, { fields: [reviewReports.reviewId], references: [reviews.id] }),
  reply: one(reviewReplies, { fields: [reviewReports.replyId], references: [reviewReplies.id] }),
  reporter: one(members, { fields: [reviewReports.reporterId], references: [members.id] }),
}));
