import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/server/db/client";
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

/** The closest product-name word of each typed word, or null to search it as typed. */
export type KeywordCorrections = ReadonlyMap<string, string | null>;

/**
 * How long a correction is trusted. A product that brings a new word is searched by that word at
 * once; only a typo of it may still be corrected to an older word (or not at all) for this long.
 */
const CORRECTION_TTL_MS = 10 * 60 * 1000;
const MAX_CACHED_CORRECTIONS = 5_000;
const corrections = new Map<string, { fix: string | null; until: number }>();

/**
 * Each word as typed, or, when it is in no product name, the closest word of a product name
 * (pg_trgm similarity over the small, trigram-indexed `product_name_words`). Remembered per
 * process for CORRECTION_TTL_MS, so a search usually costs one statement; the words not
 * remembered cost one more. The search itself then carries the tsquery as a constant, which lets
 * PostgreSQL estimate how common the words are and choose the index walk for a common word.
 */
export async function correctKeywordWords(
  db: Db,
  words: readonly string[],
): Promise<KeywordCorrections> {
  const now = Date.now();
  const out = new Map<string, string | null>();
  const unknown: string[] = [];
  for (const word of words) {
    const cached = corrections.get(word);
    if (word.length < MIN_CORRECTED_WORD) out.set(word, null);
    else if (cached && cached.until > now) out.set(word, cached.fix);
    else unknown.push(word);
  }
  if (unknown.length === 0) return out;
  const { rows } = await db.execute<{ w: string; fix: string | null }>(
    keywordCorrectionsQuery(unknown),
  );
  for (const row of rows) {
    out.set(row.w, row.fix);
    corrections.delete(row.w);
    corrections.set(row.w, { fix: row.fix, until: now + CORRECTION_TTL_MS });
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
 * letters and digits (keywordWords), so quoting them makes a safe array literal.
 */
export function keywordCorrectionsQuery(words: readonly string[]): SQL {
  return sql`
    select t.w, case
      when exists (select 1 from ${productNameWords} where ${productNameWords.word} = t.w) then null
      else (
        select ${productNameWords.word} from ${productNameWords}
        where ${productNameWords.word} % t.w
        order by similarity(${productNameWords.word}, t.w) desc, ${productNameWords.productCount} desc, ${productNameWords.word}
        limit 1
      ) end as fix
    from unnest(${`{${words.map((w) => `"${w}"`).join(",")}}`}::text[]) as t(w)`;
}

/** Forget every remembered correction (tests that change product names under a search). */
export function forgetKeywordCorrections(): void {
  corrections.clear();
}

/**
 * The tsquery of the words: every word must match, as typed or as its correction. Name words weigh
 * more than detail words in `search_vector`, so the rank favours name matches.
 */
export function keywordTsQuery(words: readonly string[], fixes: KeywordCorrections): SQL {
  const text = words
    .map((word) => {
      const fix = fixes.get(word);
      return fix && fix !== word ? `(${word} | ${fix})` : `(${word})`;
    })
    .join(" & ");
  return sql`to_tsquery('english', ${text})`;
}

/** Case-insensitive equality with the whole name, through products_name_lower_idx. */
export function exactNameMatch(keyword: string): SQL {
  return sql`(lower(${products.name}) = lower(${keyword}::text))`;
}
