import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { reviewReplies } from "@/server/db/schema";
import { forbiddenError, notFoundError } from "@/server/errors";
import { REVIEW_TRUST_MESSAGES } from "./messages";
import { lockReviewTarget } from "./review-target";

/**
 * The product's farm deletes its reply to a review (its reports go with it).
 *
 * @returns the product whose page shows the review
 * @throws AppError not_found: no such review or no reply; forbidden: not the product's farm
 */
export async function deleteReviewReply(
  db: Db,
  { memberId, reviewId }: { memberId: number; reviewId: number },
): Promise<{ productId: number }> {
  return db.transaction(async (tx) => {
    const review = await lockReviewTarget(tx, reviewId);
    if (review.farmId !== memberId)
      throw forbiddenError(REVIEW_TRUST_MESSAGES.replyNotYours, {
        logMessage: `member ${memberId} deleting the reply to review ${reviewId} of another farm`,
      });
    const deleted = await tx
      .delete(reviewReplies)
      .where(eq(reviewReplies.reviewId, reviewId))
      .returning({ id: reviewReplies.id });
    if (deleted.length === 0) throw notFoundError(REVIEW_TRUST_MESSAGES.replyNotFound);
    return { productId: review.productId };
  });
}
