import "server-only";
import { and, count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { ListPage, ProductCard } from "@/lib/catalog/types";
import { PAGE_SIZES, STORE_VIEW_MODES } from "@/lib/constants";
import { MSG, page } from "@/lib/validation";
import type { Db } from "@/server/db/client";
import { members, products } from "@/server/db/schema";
import { notFoundError } from "@/server/errors";
import { PRODUCT_CARD_COLUMNS, toProductCard } from "./product-card";
import { STORE_NOT_FOUND_MESSAGE } from "./get-store";

export type StoreViewMode = (typeof STORE_VIEW_MODES)[number];

/** Query of `GET /api/stores/{username}/products`: `viewMode` public (default) or deleted, `page` from 1. */
export const storeProductsQuerySchema = z.object({
  viewMode: z.enum(STORE_VIEW_MODES, { error: MSG.invalidValue }).default("public"),
  page: page(),
});

export type ListStoreProductsInput = {
  username: string;
  /** public: the active products everyone sees; deleted: the owner's soft-deleted ones. */
  viewMode: StoreViewMode;
  page: number;
  /** The signed-in member asking, or null for a visitor. */
  viewerId: number | null;
};

/**
 * One page of a store's products as cards, newest first (12 a page). Permanently removed products
 * never show. The deleted view is the owner's alone: for anyone else the store answers as if it did
 * not exist there, so nobody learns what another farm took down.
 *
 * Two statements whatever the size of the store: the merchant with its active product count (kept
 * by a trigger), then the page, whose ids are read from products_store_listing_idx (merchant_id,
 * status, created_at desc, id desc) alone before only those rows are joined. The deleted view
 * counts its products in a third.
 * @throws AppError not_found for an unknown store, or a deleted view asked by someone else.
 */
export async function listStoreProducts(
  db: Db,
  { username, viewMode, page: pageNumber, viewerId }: ListStoreProductsInput,
): Promise<ListPage<ProductCard>> {
  const [merchant] = await db
    .select({ id: members.id, activeProductCount: members.activeProductCount })
    .from(members)
    .where(and(eq(members.username, username), eq(members.memberType, "merchant")))
    .limit(1);
  if (!merchant)
    throw notFoundError(STORE_NOT_FOUND_MESSAGE, {
      logMessage: `no store for ${JSON.stringify(username)}`,
    });
  if (viewMode === "deleted" && viewerId !== merchant.id) {
    throw notFoundError(STORE_NOT_FOUND_MESSAGE, {
      logMessage: `member ${viewerId} asked for the deleted items of store ${merchant.id}`,
    });
  }

  const perPage = PAGE_SIZES.products;
  const where = and(
    eq(products.merchantId, merchant.id),
    eq(products.status, viewMode === "deleted" ? "deleted" : "active"),
  );
  let total = merchant.activeProductCount;
  if (viewMode === "deleted") {
    const [counted] = await db.select({ total: count() }).from(products).where(where);
    total = counted?.total ?? 0;
  }
  // The spec pages by page number; a page past the end is simply empty (no query when it must be).
  const offset = (pageNumber - 1) * perPage;
  const pick = db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(perPage)
    .offset(offset)
    .as("pick");
  const rows =
    offset < total
      ? await db
          .select(PRODUCT_CARD_COLUMNS)
          .from(pick)
          .innerJoin(products, eq(products.id, pick.id))
          .innerJoin(members, eq(members.id, products.merchantId))
          .orderBy(desc(products.createdAt), desc(products.id))
      : [];

  return {
    items: rows.map((row) => toProductCard(row)),
    total,
    page: pageNumber,
    perPage,
    hasMore: offset + rows.length < total,
  };
}
