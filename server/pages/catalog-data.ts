import "server-only";
import { cacheLife, cacheTag } from "next/cache";
import { headers } from "next/headers";
import type { FarmerSortType, SortType } from "@/lib/constants";
import { getSessionMember } from "@/server/auth/session";
import { CACHE_TAGS } from "@/server/catalog/cache-tags";
import { listMerchants, type MerchantList } from "@/server/catalog/list-merchants";
import { listProducts, type ProductList } from "@/server/catalog/list-products";
import { radiusToReach } from "@/lib/location/my-local-place";
import { RADIUS_MAX_KM, RADIUS_STEP_KM } from "@/lib/constants";
import type { Nearby } from "@/lib/catalog/types";
import { getDb, type Db } from "@/server/db/client";
import { countSearchAfterResponse } from "@/server/demand/count-demand";
import { getViewerLocation } from "@/server/location/get-viewer-location";
import { toLocationAnswer, type LocationAnswer } from "@/server/location/types";

/**
 * The first page of a product list as everyone without My Local sees it, from the data cache: it
 * depends only on the keyword, the sort and the page size. Product writes expire it through
 * CACHE_TAGS.PRODUCT_LISTS; a review of a product on it through CACHE_TAGS.productCard, any review
 * a list sorted by rating (PRODUCT_RATING_LISTS); sales and scores move Popular within the
 * cache's minutes.
 */
export async function getCachedProductList(
  keyword: string,
  sortType: SortType,
  perPage: number,
): Promise<ProductList> {
  "use cache";
  cacheLife("minutes");
  cacheTag(CACHE_TAGS.PRODUCT_LISTS);
  if (sortType === "rating") cacheTag(CACHE_TAGS.PRODUCT_RATING_LISTS);
  const list = await listProducts(await getDb(), { keyword, sortType, perPage });
  // A review expires the lists that show its product's stars, and only those.
  if (list.items.length > 0) cacheTag(...list.items.map((item) => CACHE_TAGS.productCard(item.id)));
  return list;
}

/**
 * The first page of farmers as everyone without My Local sees it (see getCachedProductList); Top
 * rated is expired by any review (FARM_RATING_LISTS), which can reorder it.
 */
export async function getCachedMerchantList(
  keyword: string,
  perPage: number,
  sortType: FarmerSortType = "all",
): Promise<MerchantList> {
  "use cache";
  cacheLife("minutes");
  cacheTag(CACHE_TAGS.MERCHANT_LISTS);
  if (sortType === "rating") cacheTag(CACHE_TAGS.FARM_RATING_LISTS);
  const list = await listMerchants(await getDb(), { keyword, perPage, sortType });
  // A review expires the lists that show its farm's rating, and only those.
  if (list.items.length > 0) cacheTag(...list.items.map((item) => CACHE_TAGS.farmCard(item.id)));
  return list;
}

/**
 * How My Local narrows a list, so the page can say so (issue 24): the place and radius, and, for
 * an empty list only, how many matches lie beyond the radius and the radius that reaches the
 * nearest of them (null when only "every distance" does). Null without a radius: nothing hidden.
 */
export type Narrowing = {
  location: LocationAnswer;
  beyond: { count: number; widenToKm: number | null } | null;
};

/**
 * A first page for this viewer, with where it was measured from: `place` is "" without My Local,
 * else the location and radius, so a list keyed on it starts over when the viewer's place changes.
 */
export type ViewerList<L> = { list: L; place: string; narrowing: Narrowing | null };

function placeOf(near: Nearby | null): string {
  return near ? `${near.latitude},${near.longitude},${near.radiusKm}` : "";
}

/** The viewer's My Local point and radius, with the setting itself (cached per request). */
async function viewerNear(db: Db) {
  const location = await getViewerLocation(db, await getSessionMember());
  const near: Nearby | null = location
    ? { latitude: location.latitude, longitude: location.longitude, radiusKm: location.radiusKm }
    : null;
  return { location, near };
}

