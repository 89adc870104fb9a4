import "server-only";
import { revalidateTag } from "next/cache";
import { CACHE_TAGS } from "./cache-tags";
import { purgeCacheProxy } from "./purge-cache-proxy";

/**
 * After a product write: drop the cached product, every product list and the owner's store page.
 * `{ expire: 0 }` rather than "max": the merchant is sent straight to the store or product page
 * and must see the change on that very request, not a stale copy while it revalidates. (`updateTag`
 * does the same but only in server actions; these writes are route handlers.)
 */
export function revalidateProduct({
  productId,
  username,
}: {
  productId: number;
  username: string;
}): void {
  const tags = [
    CACHE_TAGS.product(productId),
    CACHE_TAGS.PRODUCT_LISTS,
    CACHE_TAGS.store(username),
  ];
  for (const tag of tags) revalidateTag(tag, { expire: 0 });
  purgeCacheProxy(tags);
}
