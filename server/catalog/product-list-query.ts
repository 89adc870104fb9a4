import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Nearby } from "@/lib/catalog/types";
import { DEFAULT_SORT_TYPE, PAGE_SIZES, type SortType } from "@/lib/constants";
import { sanitizeKeyword } from "@/lib/validation/search";
import { intLiteral, textValue } from "@/server/db/named-statement";
import { members, productNames, products } from "@/server/db/schema";
import {
  keysetAfter,
  listSignature,
  orderByKeys,
  resolvePaging,
  selectKeys,
  type Paging,
  type SortKey,
} from "./list-paging";
import {
  activeProductTotal,
  farmSortChord,
  farmsAnywhere,
  nearbyFarmsCte,
  nearestFarms,
} from "./nearby-farms";
import { PRODUCT_CARD_SELECT } from "./product-card";
import {
  exactNameMatch,
  keywordLexemeSets,
  keywordPostings,
  keywordWords,
  type KeywordCorrections,
  SEARCH_MATCH_CAP,
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
 * 3. the sort: All = relevance with a keyword (how many of its words are in the name), else
 *    newest; Popular = units sold in the last 90 days, then average score; Latest = newest;
 *    Top rated = `rating_rank` (a Bayesian average once a product has enough reviews, else 0:
 *    lib/catalog/rating.ts, decision 0047);
 * 4. the id (newest first).
 * A keyword matches name and detail by full-text search (typos in name words corrected), capped at
 * SEARCH_MATCH_CAP matches plus exact name matches; its matches are in listing order (id), so
 * "newest" there means latest listed (decision 0014). Only active products are listed.
 *
 * `corrections` holds every word of the keyword (correctKeywordWords). `named`: the statement's
 * plan does not depend on its values (a keyword of one lexeme, sorted All or Latest, without My
 * Local, on the first page or after a cursor), so it may run as a named statement
 * (renderStatement, decision 0015), its keyword and lexeme kept from the planner so that
 * PostgreSQL keeps one plan for it at every size (textValue, decision 0027); the other keyword
 * statements depend on how common each lexeme or name is, and are planned for their values.
 *
 * @throws AppError validation `page` ('Invalid Page') for a page deeper than MAX_LIST_OFFSET
 */
export function buildProductListQuery(input: ListProductsInput, corrections: KeywordCorrections) {
  const keyword = sanitizeKeyword(input.keyword ?? "");
  const sortType = input.sortType ?? DEFAULT_SORT_TYPE;
  const perPage = input.perPage ?? PAGE_SIZES.products;
  const near = input.near ?? null;
  const words = keywordWords(keyword);
  const sortOptions: SortOptions = {
    hasKeyword: keyword !== "",
    hasWords: words.length > 0,
    sortType,
    near,
  };
  const keys = productSortKeys(sortOptions, keyword ? CANDIDATE_COLUMNS : PRODUCT_COLUMNS);
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
  const sets = keyword ? keywordLexemeSets(words, corrections) : [];
  // One index walk at most (no join order or join method for the values to change), the exact
  // names read only as far as the page. Popular also joins the matches to their products for
  // their sales; its plan without the values is unchecked, so it is planned for its values.
  const atMostOneLexeme = sets.flat().length <= 1;
  const named =
    keyword !== "" &&
    atMostOneLexeme &&
    !near &&
    sortType !== "popular" &&
    sortType !== "rating" &&
    paging.offset === 0;
  const query = keyword
    ? keywordQuery({ keyword, sets, named, near, keys, paging, perPage, sortOptions })
    : browseQuery({ near, keys, paging, perPage });
  return { query, named, keys, signature, paging, perPage, near, sortType };
}

type SortOptions = {
  hasKeyword: boolean;
  hasWords: boolean;
  sortType: SortType;
  near: Nearby | null;
};

/** The columns a list's keys read; the keyword path reads them from its candidates. */
type KeyColumns = {
  exact: SQL;
  k: SQL;
  rank: SQL;
  unitsSold: SQL;
  score: SQL;
  rating: SQL;
  /** null: the keyword path, whose matches are in listing order (id) alone (decision 0014). */
  createdAt: SQL | null;
  id: SQL;
};

const PRODUCT_COLUMNS: KeyColumns = {
  exact: sql`false`,
  k: sql`farms.k`,
  rank: sql`0::float8`,
  unitsSold: sql`${products.unitsSold90d}`,
  score: sql`${products.score}`,
  rating: sql`${products.ratingRank}`,
  createdAt: sql`${products.createdAt}`,
  id: sql`${products.id}`,
};

const CANDIDATE_COLUMNS: KeyColumns = {
  exact: sql`cand.exact`,
  k: sql`cand.k`,
  rank: sql`cand.rank`,
  unitsSold: sql`cand.units_sold`,
  score: sql`cand.score`,
  rating: sql`cand.rating`,
  createdAt: null,
  id: sql`cand.id`,
};

function productSortKeys(options: SortOptions, cols: KeyColumns): SortKey[] {
  const keys: SortKey[] = [];
  if (options.hasKeyword) keys.push({ expr: cols.exact, dir: "desc", kind: "bool" });
  if (options.near) keys.push({ expr: cols.k, dir: "asc", kind: "float" });
  if (options.sortType === "popular") {
    keys.push({ expr: cols.unitsSold, dir: "desc", kind: "int" });
    keys.push({ expr: cols.score, dir: "desc", kind: "numeric" });
  } else if (options.sortType === "rating") {
    keys.push({ expr: cols.rating, dir: "desc", kind: "numeric" });
  } else {
    if (options.sortType === "all" && options.hasWords)
      keys.push({ expr: cols.rank, dir: "desc", kind: "float" });
    if (cols.createdAt) keys.push({ expr: cols.createdAt, dir: "desc", kind: "timestamptz" });
  }
  keys.push({ expr: cols.id, dir: "desc", kind: "int" });
  return keys;
}

type QueryParts = { near: Nearby | null; keys: SortKey[]; paging: Paging; perPage: number };

/** `total`: carried by the cursor, else computed by `count`. */
function totalOf(paging: Paging, count: SQL): SQL {
  return paging.total === null
    ? sql`(select ${count} as total)`
    : sql`(select ${paging.total}::int as total)`;
}

const DISTANCE_M: SQL = sql`farms.k as distance_k`;
/**
 * No keyword, no My Local: the page's ids are read from the sort's own index alone
 * (products_latest_idx, products_popular_idx hold every key), skipping the offset there, and only
 * those rows are joined to their products and farms. One row per product plus `total`; when the
 * page is empty, one row with only `total` (the page is left-joined to the total so a single
 * statement answers both).
 */
function browseQuery(parts: QueryParts): SQL {
  if (parts.near) return nearestBrowseQuery({ ...parts, near: parts.near });
  const { keys, paging, perPage } = parts;
  const after = paging.after ? sql`and ${keysetAfter(keys, paging.after)}` : sql``;
  return sql`select t.total, page.* from ${totalOf(paging, activeProductTotal(null))} as t
    left join lateral (
      select ${PRODUCT_CARD_SELECT}, ${selectKeys(keys)}
      from (
        select ${products.id} from ${products}
        where ${products.status} = 'active' ${after}
        order by ${orderByKeys(keys)}
        limit ${perPage + 1} offset ${paging.offset}
      ) as pick
      join ${products} on ${products.id} = pick.id
      join ${members} on ${members.id} = ${products.merchantId}
      order by ${orderByKeys(keys)}
    ) as page on true`;
}

/**
 * My Local without a keyword: the nearest farms first, read from the GiST index, and each farm's
 * products in the list's order from that farm's own index (products_store_listing_idx,
 * products_store_popular_idx); an incremental sort merges them and stops at the page. Only farms
 * with a product left to show count towards the farms read, so `offset + perPage + 1` farms (and
 * their ties) always hold the page. The total sums the farms' active product counts.
 */
function nearestBrowseQuery(parts: QueryParts & { near: Nearby }): SQL {
  const { near, keys, paging, perPage } = parts;
  const rowsNeeded = paging.offset + perPage + 1;
  const [, ...farmKeys] = keys;
  // After the cursor: farm rows by the farm's own distance, product rows by the page's farms.k.
  const remainingOfFarm = paging.after
    ? sql`and ${keysetAfter(
        [{ ...keys[0]!, expr: farmSortChord(near) }, ...farmKeys],
        paging.after,
      )}`
    : sql``;
  const remaining = paging.after ? sql`and ${keysetAfter(keys, paging.after)}` : sql``;
  const farms = nearestFarms(near, {
    limit: rowsNeeded,
    qualify: sql`exists (select 1 from ${products}
      where ${products.merchantId} = ${members.id} and ${products.status} = 'active' ${remainingOfFarm})`,
  });
  return sql`select t.total, page.* from ${totalOf(paging, activeProductTotal(near))} as t
    left join lateral (
      select ${PRODUCT_CARD_SELECT}, ${selectKeys(keys)}, ${DISTANCE_M}
      from ${farms} as farms
      cross join lateral (
        select * from ${products}
        where ${products.merchantId} = farms.farm_id and ${products.status} = 'active' ${remaining}
        order by ${orderByKeys(farmKeys)}
        limit ${rowsNeeded}
      ) as ${products}
      join ${members} on ${members.id} = ${products.merchantId}
      order by ${orderByKeys(keys)}
      limit ${perPage + 1} offset ${paging.offset}
    ) as page on true`;
}

/**
 * A keyword: the candidates are the products whose whole name is the keyword (case-insensitive,
 * through products_name_lower_idx) and the other products among the latest listed
 * SEARCH_MATCH_CAP matching every word, read from the postings (keywordPostings); they are ranked
 * and paged on their own keys (rank = how many of the words are in the name, read with the
 * postings), and only the page's rows are joined to their products and farms. Exact matches carry
 * rank 0: among themselves they are latest listed first (most sold first under Popular), so
 * without My Local only the ones the page can reach are read, in index order.
 */
function keywordQuery(
  parts: QueryParts & {
    keyword: string;
    /** keywordLexemeSets of its words. */
    sets: string[][];
    /** Runs as a named statement: the keyword and lexemes are kept from the planner (textValue). */
    named: boolean;
    sortOptions: SortOptions;
  },
): SQL {
  const { near, keys, paging, perPage, keyword, sets, named } = parts;
  const inRadius = near !== null && near.radiusKm > 0;
  const farmsOf = (merchantId: SQL) =>
    !near
      ? sql``
      : inRadius
        ? sql`join farms on farms.farm_id = ${merchantId}`
        : sql`join ${farmsAnywhere(near)} as farms on farms.farm_id = ${merchantId}`;
  const farmsJoin = farmsOf(sql`${products.merchantId}`);
  const k = near ? sql`farms.k` : sql`null::float8`;
  const candidateColumns = sql`${products.id} as id, ${k} as k, ${products.unitsSold90d} as units_sold,
    ${products.score} as score, ${products.ratingRank} as rating`;
  const nameMatch = exactNameMatch(textValue(keyword, { named }));

  // Exact matches in index order (products_name_lower_idx, or products_name_popular_idx under
  // Popular), only as many as the page can reach (after the cursor's row). My Local orders them by
  // their farm's distance first, which no index holds.
  const popular = parts.sortOptions.sortType === "popular";
  const rating = parts.sortOptions.sortType === "rating";
  const readsInIndexOrder = !near;
  // products_name_popular_idx, products_name_rating_idx, products_name_lower_idx
  const exactOrder = popular
    ? sql`${products.unitsSold90d} desc, ${products.score} desc, ${products.id} desc`
    : rating
      ? sql`${products.ratingRank} desc, ${products.id} desc`
      : sql`${products.id} desc`;
  const exactKeys = productSortKeys(parts.sortOptions, {
    ...PRODUCT_COLUMNS,
    exact: sql`true`,
    rank: sql`0::float8`,
    createdAt: null,
  });
  const exactAfter =
    readsInIndexOrder && paging.after ? sql`and ${keysetAfter(exactKeys, paging.after)}` : sql``;
  const exact = sql`exact as (
    select ${candidateColumns} from ${products} ${farmsJoin}
    where ${products.status} = 'active' and ${nameMatch} ${exactAfter}
    ${readsInIndexOrder ? sql`order by ${exactOrder} limit ${intLiteral(paging.offset + perPage + 1)}` : sql``}
  )`;
  // Popular ranks by the products' sales: only then are the matches' products read, one primary
  // key lookup per match. The lookup is a lateral subquery with a limit, which the planner runs
  // per match as written: as a plain join it hashed every product instead wherever reading the
  // whole table is estimated cheaper than SEARCH_MATCH_CAP lookups (S: 20,000 products read in
  // 10 ms against 1,000 lookups in 1-2 ms; docs/performance.md, session 14).
  // Top rated reads each match's rating the same way.
  const readsProduct = popular || rating;
  const sales = sql`cross join lateral (
    select ${products.unitsSold90d} as units_sold, ${products.score} as score,
      ${products.ratingRank} as rating
    from ${products} where ${products.id} = m.id limit 1
  ) as sales`;
  const matched =
    sets.length > 0
      ? sql`matched as (
        select m.id, m.k, ${popular ? sql`sales.units_sold` : sql`null::int`} as units_sold,
          ${popular ? sql`sales.score` : sql`null::numeric`} as score,
          ${rating ? sql`sales.rating` : sql`null::numeric`} as rating, m.name_hits as rank
        from (${keywordPostings(sets, keyword, {
          join: farmsOf,
          select: sql`, ${k} as k`,
          limit: SEARCH_MATCH_CAP,
          named,
        })}) as m
        ${readsProduct ? sales : sql``}
      )`
      : sql`matched as (select null::int as id, null::float8 as k, null::int as units_sold,
        null::numeric as score, null::numeric as rating, null::float8 as rank where false)`;
  const ctes = [
    ...(inRadius ? [nearbyFarmsCte(near)] : []),
    exact,
    matched,
    sql`cand as (
      select id, true as exact, k, 0::float8 as rank, units_sold, score, rating from exact
      union all
      select id, false, k, rank, units_sold, score, rating from matched
    )`,
  ];
  // Within a radius, count the farms' exact matches; else one row of product_names.
  const exactCount = inRadius
    ? sql`(select count(*)::int from ${products} ${farmsJoin} where ${products.status} = 'active' and ${nameMatch})`
    : sql`coalesce((select ${productNames.productCount} from ${productNames} where ${productNames.name} = lower(${keyword}::text)), 0)`;
  const after = paging.after ? sql`where ${keysetAfter(keys, paging.after)}` : sql``;
  return sql`with ${sql.join(ctes, sql`, `)}
    select t.total, page.* from ${totalOf(paging, sql`(${exactCount} + (select count(*)::int from matched))`)} as t
    left join lateral (
      select ${PRODUCT_CARD_SELECT}, ${selectKeys(keys)}${near ? sql`, cand.k as distance_k` : sql``}
      from (select * from cand ${after} order by ${orderByKeys(keys)}
        limit ${intLiteral(perPage + 1)} offset ${intLiteral(paging.offset)}) as cand
      join ${products} on ${products.id} = cand.id
      join ${members} on ${members.id} = ${products.merchantId}
      order by ${orderByKeys(keys)}
    ) as page on true`;
}
