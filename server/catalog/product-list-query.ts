import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Nearby } from "@/lib/catalog/types";
import { DEFAULT_SORT_TYPE, PAGE_SIZES, type SortType } from "@/lib/constants";
import { sanitizeKeyword } from "@/lib/validation/search";
import { members, products } from "@/server/db/schema";
import {
  keysetAfter,
  listSignature,
  orderByKeys,
  resolvePaging,
  selectKeys,
  type Paging,
  type SortKey,
} from "./list-paging";
import { nearbyFarmsCte } from "./nearby-farms";
import { PRODUCT_CARD_SELECT } from "./product-card";
import {
  exactNameMatch,
  KEYWORD_RANK,
  keywordQueryCtes,
  keywordWords,
  matchedProductsCte,
} from "./search-keyword";

export type ListProductsInput = {
  /** Sanitised again here; "" for none. */
  keyword?: string;
  sortType?: SortType;
  /** 1-based; ignored when a valid cursor is given. */
  page?: number;
  /** `nextCursor` of the previous answer (Load More). */
  cursor?: string | null;
  /** The viewer's My Local point: radius 0 sorts by distance, a radius also filters by it. */
  near?: Nearby | null;
  perPage?: number;
};

/**
 * The one statement behind listProducts, with what reading its rows needs. Order, each key
 * breaking the previous one's ties:
 * 1. with a keyword, products whose whole name is the keyword;
 * 2. with My Local, the farm's distance (nearest first);
 * 3. the sort: All = relevance with a keyword, else newest; Popular = units sold in the last 90
 *    days, then average score; Latest = newest;
 * 4. the id (newest first).
 * A keyword matches name and detail by full-text search (typos in name words corrected), capped at
 * SEARCH_MATCH_CAP matches plus exact name matches. Only active products are listed.
 *
 * @throws AppError validation `page` ('Invalid Page') for a page deeper than MAX_LIST_OFFSET
 */
export function buildProductListQuery(input: ListProductsInput) {
  const keyword = sanitizeKeyword(input.keyword ?? "");
  const sortType = input.sortType ?? DEFAULT_SORT_TYPE;
  const perPage = input.perPage ?? PAGE_SIZES.products;
  const near = input.near ?? null;
  const words = keywordWords(keyword);
  const keys = productSortKeys({
    hasKeyword: keyword !== "",
    hasWords: words.length > 0,
    sortType,
    near,
    keyword,
  });
  const signature = listSignature([
    "products",
    keyword,
    sortType,
    perPage,
    near && [near.latitude, near.longitude, near.radiusKm],
  ]);
  const paging = resolvePaging({
    page: input.page ?? 1,
    cursor: input.cursor,
    perPage,
    signature,
    keys,
  });
  const query = keyword
    ? keywordQuery({ keyword, words, near, keys, paging, perPage })
    : browseQuery({ near, keys, paging, perPage });
  return { query, keys, signature, paging, perPage, near, sortType };
}

function productSortKeys(options: {
  hasKeyword: boolean;
  hasWords: boolean;
  keyword: string;
  sortType: SortType;
  near: Nearby | null;
}): SortKey[] {
  const keys: SortKey[] = [];
  if (options.hasKeyword)
    keys.push({ expr: exactNameMatch(options.keyword), dir: "desc", kind: "bool" });
  if (options.near) keys.push({ expr: sql`farms.distance_m`, dir: "asc", kind: "float" });
  if (options.sortType === "popular") {
    keys.push({ expr: sql`${products.unitsSold90d}`, dir: "desc", kind: "int" });
    keys.push({ expr: sql`${products.score}`, dir: "desc", kind: "numeric" });
  } else {
    if (options.sortType === "all" && options.hasWords)
      keys.push({ expr: KEYWORD_RANK, dir: "desc", kind: "float" });
    keys.push({ expr: sql`${products.createdAt}`, dir: "desc", kind: "timestamptz" });
  }
  keys.push({ expr: sql`${products.id}`, dir: "desc", kind: "int" });
  return keys;
}

type QueryParts = { near: Nearby | null; keys: SortKey[]; paging: Paging; perPage: number };

/**
 * One row per product plus `total`; when the page is empty, one row with only `total` (the count
 * is left-joined to the page so a single statement answers both).
 */
function pageQuery(parts: QueryParts & { ctes: SQL[]; from: SQL; countFrom: SQL }): SQL {
  const { near, keys, paging, perPage } = parts;
  const farmsJoin = near ? sql`join farms on farms.farm_id = ${products.merchantId}` : sql``;
  const after = paging.after ? sql`and ${keysetAfter(keys, paging.after)}` : sql``;
  const total =
    paging.total === null
      ? sql`(select count(*)::int as total ${parts.countFrom})`
      : sql`(select ${paging.total}::int as total)`;
  const withClause = parts.ctes.length ? sql`with ${sql.join(parts.ctes, sql`, `)}` : sql``;
  return sql`${withClause}
    select t.total, page.* from ${total} as t
    left join lateral (
      select ${PRODUCT_CARD_SELECT}, ${selectKeys(keys)}${near ? sql`, farms.distance_m` : sql``}
      ${parts.from}
      join ${members} on ${members.id} = ${products.merchantId}
      ${farmsJoin}
      where ${products.status} = 'active' ${after}
      order by ${orderByKeys(keys)}
      limit ${perPage + 1} offset ${paging.offset}
    ) as page on true`;
}

function browseQuery(parts: QueryParts): SQL {
  const farmsJoin = parts.near ? sql`join farms on farms.farm_id = ${products.merchantId}` : sql``;
  return pageQuery({
    ...parts,
    ctes: parts.near ? [nearbyFarmsCte(parts.near)] : [],
    from: sql`from ${products}`,
    countFrom: sql`from ${products} ${farmsJoin} where ${products.status} = 'active'`,
  });
}

function keywordQuery(parts: QueryParts & { keyword: string; words: string[] }): SQL {
  const hasWords = parts.words.length > 0;
  const ctes = [
    ...(parts.near ? [nearbyFarmsCte(parts.near)] : []),
    ...(hasWords ? [keywordQueryCtes(parts.words)] : []),
    matchedProductsCte(parts.keyword, hasWords, parts.near !== null),
  ];
  return pageQuery({
    ...parts,
    ctes,
    from: sql`from matched join ${products} on ${products.id} = matched.id ${hasWords ? sql`cross join kw` : sql``}`,
    countFrom: sql`from matched`,
  });
}
