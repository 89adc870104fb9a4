import "server-only";
import type { ListPage, MerchantCard } from "@/lib/catalog/types";
import type { Db } from "@/server/db/client";
import { encodeCursor, readKeys } from "./list-paging";
import { toMerchantCard, type MerchantCardRow } from "./merchant-card";
import { buildMerchantListQuery, type ListMerchantsInput } from "./merchant-list-query";
import { distanceKmOf } from "./nearby-farms";

export type { ListMerchantsInput } from "./merchant-list-query";

export type MerchantList = ListPage<MerchantCard> & { nextCursor: string | null };

/**
 * Farmers for /merchants/list and the dashboard's latest farmers, in one statement per call (see
 * merchant-list-query.ts for the order and the keyword). The email is matched, never answered.
 *
 * @throws AppError validation `page` ('Invalid Page') for a page deeper than MAX_LIST_OFFSET
 */
export async function listMerchants(db: Db, input: ListMerchantsInput = {}): Promise<MerchantList> {
  const { query, keys, signature, paging, perPage, near } = buildMerchantListQuery(input);
  const { rows } = await db.execute<Record<string, unknown>>(query);

  const found = rows.filter((row) => row.id !== null && row.id !== undefined);
  const hasMore = found.length > perPage;
  const shown = found.slice(0, perPage);
  const last = shown.at(-1);
  const total = Number(rows[0]?.total ?? 0);
  return {
    items: shown.map((row) =>
      toMerchantCard(
        row as MerchantCardRow,
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
