import "server-only";

/**
 * Cache tags of the catalog's cached reads ('use cache' + cacheTag). Whoever changes the data
 * invalidates the tags it touched (updateTag in a server action; in a route handler
 * revalidateTag(tag, { expire: 0 }): "max" would serve the stale entry once more), so an edit shows on
 * the next request:
 * - a product's own data (detail page, JSON-LD): `product(id)`;
 * - anything that lists products (dashboard rows, search, store pages, sitemap): `PRODUCT_LISTS`;
 * - a store page (profile and its product list): `store(username)`;
 * - a product's reviews and score: `reviews(productId)` (and `product(id)` for the score);
 * - farmer cards and map points: `MERCHANT_LISTS`.
 */
export const CACHE_TAGS = {
  product: (id: number) => `product:${id}`,
  reviews: (productId: number) => `reviews:${productId}`,
  store: (username: string) => `store:${username}`,
  PRODUCT_LISTS: "products",
  MERCHANT_LISTS: "merchants",
} as const;
