import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { products, reviews } from "@/server/db/schema";
import { visibleReviews } from "./visible-reviews";

/**
 * Sets a product's `score` (average review score, 2 decimals, 0 without reviews) and
 * `review_count` from its visible reviews (ARCHITECTURE section 5; a hidden review counts for
 * nothing, decision 0045). Call it inside the transaction that changed the reviews (a write, a
 * delete, a hide or a restore), after locking the product row, so concurrent writers cannot
 * interleave.
 */
export async function refreshProductScore(db: Db, productId: number): Promise<void> {
  const visibleOfProduct = and(eq(reviews.productId, productId), visibleReviews());
  await db
    .update(products)
    .set({
      score: sql`coalesce((select round(avg(${reviews.score}), 2) from ${reviews} where ${visibleOfProduct}), 0)`,
      reviewCount: sql`(select count(*) from ${reviews} where ${visibleOfProduct})`,
    })
    .where(eq(products.id, productId));
}
