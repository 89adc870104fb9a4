import "server-only";
import { cacheLife, cacheTag } from "next/cache";
import type { SortType } from "@/lib/constants";
import { getSessionMember } from "@/server/auth/session";
import { CACHE_TAGS } from "@/server/catalog/cache-tags";
import { getViewerNearby } from "@/server/catalog/get-viewer-nearby";
import { listMerchants, type MerchantList } from "@/server/catalog/list-merchants";
import { listProducts, type ProductList } from "@/server/catalog/list-products";
import { getDb } from "@/server/db/client";

/**
 * The first page of a product list as everyone without My Local sees it, from the data cache: it
 * depends only on the keyword, the sort and the page size. Product writes expire it through
 * CACHE_TAGS.PRODUCT_LISTS; sales and scores move Popular within the cache's minutes.
 */
export async function getCachedProductList(
  keyword: string,
  sortType: SortType,
  perPage: number,
): Promise<ProductList> {
  "use cache";
  cacheLife("minutes");
  cacheTag(CACHE_TAGS.PRODUCT_LISTS);
  return listProducts(await getDb(), { keyword, sortType, perPage });
}

/** The first page of farmers as everyone without My Local sees it (see getCachedProductList). */
export async function getCachedMerchantList(
  keyword: string,
  perPage: number,
): Promise<MerchantList> {
  "use cache";
  cacheLife("minutes");
  cacheTag(CACHE_TAGS.MERCHANT_LISTS);
  return listMerchants(await getDb(), { keyword, perPage });
}

/**
 * A first page for this viewer, with where it was measured from: `place` is "" without My Local,
 * else the location and radius, so a list keyed on it starts over when the viewer's place changes.
 */
export type ViewerList<L> = { list: L; place: string };

function placeOf(near: { latitude: number; longitude: number; radiusKm: number } | null): string {
  return near ? `${near.latitude},${near.longitude},${near.radiusKm}` : "";
}

/**
 * The first page of products for this viewer: the shared cached page, or, with My Local, a page of
 * their own (nearest first, within their radius). Reads the session and cookies: render under
 * <Suspense>.
 */
export async function getViewerProductList(
  keyword: string,
  sortType: SortType,
  perPage: number,
): Promise<ViewerList<ProductList>> {
  const db = await getDb();
  const near = await getViewerNearby(db, await getSessionMember());
  const list = near
    ? await listProducts(db, { keyword, sortType, perPage, near })
    : await getCachedProductList(keyword, sortType, perPage);
  return { list, place: placeOf(near) };
}

/** The first page of farmers for this viewer (see getViewerProductList). */
export async function getViewerMerchantList(
  keyword: string,
  perPage: number,
): Promise<ViewerList<MerchantList>> {
  const db = await getDb();
  const near = await getViewerNearby(db, await getSessionMember());
  const list = near
    ? await listMerchants(db, { keyword, perPage, near })
    : await getCachedMerchantList(keyword, perPage);
  return { list, place: placeOf(near) };
}
