import "server-only";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { members, products } from "@/server/db/schema";
import { conflict, notFoundError, validationError } from "@/server/errors";
import { log } from "@/server/log";
import { deleteImage, type ImageStore } from "@/server/storage";
import { saveProductImage, toProductColumns, type ProductFields } from "./product-columns";
import { cardPaymentBlocker } from "./product-form-merchant";
import { PRODUCT_MESSAGES } from "./product-messages";
import { followStockChanges, type StockChange } from "./product-stock";
import { unitsLeft } from "@/lib/catalog/stock";

/** The quantity changed under the form (orders came in): nothing is saved. */
export const stockChangedMessage = (now: string | null) =>
  now === null
    ? "The quantity of this product changed while you were editing: it is now unlimited. Please check it and save again."
    : `The quantity of this product changed while you were editing (orders came in): ${formatQty(now)} left now. Please check it and save again.`;

/** "12.00" → "12", "2.50" → "2.5". */
function formatQty(qty: string): string {
  return qty.includes(".") ? qty.replace(/0+$/, "").replace(/\.$/, "") : qty;
}

export type UpdateProductOptions = {
  merchantId: number;
  productId: number;
  /** Parsed with `productUpdateSchema` (the image, if any, travels as `image`). */
  input: ProductFields;
  /** A new image's bytes, or null to keep the current image. */
  image: Uint8Array | null;
  cardPaymentsEnabled: boolean;
  store?: ImageStore;
};

/**
 * Saves the product form over one of the merchant's own products (active or deleted; a removed
 * product is gone). The price follows the merchant's currency. A new image replaces the old one,
 * whose files are removed once the row points at the new one; a refused update stores nothing.
 *
 * Stock (decision 0042): a form that sends no stock fields (the spec's) leaves the stock as it is.
 * A quantity the farmer did not change is left as orders made it; a changed one is written only
 * when the quantity is still the one the form loaded (`stockSeen`), else nothing is saved. A
 * product that could not be bought and can now (stock added, In stock switched back on) mails the
 * members keeping it in their Dream Tracker, after the commit.
 *
 * @throws AppError not_found for another merchant's product, a removed one or an unknown id;
 *   validation on `productImage` or `payByCard` (as `addProduct`); conflict when orders changed
 *   the quantity since the form loaded it.
 */
export async function updateProduct(
  db: Db,
  { merchantId, productId, input, image, cardPaymentsEnabled, store }: UpdateProductOptions,
): Promise<{ id: number; username: string }> {
  const owned = and(
    eq(products.id, productId),
    eq(products.merchantId, merchantId),
    ne(products.status, "removed"),
  );
  const [current] = await db
    .select({
      username: members.username,
      payoutAcctSet: members.payoutAcctSet,
      currency: members.currency,
    })
    .from(products)
    .innerJoin(members, eq(members.id, products.merchantId))
    .where(owned)
    .limit(1);
  if (!current) throw notFoundError(PRODUCT_MESSAGES.notFound);
  const blocker = input.payByCard ? cardPaymentBlocker(current, cardPaymentsEnabled) : null;
  if (blocker) throw validationError({ payByCard: [blocker] });

  const imageKey = image ? await saveProductImage(image, store) : null;
  let previousImage: string | null = null;
  let cameBack = false;
  try {
    previousImage = await db.transaction(async (tx) => {
      // Locked, so two saves at once cannot both think they replace the same old image, and the
      // quantity compared with the form's is the one this save replaces.
      const [locked] = await tx
        .select({
          image: products.image,
          status: products.status,
          inStock: products.inStock,
          availableQty: products.availableQty,
          unitWeight: products.unitWeight,
        })
        .from(products)
        .where(owned)
        .for("update");
      if (!locked) throw notFoundError(PRODUCT_MESSAGES.notFound);
      const stock = stockColumns(input, locked.availableQty);
      const [after] = await tx
        .update(products)
        .set({
          ...toProductColumns(input),
          ...stock,
          // A merchant who moved country sells in the new currency; an incomplete profile keeps the old one.
          currency: current.currency ?? sql`${products.currency}`,
          ...(imageKey ? { image: imageKey } : {}),
        })
        .where(owned)
        .returning({
          status: products.status,
          inStock: products.inStock,
          availableQty: products.availableQty,
          unitWeight: products.unitWeight,
        });
      cameBack = Boolean(after) && !canBeBought(locked) && canBeBought(after!);
      return locked.image;
    });
  } catch (error) {
    if (imageKey) {
      await deleteImage(imageKey, store).catch((err: unknown) =>
        log.warn({ err, productId }, "could not remove the image of a product update that failed"),
      );
    }
    throw error;
  }
  if (imageKey && previousImage) {
    // A leftover file only costs storage; the product already points at the new one.
    await deleteImage(previousImage, store).catch((err: unknown) =>
      log.warn({ err, productId }, "could not remove the previous product image"),
    );
  }
  if (cameBack) {
    const change: StockChange = {
      productId,
      username: current.username,
      cameBack: true,
      soldOut: false,
    };
    // The pages are expired by the route, before its answer (revalidateProduct).
    await followStockChanges(db, [change]).catch((err: unknown) =>
      log.error({ err, productId }, "could not schedule the back-in-stock mails"),
    );
  }
  return { id: productId, username: current.username };
}

type StockState = {
  status: string;
  inStock: boolean;
  availableQty: string | null;
  unitWeight: string;
};

/** Active, switched in stock, and at least one whole unit left (or unlimited). */
function canBeBought(product: StockState): boolean {
  if (product.status !== "active" || !product.inStock) return false;
  const units = unitsLeft(product.availableQty, product.unitWeight);
  return units === null || units > 0;
}

/**
 * The stock columns this save writes: none without stock fields (the spec's form); the threshold
 * when limited; the quantity only when the farmer changed it, and then only if it is still what
 * the form loaded.
 */
function stockColumns(input: ProductFields, current: string | null) {
  if (input.limitedStock === null) return {};
  const wanted = input.limitedStock ? input.availableQty : null;
  const columns = input.lowStockAt !== null ? { lowStockAt: input.lowStockAt } : {};
  if (input.stockSeen !== undefined) {
    // Unchanged by the farmer: orders may have moved it since the form loaded; keep theirs.
    if (wanted === input.stockSeen) return columns;
    if (current !== input.stockSeen) throw conflict(stockChangedMessage(current));
  }
  return { ...columns, availableQty: wanted };
}
