/**
 * The shared copies of the pages a crowd reads (issue 23 item 2, decision 0028): the dashboard,
 * the product search, the farmers list and a store, as everyone sees them who has nothing of their
 * own in them. Such a page is rendered once per input and served from the page cache like a
 * product page. `next.config.ts` rewrites a request to its shared copy under `/shared-pages/...`
 * (`shared-page-rewrites.ts`: `has`/`missing` rules, applied without running proxy) only when
 * the request cannot change the page:
 *
 * - no My Local of its own: a visitor without the `loc_address` cookie, or a farm or an admin
 *   (they have none); a signed-in customer keeps the page rendered for them (their place is saved
 *   in the database, which a rewrite rule cannot read);
 * - a search only from the address's own query (the remembered `keyword`/`sortType` cookies of
 *   spec part 1 section 3 fill in what the query leaves out: then it is theirs);
 * - no city from a proxy's geolocation header (titles carry it: that page renders per request);
 * - a store: anyone but a farm (only its owner sees the edit controls).
 *
 * What the rules capture becomes the path, raw: the sort and the keyword, each an `=` segment so
 * `=` alone is "none"; the copies sanitise what they read exactly as the pages do.
 */
import type { SortType } from "@/lib/constants";
import type { FarmerSortType } from "@/lib/constants";
import { merchantSearchSchema, productSearchSchema } from "@/lib/validation/search";

export { SHARED_PAGES_PREFIX } from "./shared-page-rewrites";

/**
 * The one value the shared routes' `generateStaticParams` give the build: Cache Components needs a
 * param to prerender a route that reads its params outside <Suspense>, and the build has no
 * database. It is no segment (no `=`), so the page answers 404 without a query.
 */
export const SHARED_BUILD_PLACEHOLDER = "~";

/** A value as one path segment: `=` then the value, percent-encoded. */
export function toSegment(value: string | null): string {
  return `=${value ? encodeURIComponent(value) : ""}`;
}

/**
 * A segment back to its value ("" for none), or null when it is not one (the build's placeholder,
 * or an address typed by hand). Next hands params over still percent-encoded in some versions and
 * decoded in others: a value is decoded once only where it still reads as encoded.
 */
export function fromSegment(segment: string): string | null {
  const text = safeDecode(segment);
  if (!text.startsWith("=")) return null;
  const raw = text.slice(1);
  return /%[0-9a-f]{2}/i.test(raw) ? safeDecode(raw) : raw;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The sort of a shared search's segment, as the page reads a query's: unknown ones are All. */
export function sortTypeOfSegment(segment: string): SortType {
  return productSearchSchema.shape.sortType.parse(safeDecode(segment));
}

/** The sort of a shared farmers list's segment, as the page reads a query's: unknown ones are All. */
export function farmerSortTypeOfSegment(segment: string): FarmerSortType {
  return merchantSearchSchema.shape.sortType.parse(safeDecode(segment));
}
