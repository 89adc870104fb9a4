/**
 * The words of review trust (issue 44) that browser and server share: why a member reports a
 * review or a reply, and how the verified-buyer mark is explained.
 */
export const REVIEW_REPORT_REASONS = [
  "spam",
  "offensive",
  "off_topic",
  "fake",
  "personal_info",
] as const;
export type ReviewReportReason = (typeof REVIEW_REPORT_REASONS)[number];

export const REVIEW_REPORT_REASON_LABELS: Record<ReviewReportReason, string> = {
  spam: "Spam or advertising",
  offensive: "Offensive or abusive",
  off_topic: "Not about this product",
  fake: "Fake or misleading",
  personal_info: "Shares personal information",
};

/** What is reported: the review itself or the farm's reply under it. */
export const REVIEW_REPORT_TARGETS = ["review", "reply"] as const;
export type ReviewReportTarget = (typeof REVIEW_REPORT_TARGETS)[number];

export const VERIFIED_BUYER_LABEL = "Verified buyer";
export const VERIFIED_BUYER_EXPLANATION =
  "This member received this product in an order placed on this marketplace.";

/** An operator's reason for a moderation action, kept in the audit trail. */
export const MODERATION_REASON_MAX_LENGTH = 500;
