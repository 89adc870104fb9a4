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
 * - farmer cards and map points: `MERCHANT_LISTS`;
 * - a product's card wherever a cached list or store page shows it: `productCard(id)`;
 * - a farm's card and store header (its rating) wherever shown: `farmCard(merchantId)`;
 * - product lists sorted by rating, which a review can reorder: `PRODUCT_RATING_LISTS`;
 * - farmer lists sorted by rating, likewise: `FARM_RATING_LISTS`.
 * A review expires only the product's own tags, its card, its farm's card and the rating lists
 * (server/reviews/invalidate-review-caches.ts).
 */
export const CACHE_TAGS = {
  product: (id: number) => `product:${id}`,
  reviews: (productId: number) => `reviews:${productId}`,
  store: (username: string) => `store:${username}`,
  PRODUCT_LISTS: "products",
  MERCHANT_LISTS: "merchants",
  productCard: (id: number) => `card:${id}`,
  farmCard: (merchantId: number) => `farm-card:${merchantId}`,
  PRODUCT_RATING_LISTS: "products-by-rating",
  FARM_RATING_LISTS: "farms-by-rating",
} as const;
