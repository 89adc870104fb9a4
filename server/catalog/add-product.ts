import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { members, products, resellerTransactions } from "@/server/db/schema";
import { validationError } from "@/server/errors";
import { log } from "@/server/log";
import { deleteImage, type ImageStore } from "@/server/storage";
import { assertCanAddProduct } from "./assert-can-add-product";
import {
  newProductStock,
  toProductColumns,
  saveProductImage,
  type ProductFields,
} from "./product-columns";
import { cardPaymentBlocker } from "./product-form-merchant";

export type AddProductOptions = {
  merchantId: number;
  /** Parsed with `productAddSchema` (the image travels as `image`). */
  input: ProductFields;
  /** The uploaded image's bytes; checked by content here. */
  image: Uint8Array;
  cardPaymentsEnabled: boolean;
  now?: Date;
  store?: ImageStore;
};

/**
 * Lists a new active product for a merchant, priced in the merchant's currency, with its image
 * re-encoded and stored. A merchant recruited by a reseller also gets a pending reseller
 * transaction at the reseller's current rate, in the same transaction as the product.
 *
 * The add gate (`getAddProductGate`) runs twice: once before the image is processed, so a refused
 * merchant costs no image work, and again inside the transaction with the member row locked, so
 * concurrent adds cannot pass the plan limit together. If anything fails after the image was
 * stored, the image is removed: a refused add leaves no row and no file.
 *
 * @throws AppError forbidden (the gate's message); validation on `productImage` ('Invalid image
 *   file.', 'Image size is too big.') or `payByCard` (card payments not configured, or no payout
 *   account yet).
 */
export async function addProduct(
  db: Db,
  { merchantId, input, image, cardPaymentsEnabled, now = new Date(), store }: AddProductOptions,
): Promise<{ id: number; username: string }> {
  const gate = await assertCanAddProduct(db, { memberId: merchantId, cardPaymentsEnabled, now });
  const blocker = input.payByCard ? cardPaymentBlocker(gate.merchant, cardPaymentsEnabled) : null;
  if (blocker) throw validationError({ payByCard: [blocker] });

  const imageKey = await saveProductImage(image, store);
  try {
    return await db.transaction(async (tx) => {
      await tx
        .select({ id: members.id })
        .from(members)
        .where(eq(members.id, merchantId))
        .for("update");
      const { merchant, reseller } = await assertCanAddProduct(tx, {
        memberId: merchantId,
        cardPaymentsEnabled,
        now,
      });
      const [product] = await tx
        .insert(products)
        .values({
          merchantId,
          currency: merchant.currency,
          image: imageKey,
          ...toProductColumns(input),
          ...newProductStock(input),
        })
        .returning({ id: products.id, name: products.name });
      if (reseller) {
        await tx.insert(resellerTransactions).values({
          resellerId: reseller.id,
          merchantId,
          productId: product!.id,
          productName: product!.name,
          rate: reseller.rate,
        });
      }
      return { id: product!.id, username: merchant.username };
    });
  } catch (error) {
    await deleteImage(imageKey, store).catch((err: unknown) =>
      log.warn({ err, merchantId }, "could not remove the image of a product that was not added"),
    );
    throw error;
  }
}
