import "server-only";
import type { ListPage, ProductCard } from "@/lib/catalog/types";
import type { Db } from "@/server/db/client";
import {
  executeRendered,
  renderStatement,
  type RenderedStatement,
} from "@/server/db/named-statement";
import { log } from "@/server/log";
import { expireProductSales } from "./expire-product-sales";
import { encodeCursor, readKeys } from "./list-paging";
import { distanceKmOf } from "./nearby-farms";
import { sanitizeKeyword } from "@/lib/validation/search";
import { buildProductListQuery, type ListProductsInput } from "./product-list-query";
import { correctKeywordWords, keywordWords, type KeywordCorrections } from "./search-keyword";
import { toProductCard, type ProductCardRow } from "./product-card";

export type { ListProductsInput } from "./product-list-query";

export type ProductList = ListPage<ProductCard> & { nextCursor: string | null };

/**
 * Active products for the dashboard rows and /products/filtered, in one statement per call (see
 * product-list-query.ts for the order and the keyword rules), plus one for a keyword's words the
 * process has not corrected in the last minutes (search-keyword.ts). A search for one word runs
 * as a named statement, planned once per connection (decision 0015); statements are built once
 * per input (listStatement).
 *
 * @throws AppError validation `page` ('Invalid Page') for a page deeper than MAX_LIST_OFFSET
 */
export async function listProducts(db: Db, input: ListProductsInput = {}): Promise<ProductList> {
  const words = keywordWords(sanitizeKeyword(input.keyword ?? ""));
  const corrections = words.length > 0 ? await correctKeywordWords(db, words) : new Map();
  const { statement, keys, signature, paging, perPage, near, sortType } = listStatement(
    input,
    corrections,
  );
  if (sortType === "popular") await expireProductSalesWhenDue(db);
  const { rows } = await executeRendered<Record<string, unknown>>(db, statement);

  const total = Number(rows[0]?.total ?? 0);
  const found = rows.filter((row) => row.id !== null && row.id !== undefined);
  const hasMore = found.length > perPage;
  const shown = found.slice(0, perPage);
  const last = shown.at(-1);
  return {
    items: shown.map((row) =>
      toProductCard(
        row as ProductCardRow,
        near ? distanceKmOf(row.distance_k as number) : undefined,
      ),
    ),
    total,
    page: paging.page,
    perPage,
    hasMore,
    nextCursor:
      hasMore && last ? encodeCursor(signature, paging.page, total, readKeys(last, keys)) : null,
  };
}

type ListStatement = Omit<ReturnType<typeof buildProductListQuery>, "query" | "named"> & {
  statement: RenderedStatement;
};

/**
 * The same lists are asked for again and again (the dashboard's rows, popular searches, the same
 * Load More): building and rendering a statement costs about 0.2 ms, so the last MAX_STATEMENTS
 * are kept, by everything they are built from. Only the statement: its rows are read every time.
 */
const MAX_STATEMENTS = 500;
const statements = new Map<string, ListStatement>();

function listStatement(input: ListProductsInput, corrections: KeywordCorrections): ListStatement {
  const key = JSON.stringify(
    [input, [...corrections].sort(([a], [b]) => a.localeCompare(b))],
    // JSON writes NaN and Infinity as null: keep them apart from a missing page or size.
    (_, value: unknown) =>
      typeof value === "number" && !Number.isFinite(value) ? String(value) : value,
  );
  const kept = statements.get(key);
  if (kept) {
    statements.delete(key);
    statements.set(key, kept);
    return kept;
  }
  const { query, named, ...built } = buildProductListQuery(input, corrections);
  const made = { ...built, statement: renderStatement(query, { named }) };
  statements.set(key, made);
  // Oldest first: Map keeps insertion order.
  if (statements.size > MAX_STATEMENTS) statements.delete(statements.keys().next().value!);
  return made;
}

/** Sales leave the 90-day window as time passes; move it at most every 10 minutes per instance. */
const EXPIRY_INTERVAL_MS = 10 * 60 * 1000;
let lastExpiry = 0;

async function expireProductSalesWhenDue(db: Db): Promise<void> {
  const now = Date.now();
  if (now - lastExpiry < EXPIRY_INTERVAL_MS) return;
  lastExpiry = now;
  try {
    await expireProductSales(db);
  } catch (error) {
    // A read-only connection cannot move the window; Popular is then a little generous, not wrong.
    log.warn({ err: error }, "could not expire product sales");
  }
}
