import "server-only";
import { revalidateTag } from "next/cache";
import { CACHE_TAGS } from "@/server/catalog/cache-tags";

/**
 * After a review is written or deleted: the product page (its reviews, score and JSON-LD) must
 * show the change on the very next request, so its tags expire now (`{ expire: 0 }`: route
 * handlers cannot call updateTag, and "max" would serve the stale page once more). Lists only show
 * the score, so they refresh in the background.
 */
export function invalidateReviewCaches(productId: number): void {
  revalidateTag(CACHE_TAGS.reviews(productId), { expire: 0 });
  revalidateTag(CACHE_TAGS.product(productId), { expire: 0 });
  revalidateTag(CACHE_TAGS.PRODUCT_LISTS, "max");
}
