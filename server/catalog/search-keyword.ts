import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { isEmbedded, type Db } from "@/server/db/client";
import { intLiteral, textValue } from "@/server/db/named-statement";
import { log } from "@/server/log";
import { productNameWords, productTerms, products } from "@/server/db/schema";

/**
 * A keyword search ranks the latest listed this many matches, with every product whose whole name
 * is the keyword (those first).
 */
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
 * How the search reads a typed word: the closest word of a product name when the typed word is in
 * none (or null), and the lexemes a product's postings must hold one of: the word's own, stemmed
 * by the same `english` configuration as `search_vector`, and its correction's. No lexemes (a stop
 * word such as "the") means the word asks nothing of a product.
 */
export type KeywordTerm = {
  fix: string | null;
  lexemes: readonly string[];
  /** The word itself is several lexemes ("x²y"): a product must hold each, as in a phrase. */
  allOf?: boolean;
};
export type KeywordCorrections = ReadonlyMap<string, KeywordTerm>;

/**
 * How long a correction is trusted. A product that brings a new word is searched by that word at
 * once; only a typo of it may still be corrected to an older word (or not at all) for this long,
 * and a word remembered as a misspelling no product held is searched by its correction alone.
 */
const CORRECTION_TTL_MS = 10 * 60 * 1000;
const MAX_CACHED_CORRECTIONS = 5_000;
const corrections = new Map<string, KeywordTerm & { until: number }>();

/**
 * Each word's term (KeywordTerm): when the word is in no product name, its closest word of a
 * product name by pg_trgm similarity over the small, trigram-indexed `product_name_words`; and the
 * lexemes of both. Remembered per process for CORRECTION_TTL_MS, so a search usually costs one
 * statement; the words not remembered cost one more. The search then carries the lexemes, and
 * a search of several lexemes is planned for them, which lets PostgreSQL estimate how common each
 * one is (one lexeme needs no estimate: decision 0015).
 */
export async function correctKeywordWords(
  db: Db,
  words: readonly string[],
): Promise<KeywordCorrections> {
  const now = Date.now();
  const out = new Map<string, KeywordTerm>();
  const unknown: string[] = [];
  for (const word of words) {
    const cached = corrections.get(word);
    if (cached && cached.until > now)
      out.set(word, { fix: cached.fix, lexemes: cached.lexemes, allOf: cached.allOf });
    else unknown.push(word);
  }
  if (unknown.length === 0) return out;
  const { rows } = await db.execute<{
    w: string;
    fix: string | null;
    lexemes: string[];
    all_of: boolean;
  }>(keywordCorrectionsQuery(unknown, { trigramIndex: !isEmbedded(db) }));
  for (const row of rows) {
    const term = { fix: row.fix, lexemes: row.lexemes, allOf: row.all_of };
    out.set(row.w, term);
    corrections.delete(row.w);
    corrections.set(row.w, { ...term, until: now + CORRECTION_TTL_MS });
  }
  for (const word of unknown) {
    if (out.has(word)) continue;
    // The statement answers one row per word. The embedded database has been seen answering
    // nothing just before it hangs (decision 0012): search the word as typed, remember nothing.
    log.warn({ word }, "keyword correction returned no row for a word");
    out.set(word, { fix: null, lexemes: [word] });
  }
  // Oldest first: Map keeps insertion order.
  for (const word of corrections.keys()) {
    if (corrections.size <= MAX_CACHED_CORRECTIONS) break;
    corrections.delete(word);
  }
  return out;
}

/**
 * The statement behind correctKeywordWords (exported for the query-plan test). Words are runs of
 * letters and digits (keywordWords), so quoting them makes a safe array literal. Stop words and
 * words shorter than MIN_CORRECTED_WORD are never corrected. Of a word's lexemes and its
 * correction's, only those some product holds are kept (a misspelling is then searched by its
 * correction alone, one index walk instead of a merge), or all of them when none is held. A word
 * PostgreSQL reads as several lexemes keeps them all, each required (`all_of`), and no correction.
 *
 * `trigramIndex: false` finds the closest word by computing `similarity` over every word instead
 * of through the trigram index (`%`). The embedded database (PGlite 0.5) sometimes answers the
 * trigram index's scan with no row and then hangs on its next statement (decision 0012); its
 * vocabulary is the demo's, small enough to read whole. Both forms answer the same.
 */
export function keywordCorrectionsQuery(
  words: readonly string[],
  { trigramIndex = true }: { trigramIndex?: boolean } = {},
): SQL {
  const similar = trigramIndex
    ? sql`${productNameWords.word} % t.w`
    : sql`similarity(${productNameWords.word}, t.w) >= current_setting('pg_trgm.similarity_threshold')::real`;
  return sql`
    select c.w, c.fix, e.all_of, case when e.all_of then e.own else coalesce(
      nullif(array(
        select l from unnest(e.every) as l
        where exists (select 1 from ${productTerms} where ${productTerms.lexeme} = l) order by l
      ), '{}'::text[]),
      e.every
    ) end as lexemes
    from (
      select t.w, case
        when length(t.w) < ${MIN_CORRECTED_WORD}::int then null
        when length(to_tsvector('english', t.w)) <> 1 then null
        when exists (select 1 from ${productNameWords} where ${productNameWords.word} = t.w) then null
        else (
          select ${productNameWords.word} from ${productNameWords}
          where ${similar}
          order by similarity(${productNameWords.word}, t.w) desc, ${productNameWords.productCount} desc, ${productNameWords.word}
          limit 1
        ) end as fix
      from unnest(${`{${words.map((w) => `"${w}"`).join(",")}}`}::text[]) as t(w)
    ) as c
    cross join lateral (
      select tsvector_to_array(to_tsvector('english', c.w)) as own
    ) as o
    cross join lateral (
      select o.own, cardinality(o.own) > 1 as all_of, array(
        select distinct l from unnest(
          o.own || tsvector_to_array(to_tsvector('english', coalesce(c.fix, '')))
        ) as l order by l
      ) as every
    ) as e`;
}

