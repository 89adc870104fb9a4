import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { cacheLife, cacheTag } from "next/cache";
import { PAGE_SIZES } from "@/lib/constants";
import { CACHE_TAGS } from "@/server/catalog/cache-tags";
import { getDb } from "@/server/db/client";
import { reviews } from "@/server/db/schema";
import type { ReviewPage } from "./list-reviews";
import { selectReviewViews, toReviewView } from "./review-view";
import { visibleReviews } from "./visible-reviews";

/**
 * The product page's first page of reviews, as a visitor sees it, through the data cache: one
 * statement, none without reviews. `listReviews` (and `getCachedFirstReviews`) first reads the
 * product for its review count; the page already holds it from the product's own cached read, which
 * every review write invalidates with this one (tags `product:{id}` and `reviews:{id}`), so the two
 * always agree. The page only calls this for an active product (anything else is a 404).
 */
export async function getCachedFirstReviewsOf(
  productId: number,
  reviewCount: number,
): Promise<ReviewPage> {
  "use cache";
  cacheLife("hours");
  cacheTag(CACHE_TAGS.reviews(productId), CACHE_TAGS.product(productId));
  const perPage = PAGE_SIZES.reviews;
  if (reviewCount <= 0) return { reviews: [], total: 0, page: 1, perPage };
  const db = await getDb();
  const rows = await selectReviewViews(db)
    .where(and(eq(reviews.productId, productId), visibleReviews()))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(perPage);
  return {
    reviews: rows.map((row) => toReviewView(row, null)),
    total: reviewCount,
    page: 1,
    perPage,
  };
}
