/** The farm's reply, reports and moderation (issue 44, decision 0049). */
import { z } from "zod";
import {
  MODERATION_REASON_MAX_LENGTH,
  REVIEW_REPORT_REASONS,
  REVIEW_REPORT_TARGETS,
} from "@/lib/review-trust";
import { SAFE_TEXT_CHARS } from "./charsets";
import { requiredText } from "./core";
import { tooLongMessage } from "./messages";
import { REVIEW_MAX_LENGTH } from "./reviews";

export const REPLY_EMPTY_MESSAGE = "The reply is empty.";
export const REPLY_INVALID_MESSAGE = "The reply is invalid.";
export const REPORT_REASON_MESSAGE = "Please choose a reason.";
export const REPORT_TARGET_MESSAGE = "Report the review or its reply.";
export const MODERATION_REASON_MESSAGE = "Please say why.";

/** POST and PUT /api/reviews/{reviewId}/reply: the same character rules as a review. */
export const reviewReplySchema = z.object({
  replyContent: requiredText({
    required: REPLY_EMPTY_MESSAGE,
    invalid: REPLY_INVALID_MESSAGE,
    max: REVIEW_MAX_LENGTH,
    pattern: SAFE_TEXT_CHARS,
  }),
});

/** POST /api/reviews/{reviewId}/reports: the review or its reply, and why. */
export const reviewReportSchema = z.object({
  target: z.enum(REVIEW_REPORT_TARGETS, { error: REPORT_TARGET_MESSAGE }).default("review"),
  reason: z.enum(REVIEW_REPORT_REASONS, { error: REPORT_REASON_MESSAGE }),
});

/** POST /api/admin/reviews/{reviewId}/hide, /restore and /dismiss: which item, and why. */
export const moderationSchema = z.object({
  target: z.enum(REVIEW_REPORT_TARGETS, { error: REPORT_TARGET_MESSAGE }).default("review"),
  reason: requiredText({
    required: MODERATION_REASON_MESSAGE,
    max: MODERATION_REASON_MAX_LENGTH,
    tooLong: tooLongMessage(MODERATION_REASON_MAX_LENGTH),
  }),
});

export type ReviewReplyInput = z.output<typeof reviewReplySchema>;
export type ReviewReportInput = z.output<typeof reviewReportSchema>;
export type ModerationInput = z.output<typeof moderationSchema>;
