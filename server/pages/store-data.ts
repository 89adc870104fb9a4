import "server-only";
import { cacheLife, cacheTag } from "next/cache";
import type { ListPage, ProductCard } from "@/lib/catalog/types";
import { USERNAME_CHARS } from "@/lib/validation/charsets";
import { LIMITS } from "@/lib/validation/core";
import { CACHE_TAGS } from "@/server/catalog/cache-tags";
import { getStore, type StoreProfile } from "@/server/catalog/get-store";
import { listStoreProducts } from "@/server/catalog/list-store-products";
import type { Db } from "@/server/db/client";
import { getDb } from "@/server/db/client";
import { listStorePickupPlaces, type StorePickup } from "@/server/pickup/store-pickup-places";
import { isAppError } from "@/server/errors";

export type StorePageData = {
  profile: StoreProfile;
  products: ListPage<ProductCard>;
  /** Where and when the farm hands orders over (its places and weekly windows). */
  pickup: StorePickup;
};

/** A path segment that could be a username at all: anything else is a 404 without a query or a cache entry. */
export function isPossibleUsername(value: string): boolean {
  return value.length <= LIMITS.username && USERNAME_CHARS.test(value);
}

/**
 * The store as everyone but its owner sees it (profile and first page of active products), from
 * the data cache: it depends on nothing but the username, never on the session. Product writes
 * expire it through CACHE_TAGS (revalidateProduct), and so do the farm's pickup places, windows
 * and time zone (revalidateMerchant, revalidateStore); profile edits show within the cache's minute.
 * Null for an unknown store (cached too, so probing usernames costs one query each).
 */
export async function getCachedStorePage(username: string): Promise<StorePageData | null> {
  "use cache";
  cacheLife("minutes");
  cacheTag(CACHE_TAGS.store(username), CACHE_TAGS.PRODUCT_LISTS);
  const page = await loadStorePage(await getDb(), username);
  // Its header shows the farm's rating and its cards the products' (a review expires these).
  if (page)
    cacheTag(
      CACHE_TAGS.farmCard(page.profile.id),
      ...page.products.items.map((item) => CACHE_TAGS.productCard(item.id)),
    );
  return page;
}

/** The store's profile, first page of active products and pickup places; null for an unknown store. */
async function loadStorePage(db: Db, username: string): Promise<StorePageData | null> {
  try {
    const profile = await getStore(db, username);
    const [products, pickup] = await Promise.all([
      listStoreProducts(db, { username, viewMode: "public", page: 1, viewerId: null }),
      listStorePickupPlaces(db, username),
    ]);
    return { profile, products, pickup };
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") return null;
    throw error;
  }
}
