import "server-only";
import type { ProductAdd } from "@/lib/validation/catalog";
import { MSG } from "@/lib/validation/messages";
import { validationError } from "@/server/errors";
import {
  ImageTooLargeError,
  InvalidImageError,
  saveImage,
  type ImageStore,
} from "@/server/storage";

/** The product form's fields as `productAddSchema` / `productUpdateSchema` give them, without the file. */
export type ProductFields = Omit<ProductAdd, "productImage">;

/** The form field the image errors are reported on. */
export const PRODUCT_IMAGE_FIELD = "productImage";

/** The product columns the form sets. */
export function toProductColumns(input: ProductFields) {
  return {
    name: input.name,
    detail: input.detail,
    unitPriceCents: input.priceCents,
    // Two decimals at most (the schema's rule), so toFixed(2) is exact.
    unitWeight: input.unitWeight.toFixed(2),
    unitWeightSymbol: input.weightSymbol,
    weightRequired: input.weightRequired,
    deliveryService: input.deliveryService ? ("free_delivery" as const) : ("in_store" as const),
    inStock: input.inStock,
    payInPerson: input.payInPerson,
    payByCard: input.payByCard,
  };
}

/** A new product's stock: unlimited unless the form limited it (decision 0042). */
export function newProductStock(input: ProductFields) {
  return {
    availableQty: input.limitedStock === true ? input.availableQty : null,
    ...(input.lowStockAt !== null ? { lowStockAt: input.lowStockAt } : {}),
  };
}

/**
 * Checks the bytes (JPEG or PNG by content, 8 MB, no pixel bombs), re-encodes them to WebP in two
 * sizes and stores them under a new random key. Nothing is stored when the image is refused.
 *
 * @throws AppError validation on `productImage`: 'Invalid image file.' or 'Image size is too big.'
 */
export async function saveProductImage(bytes: Uint8Array, store?: ImageStore): Promise<string> {
  try {
    const { key } = await saveImage(bytes, { kind: "product", store });
    return key;
  } catch (error) {
    if (error instanceof InvalidImageError)
      throw validationError({ [PRODUCT_IMAGE_FIELD]: [MSG.invalidImageFile] });
    if (error instanceof ImageTooLargeError)
      throw validationError({ [PRODUCT_IMAGE_FIELD]: [MSG.imageTooBig] });
    throw error;
  }
}