/**
 * The narrowing of a list that My Local limits. The extra reads happen only for an empty list:
 * the shared cached list gives every match's count, one nearest-first row the nearest distance.
 */
async function narrowingOf<L extends { total: number; items: { distanceKm?: number | null }[] }>(
  location: Awaited<ReturnType<typeof viewerNear>>["location"],
  list: { total: number },
  everywhere: () => Promise<{ total: number }>,
  nearest: () => Promise<L>,
): Promise<Narrowing | null> {
  if (!location || location.radiusKm <= 0) return null;
  const answer = toLocationAnswer(location);
  if (list.total > 0) return { location: answer, beyond: null };
  const [all, first] = await Promise.all([everywhere(), nearest()]);
  const distance = first.items[0]?.distanceKm;
  return {
    location: answer,
    beyond: {
      count: all.total,
      widenToKm:
        typeof distance === "number"
          ? radiusToReach(distance, RADIUS_STEP_KM, RADIUS_MAX_KM)
          : null,
    },
  };
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
  const { location, near } = await viewerNear(db);
  const list = near
    ? await listProducts(db, { keyword, sortType, perPage, near })
    : await getCachedProductList(keyword, sortType, perPage);
  if (near)
    await countSearchAfterResponse(db, {
      keyword,
      total: list.total,
      near,
      member: await getSessionMember(),
      headers: await headers(),
    });
  const narrowing = await narrowingOf(
    location,
    list,
    () => getCachedProductList(keyword, sortType, perPage),
    () => listProducts(db, { keyword, perPage: 1, near: near && { ...near, radiusKm: 0 } }),
  );
  return { list, place: placeOf(near), narrowing };
}

/** The first page of farmers for this viewer (see getViewerProductList). */
export async function getViewerMerchantList(
  keyword: string,
  perPage: number,
  sortType: FarmerSortType = "all",
): Promise<ViewerList<MerchantList>> {
  const db = await getDb();
  const { location, near } = await viewerNear(db);
  const list = near
    ? await listMerchants(db, { keyword, perPage, near, sortType })
    : await getCachedMerchantList(keyword, perPage, sortType);
  const narrowing = await narrowingOf(
    location,
    list,
    () => getCachedMerchantList(keyword, perPage, sortType),
    () => listMerchants(db, { keyword, perPage: 1, near: near && { ...near, radiusKm: 0 } }),
  );
  return { list, place: placeOf(near), narrowing };
}

/**
 * The viewer's My Local setting when it narrows lists (a radius above 0), for a banner that is not
 * beside one list (the dashboard). Reads the session and cookies: render under <Suspense>.
 */
export async function getViewerNarrowing(): Promise<Narrowing | null> {
  const { location } = await viewerNear(await getDb());
  return location && location.radiusKm > 0
    ? { location: toLocationAnswer(location), beyond: null }
    : null;
}

/**
 * Whose lists a catalog page shows: "viewer" reads the session and cookies (My Local) and renders
 * under <Suspense> per request; "shared" is everyone's without My Local, for the shared copies of
 * the pages that are rendered once and served from the page cache (lib/catalog/shared-pages.ts).
 */
export type CatalogLists = "viewer" | "shared";

/** The first page of products for `lists` (see getViewerProductList and getCachedProductList). */
export async function getProductListFor(
  lists: CatalogLists,
  keyword: string,
  sortType: SortType,
  perPage: number,
): Promise<ViewerList<ProductList>> {
  if (lists === "viewer") return getViewerProductList(keyword, sortType, perPage);
  return {
    list: await getCachedProductList(keyword, sortType, perPage),
    place: "",
    narrowing: null,
  };
}

/** The first page of farmers for `lists` (see getProductListFor). */
export async function getMerchantListFor(
  lists: CatalogLists,
  keyword: string,
  perPage: number,
  sortType: FarmerSortType = "all",
): Promise<ViewerList<MerchantList>> {
  if (lists === "viewer") return getViewerMerchantList(keyword, perPage, sortType);
  return {
    list: await getCachedMerchantList(keyword, perPage, sortType),
    place: "",
    narrowing: null,
  };
}
