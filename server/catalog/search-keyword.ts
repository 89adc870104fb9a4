import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { escapeLikePattern } from "@/lib/validation/search";
import { productNameWords, products } from "@/server/db/schema";

/** A keyword search ranks at most this many matches (the newest), plus every exact name match. */
export const SEARCH_MATCH_CAP = 1_000;

/** Words shorter than this are searched as typed, never corrected. */
const MIN_CORRECTED_WORD = 3;
const MAX_WORDS = 8;

/** The words of a (sanitised) keyword: lowercase runs of letters and digits, at most 8. */
export function keywordWords(keyword: string): string[] {
  const words = keyword.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_WORDS);
}

/**
 * CTEs `terms` and `kw` (one row, column `q`: the tsquery): every word must match, as typed or as
 * the closest word of a product name when the typed word is in no name (pg_trgm similarity over
 * the small `product_name_words` table, trigram-indexed). Name words weigh more than detail words
 * in `search_vector`, so the rank favours name matches.
 */
export function keywordQueryCtes(words: readonly string[]): SQL {
  const list = sql.join(
    words.map((w) => sql`${w}::text`),
    sql`, `,
  );
  return sql`terms as (
    select t.ord, t.w, case
      when length(t.w) < ${MIN_CORRECTED_WORD} then null
      when exists (select 1 from ${productNameWords} where ${productNameWords.word} = t.w) then null
      else (
        select ${productNameWords.word} from ${productNameWords}
        where ${productNameWords.word} % t.w
        order by similarity(${productNameWords.word}, t.w) desc, ${productNameWords.productCount} desc, ${productNameWords.word}
        limit 1
      ) end as fix
    from unnest(array[${list}]) with ordinality as t(w, ord)
  ),
  kw as (
    select to_tsquery('english', string_agg('(' || w || coalesce(' | ' || fix, '') || ')', ' & ' order by ord)) as q
    from terms
  )`;
}

/** Case-insensitive equality with the whole name, through the name's trigram index. */
export function exactNameMatch(keyword: string): SQL {
  return sql`(${products.name} ilike ${escapeLikePattern(keyword)})`;
}

/** Relevance of a product to `kw.q`, as a double so a cursor carries it exactly. */
export const KEYWORD_RANK: SQL = sql`ts_rank(${products.searchVector}, kw.q)::float8`;

/**
 * CTE `matched` (column `id`): the newest SEARCH_MATCH_CAP active products matching `kw.q`, plus
 * every active product whose name is the keyword, optionally only those of `farms` (My Local).
 * Ranking a common word over every match is what makes search slow (notes/performance.md).
 */
export function matchedProductsCte(keyword: string, hasWords: boolean, withFarms: boolean): SQL {
  const farmsJoin = withFarms ? sql`join farms on farms.farm_id = ${products.merchantId}` : sql``;
  const exact = sql`(select ${products.id} from ${products} ${farmsJoin}
      where ${products.status} = 'active' and ${exactNameMatch(keyword)})`;
  if (!hasWords) return sql`matched as ${exact}`;
  return sql`matched as (
    (select ${products.id} from ${products} ${farmsJoin}
      where ${products.status} = 'active' and ${products.searchVector} @@ (select q from kw)
      order by ${products.createdAt} desc, ${products.id} desc
      limit ${SEARCH_MATCH_CAP})
    union
    ${exact}
  )`;
}
