import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { products, reviews } from "@/server/db/schema";
import { notFoundError } from "@/server/errors";
import { REVIEW_MESSAGES } from "./messages";
import { recountRatings, type RecountedRatings } from "./rating-counters";
import { isRowId } from "@/lib/row-id";

/**
 * Deletes the member's own review and brings the product's and its farm's ratings up to date in
 * the same transaction (recountRatings). The product row is locked before the review (the order `saveReview`
 * takes them in), so a concurrent write of the same product waits rather than deadlocks.
 *
 * @returns the product the review was about and its farm (their caches need refreshing).
 * @throws AppError not_found when there is no such review or another member wrote it.
 */
export async function deleteReview(
  db: Db,
  { memberId, reviewId }: { memberId: number; reviewId: number },
): Promise<RecountedRatings> {
  if (!isRowId(reviewId)) throw reviewNotFound(reviewId, memberId);
  return db.transaction(async (tx) => {
    const [review] = await tx
      .select({ productId: reviews.productId })
      .from(reviews)
      .where(and(eq(reviews.id, reviewId), eq(reviews.memberId, memberId)));
    if (!review) throw reviewNotFound(reviewId, memberId);

    await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, review.productId))
      .for("update");
    const [deleted] = await tx
      .delete(reviews)
      .where(and(eq(reviews.id, reviewId), eq(reviews.memberId, memberId)))
      .returning({ productId: reviews.productId });
    // Gone between the two statements: another request of the same member deleted it first.
    if (!deleted) throw reviewNotFound(reviewId, memberId);

    return (await recountRatings(tx, deleted.productId))!;
  });
}

function reviewNotFound(reviewId: number, memberId: number) {
  return notFoundError(REVIEW_MESSAGES.reviewNotFound, {
    logMessage: `member ${memberId} has no review ${reviewId}`,
  });
}
