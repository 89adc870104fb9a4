/**
 * The shared copies of the pages a crowd reads (issue 23 item 2, decision 0028): the dashboard,
 * the product search, the farmers list and a store, as everyone sees them who has nothing of their
 * own in them. Such a page is rendered once per input and served from the page cache like a
 * product page. `proxy.ts` rewrites a request to its shared copy under `/shared-pages/...` only when the
 * request cannot change the page:
 *
 * - no My Local of its own: a visitor without the `loc_address` cookie, or a farm or an admin
 *   (they have none); a signed-in customer keeps the page rendered for them (their place is saved
 *   in the database, which proxy does not read);
 * - a search only from the address's own query (the remembered `keyword`/`sortType` cookies of
 *   spec part 1 section 3 fill in what the query leaves out: then it is theirs);
 * - a store: anyone but a farm (only its owner sees the edit controls).
 *
 * What the proxy resolves becomes the path: the city of the titles (from a trusted proxy's header,
 * else none), the sort and the keyword, each segment `=` followed by the encoded value, so `=` alone
 * is "none" and no value can be taken for another. Pure: proxy.ts and the pages share it.
 */
import { COOKIE_NAMES, type SortType } from "@/lib/constants";
import { readCityHeader } from "@/lib/http/approximate-place";
import { productSearchSchema, sanitizeKeyword } from "@/lib/validation/search";

export const SHARED_PAGES_PREFIX = "/shared-pages";

/**
 * The one value the shared routes' `generateStaticParams` give the build: Cache Components needs a
 * param to prerender a route that reads its params outside <Suspense>, and the build has no
 * database. It is no segment (no `=`), so the page answers 404 without a query.
 */
export const SHARED_BUILD_PLACEHOLDER = "~";

type CookieJar = { get(name: string): { value: string } | undefined };

export type SharedPageRequest = {
  method: string;
  pathname: string;
  searchParams: URLSearchParams;
  cookies: CookieJar;
  headers: Headers;
  /** TRUST_PROXY_HEADERS: the city header is our proxy's, not the client's. */
  trustProxyHeaders: boolean;
};

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

function memberType(cookies: CookieJar): string | null {
  const signedIn =
    cookies.get(COOKIE_NAMES.authenticated)?.value === "true" ||
    cookies.get(COOKIE_NAMES.token) !== undefined;
  if (!signedIn) return null;
  return cookies.get(COOKIE_NAMES.memberType)?.value ?? "customer";
}

/** True when the catalog this request sees is everyone's: nobody's My Local narrows it. */
function seesEveryonesCatalog(cookies: CookieJar): boolean {
  const type = memberType(cookies);
  if (type === null) return cookies.get(COOKIE_NAMES.locAddress) === undefined;
  return type === "merchant" || type === "admin";
}

/** The query's value, or undefined when the address leaves it to the remembered cookie. */
function fromQueryOnly(
  request: SharedPageRequest,
  name: string,
  cookie: string,
): string | undefined | null {
  const value = request.searchParams.get(name);
  if (value !== null) return value;
  return request.cookies.get(cookie) === undefined ? undefined : null;
}

/** The shared copy of this request's page, or null when it is not one or the page is its own. */
export function sharedPageAddress(request: SharedPageRequest): string | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const path = request.pathname.replace(/(.)\/$/, "$1");
  const store = /^\/stores\/([^/]+)$/.exec(path)?.[1];
  if (store !== undefined) {
    if (memberType(request.cookies) === "merchant") return null;
    return `${SHARED_PAGES_PREFIX}/stores/${store}`;
  }
  if (path !== "/" && path !== "/products/filtered" && path !== "/merchants/list") return null;
  if (!seesEveryonesCatalog(request.cookies)) return null;
  const city = toSegment(request.trustProxyHeaders ? readCityHeader(request.headers) : null);
  if (path === "/") return `${SHARED_PAGES_PREFIX}/home/${city}`;
  if (path === "/merchants/list") {
    const keyword = sanitizeKeyword(request.searchParams.get("keyword") ?? "");
    return `${SHARED_PAGES_PREFIX}/farmers/${city}/${toSegment(keyword)}`;
  }
  const keyword = fromQueryOnly(request, "keyword", COOKIE_NAMES.keyword);
  const sortType = fromQueryOnly(request, "sortType", COOKIE_NAMES.sortType);
  if (keyword === null || sortType === null) return null;
  const search = productSearchSchema.shape;
  const resolved = {
    keyword: search.keyword.parse(keyword),
    sortType: search.sortType.parse(sortType),
  };
  return `${SHARED_PAGES_PREFIX}/products/${city}/${resolved.sortType}/${toSegment(resolved.keyword)}`;
}

/** The sort of a shared search's segment, or null when it names none. */
export function sortTypeOfSegment(segment: string): SortType | null {
  const parsed = productSearchSchema.shape.sortType.safeParse(segment);
  return parsed.success && parsed.data === segment ? parsed.data : null;
}
