import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { reviews } from "@/server/db/schema";
import { selectReviewViews, toReviewView, type ReviewView } from "./review-view";
import { isRowId } from "@/lib/row-id";

/**
 * The member's own review of a product, or null: one statement on the unique
 * (member_id, product_id) index. The review form is prefilled with it.
 */
export async function getMyReview(
  db: Db,
  { productId, memberId }: { productId: number; memberId: number },
): Promise<ReviewView | null> {
  if (!isRowId(productId)) return null;
  // The author's own read: a hidden review is answered too, marked `hidden`.
  const [row] = await selectReviewViews(db)
    .where(and(eq(reviews.memberId, memberId), eq(reviews.productId, productId)))
    .limit(1);
  return row ? toReviewView(row, memberId) : null;
}
