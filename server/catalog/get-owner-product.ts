import "server-only";
import { and, eq, ne } from "drizzle-orm";
import type { Currency, DeliveryMethod } from "@/lib/constants";
import { centsToDecimalString } from "@/lib/money";
import type { Db } from "@/server/db/client";
import { members, products } from "@/server/db/schema";
import { notFoundError } from "@/server/errors";
import { imageUrl, type ImageStore } from "@/server/storage";
import {
  PRODUCT_FORM_MERCHANT_COLUMNS,
  toProductFormMerchant,
  type ProductFormMerchant,
} from "./product-form-merchant";
import { PRODUCT_MESSAGES } from "./product-messages";

/**
 * The product as the edit form loads it (spec part 2 section 3 "Loaded product"), plus what the
 * form also needs: `weight_required`, `currency` and `status`.
 */
export type OwnerProduct = {
  id: number;
  name: string;
  detail: string;
  /** Decimal text, "4.50". */
  unit_price: string;
  /** 1 when not sold by weight. */
  unit_weight: number;
  unit_weight_symbol: string | null;
  weight_required: boolean;
  delivery_service: DeliveryMethod;
  in_stock: boolean;
  /**
   * What is left to sell in the product's unit ("12.00"), or null when unlimited (decision 0042);
   * the edit form sends it back as `stockSeen`.
   */
  available_qty: string | null;
  /** "Only N left" shows from this many units down. */
  low_stock_at: number;
  pay_by_card: boolean;
  pay_in_person: boolean;
  /** The large (1200 px) image, for the form's preview; null without an image. */
  img_url: string | null;
  currency: Currency;
  status: "active" | "deleted";
};

/**
 * One of the merchant's own products, active or deleted, for the edit form and
 * `GET /api/products/{productId}/byUser`, with the merchant facts the form needs. One query.
 *
 * @throws AppError not_found for another merchant's product (never revealed), a removed one, or an
 *   unknown id.
 */
export async function getOwnerProduct(
  db: Db,
  { merchantId, productId, store }: { merchantId: number; productId: number; store?: ImageStore },
): Promise<{ product: OwnerProduct; merchant: ProductFormMerchant }> {
  const [row] = await db
    .select({ product: products, merchant: PRODUCT_FORM_MERCHANT_COLUMNS })
    .from(products)
    .innerJoin(members, eq(members.id, products.merchantId))
    .where(
      and(
        eq(products.id, productId),
        eq(products.merchantId, merchantId),
        ne(products.status, "removed"),
      ),
    )
    .limit(1);
  if (!row) throw notFoundError(PRODUCT_MESSAGES.notFound);
  const p = row.product;
  return {
    product: {
      id: p.id,
      name: p.name,
      detail: p.detail,
      unit_price: centsToDecimalString(p.unitPriceCents),
      unit_weight: Number(p.unitWeight),
      unit_weight_symbol: p.unitWeightSymbol,
      weight_required: p.weightRequired,
      delivery_service: p.deliveryService,
      in_stock: p.inStock,
      available_qty: p.availableQty,
      low_stock_at: p.lowStockAt,
      pay_by_card: p.payByCard,
      pay_in_person: p.payInPerson,
      img_url: p.image ? imageUrl(p.image, "lg", store) : null,
      currency: p.currency,
      status: p.status === "deleted" ? "deleted" : "active",
    },
    merchant: toProductFormMerchant(row.merchant),
  };
}
