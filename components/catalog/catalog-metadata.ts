import "server-only";
import type { SortType } from "@/lib/constants";
import { VIEWER_CITY_FALLBACK } from "@/server/location/get-viewer-city";

/** "near Toronto", or "near you" when the city is unknown (the placeholder's fallback phrase). */
export function nearCity(city: string): string {
  return city === VIEWER_CITY_FALLBACK ? VIEWER_CITY_FALLBACK : `near ${city}`;
}

/** Title and description of /products/filtered for a search (the layout adds the site name). */
export function productSearchMetadata(
  keyword: string,
  sortType: SortType,
  city: string,
): { title: string; description: string } {
  const near = nearCity(city);
  if (keyword) {
    return {
      title: `"${keyword}" from local farms`,
      description: `Products matching "${keyword}" from farmers and gardeners ${near}. Pick up at the farm or get it delivered.`,
    };
  }
  if (sortType === "popular") {
    return {
      title: `Popular produce ${near}`,
      description: `What customers ${near} buy most from local farms this season.`,
    };
  }
  if (sortType === "latest") {
    return {
      title: `New arrivals from farms ${near}`,
      description: `The newest fruit, vegetables, eggs, honey and baking from farmers ${near}.`,
    };
  }
  return {
    title: `Fresh local produce ${near}`,
    description: `Search fresh fruit, vegetables and more from the farmers and gardeners ${near}.`,
  };
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
