import "server-only";
import { revalidateTag } from "next/cache";
import { CACHE_TAGS } from "@/server/catalog/cache-tags";
import { purgeCacheProxy } from "@/server/catalog/purge-cache-proxy";
import { log } from "@/server/log";
import type { RecountedRatings } from "./rating-counters";

/**
 * After a review is written, edited or deleted (or hidden, restored): the pages that show what
 * changed, and only those. The product page (its reviews, distribution and JSON-LD) expires now
 * (`{ expire: 0 }`: route handlers cannot call updateTag, and "max" would serve the stale page
 * once more). The cards showing the product's stars (`productCard`: every cached list and store
 * page holding it), the farm's card and store header (`farmCard`) and the lists sorted by rating
 * (where the product or farm may move in or out) refresh in the background ("max"). Other
 * lists and other products' pages are left alone (decision 0047).
 */
export function invalidateReviewCaches(rated: RecountedRatings): void {
  revalidateTag(CACHE_TAGS.reviews(rated.productId), { expire: 0 });
  revalidateTag(CACHE_TAGS.product(rated.productId), { expire: 0 });
  purgeCacheProxy([CACHE_TAGS.reviews(rated.productId), CACHE_TAGS.product(rated.productId)]);
  for (const tag of [
    CACHE_TAGS.productCard(rated.productId),
    CACHE_TAGS.farmCard(rated.merchantId),
    CACHE_TAGS.PRODUCT_RATING_LISTS,
    CACHE_TAGS.FARM_RATING_LISTS,
  ]) {
    revalidateTag(tag, "max");
  }
}

/**
 * The same for reviews a status change marked verified (decision 0049), from a follow-up that may
 * run outside a request (a script, a test): there the pages catch up with their cache life.
 */
export function expireReviewPages(productIds: readonly number[]): void {
  // The proxy needs no request: its pages are purged from anywhere (decision 0055).
  purgeCacheProxy(productIds.flatMap((id) => [CACHE_TAGS.reviews(id), CACHE_TAGS.product(id)]));
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
