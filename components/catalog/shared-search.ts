import { SHARED_BUILD_PLACEHOLDER, fromSegment } from "@/lib/catalog/shared-pages";
import { sanitizeKeyword } from "@/lib/validation/search";
import { VIEWER_CITY_FALLBACK } from "@/lib/location/viewer-city";

/**
 * The path segments of a shared list page (/shared-pages/{products,farmers}/city/sort/keyword):
 * next.config.ts rewrites a list without My Local there (lib/catalog/shared-pages.ts).
 */
export type SharedSearchParams = { city: string; sortType: string; keyword: string };

/** The one page a build makes of each shared list; the others are rendered on first visit. */
export function sharedStaticParams(): SharedSearchParams[] {
  return [{ city: SHARED_BUILD_PLACEHOLDER, sortType: "all", keyword: SHARED_BUILD_PLACEHOLDER }];
}

/**
 * A shared list page's search as next.config.ts's rules captured its query, read as the page reads
 * a query (the keyword sanitised, an unknown sort the default); null for a segment that cannot be
 * decoded.
 */
export async function readSharedSearch<Sort>(
  params: Promise<SharedSearchParams>,
  sortOf: (segment: string) => Sort,
): Promise<{ search: { keyword: string; sortType: Sort }; city: string } | null> {
  const segments = await params;
  const city = fromSegment(segments.city);
  const keyword = fromSegment(segments.keyword);
  if (city === null || keyword === null) return null;
  const search = { keyword: sanitizeKeyword(keyword), sortType: sortOf(segments.sortType) };
  return { search, city: city || VIEWER_CITY_FALLBACK };
}
