import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { products, reviews } from "@/server/db/schema";
import { conflict, notFoundError } from "@/server/errors";
import { isRowId } from "@/lib/row-id";
import { REVIEW_MESSAGES, REVIEW_TRUST_MESSAGES } from "./messages";

export type ReviewTarget = {
  id: number;
  productId: number;
  /** The reviewer. */
  memberId: number;
  /** The product's farm. */
  farmId: number;
  hiddenAt: Date | null;
};

/**
 * The review a reply or a report is about, read inside the caller's transaction with a share lock:
 * an operator hiding it (or its author deleting it) at the same moment waits for the caller or
 * goes first, so nothing is ever stored against a review that is hidden or gone.
 *
 * @throws AppError not_found when there is no such review (deleted meanwhile)
 */
export async function lockReviewTarget(tx: Db, reviewId: number): Promise<ReviewTarget> {
  const [row] = isRowId(reviewId)
    ? await tx
        .select({
          id: reviews.id,
          productId: reviews.productId,
          memberId: reviews.memberId,
          farmId: products.merchantId,
          hiddenAt: reviews.hiddenAt,
        })
        .from(reviews)
        .innerJoin(products, eq(products.id, reviews.productId))
        .where(eq(reviews.id, reviewId))
        .for("share", { of: reviews })
    : [];
  if (!row)
    throw notFoundError(REVIEW_MESSAGES.reviewNotFound, { logMessage: `no review ${reviewId}` });
  return row;
}

/** @throws AppError conflict when an operator hid the review. */
export function assertReviewShown(review: ReviewTarget): void {
  if (review.hiddenAt)
    throw conflict(REVIEW_TRUST_MESSAGES.reviewHidden, {
      logMessage: `review ${review.id} is hidden`,
    });
}