/** Forget every remembered correction (tests that change product names under a search). */
export function forgetKeywordCorrections(): void {
  corrections.clear();
}

/**
 * The lexeme sets a matching product must hold one of each: one per typed word that has lexemes
 * (one per lexeme for an `allOf` word), the same set once. Empty when no word asks anything (only
 * stop words).
 *
 * @throws Error when a word is missing from `fixes` (a caller that skipped correctKeywordWords)
 */
export function keywordLexemeSets(words: readonly string[], fixes: KeywordCorrections): string[][] {
  const sets = new Map<string, string[]>();
  const add = (lexemes: string[]) => {
    if (lexemes.length > 0) sets.set(lexemes.join(" "), lexemes);
  };
  for (const word of words) {
    const term = fixes.get(word);
    if (!term) throw new Error(`keyword word "${word}" was not corrected (correctKeywordWords)`);
    if (term.allOf) for (const lexeme of term.lexemes) add([lexeme]);
    else add([...term.lexemes].sort());
  }
  return [...sets.values()];
}

/**
 * Case-insensitive equality with the whole name, through products_name_lower_idx. `keyword` is
 * the keyword as a text value (textValue).
 */
export function exactNameMatch(keyword: SQL): SQL {
  return sql`(lower(${products.name}) = lower(${keyword}))`;
}

/**
 * One lexeme set's postings, latest listed first: a lexeme is one walk of
 * product_terms_search_idx; several are merged, one row per product (`in_name` when any of them
 * is in the name).
 */
function lexemeSetPostings(lexemes: readonly string[], named: boolean): SQL {
  const walk = (lexeme: string) => sql`select ${productTerms.productId} as product_id,
    ${productTerms.inName} as in_name, ${productTerms.merchantId} as merchant_id,
    ${productTerms.nameKey} as name_key
    from ${productTerms} where ${productTerms.lexeme} = ${textValue(lexeme, { named })}`;
  if (lexemes.length === 1) return walk(lexemes[0]!);
  return sql`select product_id, bool_or(in_name) as in_name, min(merchant_id) as merchant_id,
    min(name_key) as name_key
    from (${sql.join(lexemes.map(walk), sql` union all `)}) as any_of
    group by product_id`;
}

/**
 * The latest listed `limit` active products holding a lexeme of every set (decision 0014), read
 * from the postings alone: each set is a stream in id order and the streams are merged on it, so
 * the read stops at the limit. `join` may narrow the rows by their merchant id (My Local's farms)
 * before the limit. Of these, the products whose whole name is the keyword are left out (the list
 * has them already): only a posting carrying the keyword's product_name_key has its product's
 * name read, in a scalar subquery run row by row (an EXISTS would be turned into a hashed read of
 * every product so named). The keyword's key is a subquery too, so that a plan kept for a named
 * statement (keyword a parameter) hashes it once, not per posting. Columns: `id`, `merchant_id`,
 * `name_hits` (how many sets are in the name), and `select`'s. `named`: the statement runs as a
 * named statement, and its lexemes and keyword are kept from the planner (textValue).
 */
export function keywordPostings(
  sets: readonly (readonly string[])[],
  keyword: string,
  options: { join: (merchantId: SQL) => SQL; select: SQL; limit: number; named: boolean },
): SQL {
  const { named } = options;
  const [first, ...rest] = sets.map((lexemes, i) => ({
    alias: sql.raw(`s${i}`),
    from: lexemeSetPostings(lexemes, named),
  }));
  if (!first) throw new Error("keywordPostings needs a lexeme set");
  const joins = rest.map(
    (s) => sql`join (${s.from}) as ${s.alias} on ${s.alias}.product_id = ${first.alias}.product_id`,
  );
  const hits = sql.join(
    [first, ...rest].map((s) => sql`${s.alias}.in_name::int`),
    sql` + `,
  );
  return sql`select * from (
      select ${first.alias}.product_id as id, ${first.alias}.merchant_id,
        ${first.alias}.name_key, (${hits})::float8 as name_hits ${options.select}
      from (${first.from}) as ${first.alias} ${sql.join(joins, sql` `)}
        ${options.join(sql`${first.alias}.merchant_id`)}
      order by ${first.alias}.product_id desc
      limit ${intLiteral(options.limit)}
    ) as newest
    where newest.name_key <> (select product_name_key(${keyword}::text))
      or not coalesce((select ${exactNameMatch(textValue(keyword, { named }))} from ${products} where ${products.id} = newest.id), false)`;
}
