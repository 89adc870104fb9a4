import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { products, reviews } from "@/server/db/schema";
import { forbiddenError, notFoundError } from "@/server/errors";
import { REVIEW_MESSAGES } from "./messages";
import { recountRatings, type RecountedRatings } from "./rating-counters";
import { selectReviewViews, toReviewView, type ReviewView } from "./review-view";
import { hasReceivedSql } from "./verified-buyer";
import { isRowId } from "@/lib/row-id";

export type SaveReviewInput = {
  memberId: number;
  productId: number;
  /** The review being edited; without it the member's review of the product is written (or rewritten). */
  reviewId?: number | null;
  /** 1 to 5, already validated (lib/validation/reviews). */
  score: number;
  /** Already validated text. */
  content: string;
};

export type SaveReviewResult = {
  created: boolean;
  review: ReviewView;
  /** The product and farm whose ratings changed (their caches expire). */
  rated: RecountedRatings;
};

/**
 * Writes the member's review of an active product, or updates it: one review per member and
 * product (the unique index turns a second write into an update). The product's score and
 * review count, and the farm's rating, change in the same transaction (recountRatings), with the
 * product row locked so concurrent reviews of one product are counted one after the other. The
 * verified-buyer mark is decided here, from the member's received order lines. A review an
 * operator hid stays hidden when its author edits it (editing is no way around moderation).
 *
 * @throws AppError not_found when the product is not active, or `reviewId` is not the member's
 *   review of this product (another member's review is not found either).
 * @throws AppError forbidden when the member sells the product (no reviews of one's own goods).
 */
export async function saveReview(db: Db, input: SaveReviewInput): Promise<SaveReviewResult> {
  const { memberId, productId, reviewId = null, score, content } = input;
  if (!isRowId(productId)) throw productNotFound(productId);
  if (reviewId !== null && !isRowId(reviewId)) throw reviewNotFound(reviewId);

  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ merchantId: products.merchantId, status: products.status })
      .from(products)
      .where(eq(products.id, productId))
      .for("update");
    if (!product || product.status !== "active") throw productNotFound(productId);
    if (product.merchantId === memberId) {
      throw forbiddenError(REVIEW_MESSAGES.ownProduct, {
        logMessage: `merchant ${memberId} reviewing own product ${productId}`,
      });
    }

    // Decided again on every write: the member received the product (decision 0049).
    const verified = hasReceivedSql(memberId, productId);
    let saved: { id: number; created: boolean } | undefined;
    if (reviewId === null) {
      [saved] = await tx
        .insert(reviews)
        .values({ productId, memberId, score, content, verifiedBuyer: verified })
        .onConflictDoUpdate({
          target: [reviews.memberId, reviews.productId],
          set: { score, content, verifiedBuyer: verified, updatedAt: sql`now()` },
        })
        // xmax is 0 only on a row this statement inserted (an update leaves the old version's id).
        .returning({ id: reviews.id, created: sql<boolean>`(xmax = 0)` });
    } else {
      const [updated] = await tx
        .update(reviews)
        .set({ score, content, verifiedBuyer: verified })
        .where(
          and(
            eq(reviews.id, reviewId),
            eq(reviews.memberId, memberId),
            eq(reviews.productId, productId),
          ),
        )
        .returning({ id: reviews.id });
      if (!updated) throw reviewNotFound(reviewId);
      saved = { id: updated.id, created: false };
    }

    const rated = (await recountRatings(tx, productId))!;
    const [row] = await selectReviewViews(tx).where(eq(reviews.id, saved!.id));
    return { created: saved!.created, review: toReviewView(row!, memberId), rated };
  });
}

function productNotFound(productId: number) {
  return notFoundError(REVIEW_MESSAGES.productNotFound, {
    logMessage: `review of inactive or unknown product ${productId}`,
  });
}

function reviewNotFound(reviewId: number) {
  return notFoundError(REVIEW_MESSAGES.reviewNotFound, {
    logMessage: `review ${reviewId} is not the member's review of the product`,
  });
}
