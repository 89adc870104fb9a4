import "server-only";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { members, products } from "@/server/db/schema";
import { notFoundError, validationError } from "@/server/errors";
import { log } from "@/server/log";
import { deleteImage, type ImageStore } from "@/server/storage";
import { saveProductImage, toProductColumns, type ProductFields } from "./product-columns";
import { cardPaymentBlocker } from "./product-form-merchant";
import { PRODUCT_MESSAGES } from "./product-messages";

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
 * @throws AppError not_found for another merchant's product, a removed one or an unknown id;
 *   validation on `productImage` or `payByCard` (as `addProduct`).
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
  try {
    previousImage = await db.transaction(async (tx) => {
      // Locked, so two saves at once cannot both think they replace the same old image.
      const [locked] = await tx
        .select({ image: products.image })
        .from(products)
        .where(owned)
        .for("update");
      if (!locked) throw notFoundError(PRODUCT_MESSAGES.notFound);
      await tx
        .update(products)
        .set({
          ...toProductColumns(input),
          // A merchant who moved country sells in the new currency; an incomplete profile keeps the old one.
          currency: current.currency ?? sql`${products.currency}`,
          ...(imageKey ? { image: imageKey } : {}),
        })
        .where(owned);
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
  return { id: productId, username: current.username };
}
