import "server-only";
import { revalidateTag } from "next/cache";
import type { MemberType } from "@/lib/constants";
import { CACHE_TAGS } from "./cache-tags";
import { purgeCacheProxy } from "./purge-cache-proxy";

/**
 * After a merchant changes what the public sees of the farm (profile, picture, checkout options):
 * drop the store page (which also tags that farm's product pages), the product lists (their cards
 * carry the farm's city) and the farmer lists and map. Both usernames when the username changed.
 * Customers and admins appear on no cached page, so nothing is dropped for them.
 */
export function revalidateMerchant({
  memberType,
  usernames,
}: {
  memberType: MemberType;
  usernames: readonly string[];
}): void {
  if (memberType !== "merchant") return;
  const tags = new Set([
    ...usernames.map((username) => CACHE_TAGS.store(username)),
    CACHE_TAGS.PRODUCT_LISTS,
    CACHE_TAGS.MERCHANT_LISTS,
  ]);
  for (const tag of tags) revalidateTag(tag, { expire: 0 });
  purgeCacheProxy(tags);
}

/**
 * After a farm changes what only its store page shows (its pickup windows, its time zone): drop
 * that page. Places go through revalidateMerchant, since the farmers map shows them too.
 */
export function revalidateStore(username: string): void {
  revalidateTag(CACHE_TAGS.store(username), { expire: 0 });
  purgeCacheProxy([CACHE_TAGS.store(username)]);
}
