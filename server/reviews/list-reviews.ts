import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { cacheLife, cacheTag } from "next/cache";
import { PAGE_SIZES } from "@/lib/constants";
import { CACHE_TAGS } from "@/server/catalog/cache-tags";
import { getDb, type Db } from "@/server/db/client";
import { products, reviews } from "@/server/db/schema";
import { isAppError, notFoundError } from "@/server/errors";
import { REVIEW_MESSAGES } from "./messages";
import { selectReviewViews, toReviewView, type ReviewView } from "./review-view";
import { visibleReviews } from "./visible-reviews";
import { isRowId } from "@/lib/row-id";

/** One page of a product's reviews, newest first (5 a page, PAGE_SIZES.reviews). */
export type ReviewPage = {
  reviews: ReviewView[];
  /** Every visible review of the product. */
  total: number;
  page: number;
  perPage: number;
};

export type ListReviewsInput = {
  productId: number;
  /** Starts at 1; a page past the last one is empty. */
  page?: number;
  /** The signed-in member reading, for the author flag; null for a visitor. */
  viewerId?: number | null;
};

/**
 * A page of an active product's reviews with each reviewer's name and avatar: two statements (the
 * product with its review count, then the page through `reviews_product_created_idx`), none when
 * the page is past the end.
 * @throws AppError not_found when the product is not active (deleted, removed or unknown).
 */
export async function listReviews(
  db: Db,
  { productId, page = 1, viewerId = null }: ListReviewsInput,
): Promise<ReviewPage> {
  const perPage = PAGE_SIZES.reviews;
  const [product] = isRowId(productId)
    ? await db
        .select({ reviewCount: products.reviewCount })
        .from(products)
        .where(and(eq(products.id, productId), eq(products.status, "active")))
        .limit(1)
    : [];
  if (!product)
    throw notFoundError(REVIEW_MESSAGES.productNotFound, {
      logMessage: `no active product ${productId}`,
    });

  const total = product.reviewCount;
  const offset = (page - 1) * perPage;
  if (offset >= total) return { reviews: [], total, page, perPage };

  const rows = await selectReviewViews(db)
    .where(and(eq(reviews.productId, productId), visibleReviews()))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(perPage)
    .offset(offset);
  return { reviews: rows.map((row) => toReviewView(row, viewerId)), total, page, perPage };
}

/**
 * The first page as a visitor sees it, through the data cache (the product page's public part).
 * A product that is gone answers an empty page: the page itself decides about 404.
 */
export async function getCachedFirstReviews(productId: number): Promise<ReviewPage> {
  "use cache";
  cacheLife("hours");
  cacheTag(CACHE_TAGS.reviews(productId), CACHE_TAGS.product(productId));
  try {
    return await listReviews(await getDb(), { productId });
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") {
      return { reviews: [], total: 0, page: 1, perPage: PAGE_SIZES.reviews };
    }
    throw error;
  }
}
