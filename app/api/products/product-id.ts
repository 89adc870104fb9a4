import "server-only";
import { id } from "@/lib/validation/core";
import { PRODUCT_MESSAGES } from "@/server/catalog/product-messages";
import { notFoundError } from "@/server/errors";

/** `{productId}` of a product URL: anything but a positive whole number is a product that does not exist. */
export function parseProductId(raw: string | string[] | undefined): number {
  const parsed = id().safeParse(raw);
  if (!parsed.success) throw notFoundError(PRODUCT_MESSAGES.notFound);
  return parsed.data;
}
