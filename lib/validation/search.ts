/**
 * Search keywords (part 1 section 5 "Search keywords"; part 2 section 5 "Order search keyword"):
 * a safe printable set, anything that looks like a database statement clears the keyword, script
 * tags are stripped. Queries stay parameterised regardless; this keeps junk out of logs, cookies
 * and the page echoing the keyword.
 */
import { z } from "zod";
import {
  DEFAULT_SORT_TYPE,
  FARMER_SORT_TYPES,
  SEARCH_KEYWORD_MAX_LENGTH,
  SORT_TYPES,
  type FarmerSortType,
  type SortType,
} from "@/lib/constants";
import { KEYWORD_DISALLOWED, normalizeText } from "./charsets";
import { page } from "./shared";

/** Statement shapes, not single words: "select apples" or "drop-off" stay searchable. */
const SQL_PATTERNS: readonly RegExp[] = [
  /--/,
  /\/\*|\*\//,
  /;\s*(select|insert|update|delete|drop|alter|create|truncate|exec|execute|union|grant|revoke|shutdown|declare)\b/i,
  /\bunion\b(\s+(all|distinct))?\s+select\b/i,
  /\bselect\s+(\*|null\b|@@|\d+\s*(,|from\b)|(count|concat|char|version|user|database|sleep|pg_sleep|current_user)\s*\()/i,
  /\bselect\b.+\bfrom\b.+\bwhere\b/i,
  /\b(drop|truncate|alter|create)\s+(table|database|schema|view|index|user|function|procedure|trigger)\b/i,
  /\bdelete\s+from\b/i,
  /\binsert\s+into\b/i,
  /\bupdate\s+\w+\s+set\b/i,
  /\b(or|and|having|where)\s+('|")?(\w+)\2\s*=\s*\2\3\2/i,
  /\b(or|and|having|where)\s+\d+\s*(=|<>|!=|<|>)/i,
  /['"]\s*(or|and)\s+(['"\d(]|true\b|false\b|not\b)/i,
  /['"]\s*;/,
  /\bexec(ute)?\s*(\(|xp_|sp_)/i,
  /\b(xp_cmdshell|sp_executesql|information_schema|pg_catalog|sysobjects)\b/i,
  /\b(sleep|pg_sleep|benchmark)\s*\(/i,
  /\bwaitfor\s+delay\b/i,
  /@@\w+/,
];

export function looksLikeSqlStatement(text: string): boolean {
  return SQL_PATTERNS.some((pattern) => pattern.test(text));
}

/** Removes <script> elements with their content (closed or not), then every other tag. */
export function stripScriptTags(text: string, replacement = " "): string {
  return text
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, replacement)
    .replace(/<script\b[\s\S]*$/i, replacement)
    .replace(/<\/?[a-z!][^>]*>/gi, replacement);
}

/**
 * The keyword as searched and echoed: tags stripped; "" when it looks like a database statement;
 * characters outside the safe set replaced by spaces; spaces collapsed; at most 100 characters.
 */
export function sanitizeKeyword(input: unknown): string {
  if (typeof input !== "string") return "";
  const normalized = normalizeText(input);
  const text = stripScriptTags(normalized);
  // also with tags removed outright, so "UN<b>ION</b> SELECT" cannot slip through
  if (looksLikeSqlStatement(text) || looksLikeSqlStatement(stripScriptTags(normalized, "")))
    return "";
  const cleaned = Array.from(text.replace(KEYWORD_DISALLOWED, " ").replace(/\s+/g, " ").trim())
    .slice(0, SEARCH_KEYWORD_MAX_LENGTH)
    .join("")
    .trim();
  return looksLikeSqlStatement(cleaned) ? "" : cleaned;
}

/** Escapes LIKE/ILIKE wildcards so a keyword matches literally (use with `ESCAPE '\'`). */
export function escapeLikePattern(keyword: string): string {
  return keyword.replace(/[\\%_]/g, "\\$&");
}

/** A keyword field: never fails, the output is the sanitised keyword ("" for none). */
export const keyword = () =>
  z.preprocess((v: string | null | undefined) => sanitizeKeyword(v), z.string());

/** Sort of /products/filtered; an unknown value falls back to the default (it comes from a cookie). */
export const sortType = () =>
  z
    .string()
    .nullish()
    .transform((value): SortType =>
      SORT_TYPES.includes(value as SortType) ? (value as SortType) : DEFAULT_SORT_TYPE,
    )
    .describe(`One of ${SORT_TYPES.join(", ")}; another value sorts as "${DEFAULT_SORT_TYPE}"`);

/** Product search: keyword, sort All/Popular/Latest/Top rated ("rating"), page. */
export const productSearchSchema = z.object({
  keyword: keyword(),
  sortType: sortType(),
  page: page(),
});

/** The farmers list's sort; an unknown value falls back to All (newest, or nearest with My Local). */
export const farmerSortType = () =>
  z
    .string()
    .nullish()
    .transform((value): FarmerSortType =>
      FARMER_SORT_TYPES.includes(value as FarmerSortType) ? (value as FarmerSortType) : "all",
    )
    .describe(`One of ${FARMER_SORT_TYPES.join(", ")}; another value sorts as "all"`);

/** Merchant list search ('Search Merchants by username, email, or address'), All or Top rated. */
export const merchantSearchSchema = z.object({
  keyword: keyword(),
  sortType: farmerSortType(),
  page: page(),
});

export type ProductSearch = z.output<typeof productSearchSchema>;
export type MerchantSearch = z.output<typeof merchantSearchSchema>;
