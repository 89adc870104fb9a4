import "server-only";
import { cookies } from "next/headers";
import { COOKIE_NAMES, type SortType } from "@/lib/constants";
import { productSearchSchema } from "@/lib/validation/search";

export type PageSearchParams = Record<string, string | string[] | undefined>;

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function decode(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The search /products/filtered shows: `keyword` and `sortType` from the query when present (an
 * empty `keyword=` clears the remembered one), else from the cookies of the last search, else none
 * and All. Sanitised by the shared schema: a bad keyword is cleaned, never an error.
 */
export async function resolveProductSearch(
  params: PageSearchParams,
): Promise<{ keyword: string; sortType: SortType }> {
  const jar = await cookies();
  const keyword = first(params.keyword) ?? decode(jar.get(COOKIE_NAMES.keyword)?.value);
  const sortType = first(params.sortType) ?? jar.get(COOKIE_NAMES.sortType)?.value;
  const parsed = productSearchSchema.shape;
  return { keyword: parsed.keyword.parse(keyword), sortType: parsed.sortType.parse(sortType) };
}

/**
 * The canonical URL of /products/filtered for this query: the query's own keyword and sort, never
 * the visitor's remembered ones (a crawler has no cookies), the defaults left out, so the list of
 * every product is `/products/filtered` as in the sitemap.
 */
export function canonicalProductsPath(params: PageSearchParams): string {
  const parsed = productSearchSchema.shape;
  const keyword = parsed.keyword.parse(first(params.keyword));
  const sortType = parsed.sortType.parse(first(params.sortType));
  const query = new URLSearchParams();
  if (keyword) query.set("keyword", keyword);
  if (sortType !== "all") query.set("sortType", sortType);
  const search = query.toString();
  return search ? `/products/filtered?${search}` : "/products/filtered";
}
