import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { members, reviews } from "@/server/db/schema";
import { REVIEW_VIEW_COLUMNS, toReviewView, type ReviewView } from "./review-view";
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
  const [row] = await db
    .select(REVIEW_VIEW_COLUMNS)
    .from(reviews)
    .innerJoin(members, eq(members.id, reviews.memberId))
    .where(and(eq(reviews.memberId, memberId), eq(reviews.productId, productId)))
    .limit(1);
  return row ? toReviewView(row, memberId) : null;
}
