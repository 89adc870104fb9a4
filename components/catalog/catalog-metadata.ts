import "server-only";
import type { SortType } from "@/lib/constants";
import { VIEWER_CITY_FALLBACK } from "@/lib/location/viewer-city";

/** "near Toronto", or "near you" when the city is unknown (the placeholder's fallback phrase). */
export function nearCity(city: string): string {
  return city === VIEWER_CITY_FALLBACK ? VIEWER_CITY_FALLBACK : `near ${city}`;
}

/**
 * The description of /products/filtered. It is the same for every search and sort: the page's
 * metadata depends on the query, so it streams into <body>, and only text known before the request
 * can sit in the shell's <head> (components/seo/shell-description.tsx).
 */
export const PRODUCT_SEARCH_DESCRIPTION =
  "Search fresh fruit, vegetables, eggs, honey and more from the farmers and gardeners near you. Pick up at the farm or get it delivered.";

/** Title of /products/filtered for a search (the layout adds the site name). */
export function productSearchTitle(keyword: string, sortType: SortType, city: string): string {
  const near = nearCity(city);
  if (keyword) return `"${keyword}" from local farms`;
  if (sortType === "popular") return `Popular produce ${near}`;
  if (sortType === "latest") return `New arrivals from farms ${near}`;
  if (sortType === "rating") return `Top rated produce ${near}`;
  return `Fresh local produce ${near}`;
}

/** Title and description of /merchants/list. */
export function merchantSearchMetadata(
  keyword: string,
  city: string,
): { title: string; description: string } {
  const near = nearCity(city);
  if (keyword) {
    return {
      title: `Farmers matching "${keyword}"`,
      description: `Farmers and gardeners matching "${keyword}". Visit their stores and buy direct.`,
    };
  }
  return {
    title: `Farmers ${near}`,
    description: `Meet the farmers and gardeners ${near}, visit their stores and buy fresh produce direct.`,
  };
}
