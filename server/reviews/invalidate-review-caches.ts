import "server-only";
import { revalidateTag } from "next/cache";
import { CACHE_TAGS } from "@/server/catalog/cache-tags";
import { log } from "@/server/log";

/**
 * After a review is written, deleted, hidden or restored, or its reply changes: the product page
 * (its reviews, score and JSON-LD) must show the change on the very next request, on every
 * instance (the tags live in the shared cache handler), so its tags expire now (`{ expire: 0 }`:
 * route handlers cannot call updateTag, and "max" would serve the stale page once more). Lists
 * only show the score, so they refresh in the background.
 */
export function invalidateReviewCaches(productId: number): void {
  revalidateTag(CACHE_TAGS.reviews(productId), { expire: 0 });
  revalidateTag(CACHE_TAGS.product(productId), { expire: 0 });
  revalidateTag(CACHE_TAGS.PRODUCT_LISTS, "max");
}

/**
 * The same for reviews a status change marked verified (decision 0045), from a follow-up that may
 * run outside a request (a script, a test): there the pages catch up with their cache life.
 */
export function expireReviewPages(productIds: readonly number[]): void {
  try {
    for (const productId of productIds) {
      revalidateTag(CACHE_TAGS.reviews(productId), { expire: 0 });
      revalidateTag(CACHE_TAGS.product(productId), { expire: 0 });
    }
  } catch (error) {
    if (error instanceof Error && error.message.includes("static generation store missing")) {
      log.debug({ productIds }, "no request: review pages catch up with their cache life");
      return;
    }
    throw error;
  }
}
