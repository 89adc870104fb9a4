import "server-only";
import { eq } from "drizzle-orm";
import type { ReviewReportReason, ReviewReportTarget } from "@/lib/review-trust";
import type { Db } from "@/server/db/client";
import { reviewReplies, reviewReports } from "@/server/db/schema";
import { conflict, forbiddenError, notFoundError } from "@/server/errors";
import { REVIEW_TRUST_MESSAGES } from "./messages";
import { assertReviewShown, lockReviewTarget } from "./review-target";

export type ReportReviewInput = {
  reporterId: number;
  reviewId: number;
  target: ReviewReportTarget;
  reason: ReviewReportReason;
};

/**
 * A signed-in member reports a review or the farm's reply under it, once, with a reason (issue 44,
 * item 3). The review (and the reply) are share-locked, so a report never lands on an item hidden
 * or deleted meanwhile; the partial unique indexes make a second report by the same member a
 * conflict whatever the timing.
 *
 * @throws AppError not_found: no such review or reply; forbidden: one's own review or reply;
 *   conflict: the item is hidden, or the member reported it before
 */
export async function reportReview(db: Db, input: ReportReviewInput): Promise<void> {
  const { reporterId, reviewId, target, reason } = input;
  await db.transaction(async (tx) => {
    const review = await lockReviewTarget(tx, reviewId);
    assertReviewShown(review);
    let replyId: number | null = null;
    let authorId = review.memberId;
    if (target === "reply") {
      const [reply] = await tx
        .select({
          id: reviewReplies.id,
          merchantId: reviewReplies.merchantId,
          hiddenAt: reviewReplies.hiddenAt,
        })
        .from(reviewReplies)
        .where(eq(reviewReplies.reviewId, reviewId))
        .for("share");
      if (!reply) throw notFoundError(REVIEW_TRUST_MESSAGES.replyNotFound);
      if (reply.hiddenAt) throw conflict(REVIEW_TRUST_MESSAGES.replyHidden);
      replyId = reply.id;
      authorId = reply.merchantId;
    }
    if (authorId === reporterId)
      throw forbiddenError(REVIEW_TRUST_MESSAGES.reportOwn, {
        logMessage: `member ${reporterId} reporting their own ${target} on review ${reviewId}`,
      });
    const inserted = await tx
      .insert(reviewReports)
      .values({ reviewId, replyId, reporterId, reason })
      .onConflictDoNothing()
      .returning({ id: reviewReports.id });
    if (inserted.length === 0)
      throw conflict(REVIEW_TRUST_MESSAGES.reportedBefore, {
        logMessage: `member ${reporterId} reported the ${target} of review ${reviewId} before`,
      });
  });
}
