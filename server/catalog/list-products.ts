import "server-only";
import type { ListPage, ProductCard } from "@/lib/catalog/types";
import type { Db } from "@/server/db/client";
import { executeNamed } from "@/server/db/named-statement";
import { log } from "@/server/log";
import { expireProductSales } from "./expire-product-sales";
import { encodeCursor, readKeys } from "./list-paging";
import { distanceKmOf } from "./nearby-farms";
import { sanitizeKeyword } from "@/lib/validation/search";
import { buildProductListQuery, type ListProductsInput } from "./product-list-query";
import { correctKeywordWords, keywordWords } from "./search-keyword";
import { toProductCard, type ProductCardRow } from "./product-card";

export type { ListProductsInput } from "./product-list-query";

export type ProductList = ListPage<ProductCard> & { nextCursor: string | null };

/**
 * Active products for the dashboard rows and /products/filtered, in one statement per call (see
 * product-list-query.ts for the order and the keyword rules), plus one for a keyword's words the
 * process has not corrected in the last minutes (search-keyword.ts). A search for one word runs
 * as a named statement, planned once per connection (decision 0015).
 *
 * @throws AppError validation `page` ('Invalid Page') for a page deeper than MAX_LIST_OFFSET
 */
export async function listProducts(db: Db, input: ListProductsInput = {}): Promise<ProductList> {
  const words = keywordWords(sanitizeKeyword(input.keyword ?? ""));
  const corrections = words.length > 0 ? await correctKeywordWords(db, words) : new Map();
  const { query, named, keys, signature, paging, perPage, near, sortType } = buildProductListQuery(
    input,
    corrections,
  );
  if (sortType === "popular") await expireProductSalesWhenDue(db);
  const { rows } = named
    ? await executeNamed<Record<string, unknown>>(db, query)
    : await db.execute<Record<string, unknown>>(query);

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
