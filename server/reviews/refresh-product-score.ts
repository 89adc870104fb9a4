import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { products, reviews } from "@/server/db/schema";

/**
 * Sets a product's `score` (average review score, 2 decimals, 0 without reviews) and
 * `review_count` from its reviews (ARCHITECTURE section 5). Call it inside the transaction that
 * changed the reviews, after locking the product row, so concurrent writers cannot interleave.
 */
export async function refreshProductScore(db: Db, productId: number): Promise<void> {
  await db
    .update(products)
    .set({
      score: sql`coalesce((select round(avg(${reviews.score}), 2) from ${reviews} where ${reviews.productId} = ${productId}), 0)`,
      reviewCount: sql`(select count(*) from ${reviews} where ${reviews.productId} = ${productId})`,
    })
    .where(eq(products.id, productId));
}
