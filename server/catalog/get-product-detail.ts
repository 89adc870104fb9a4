import "server-only";
import { eq } from "drizzle-orm";
import { cacheLife, cacheTag } from "next/cache";
import type { DeliveryMethod } from "@/lib/constants";
import { centsToDecimalString, type Currency } from "@/lib/money";
import { getDb, type Db } from "@/server/db/client";
import { members, products } from "@/server/db/schema";
import { isRowId } from "@/lib/row-id";
import { imageUrl } from "@/server/storage";
import { CACHE_TAGS } from "./cache-tags";
import { unitsLeft } from "@/lib/catalog/stock";
import { formatWeight, lowStockUnits, priceUnit } from "./product-card";

/**
 * The product page's data (spec part 1 section 3 "Product detail", snake_case as the spec writes
 * it) plus what the page shows of the farm. Public data only: nothing about the viewer.
 */
export type ProductDetail = {
  id: number;
  p_key: string;
  name: string;
  detail: string;
  /** URL of the 1200 px rendition, or null when the product has no image. */
  product_image: string | null;
  /** URL of the 400 px rendition (small screens), or null. */
  product_image_sm: string | null;
  /** Decimal string, "4.50". */
  unit_price: string;
  unit_price_cents: number;
  currency: Currency;
  currency_symbol: string;
  /** "1", "2.5": the weight the price is for. */
  unit_weight: string;
  unit_weight_symbol: string | null;
  /** "ea" when not sold by weight, else "2 lbs". */
  price_unit: string;
  /** The farm's In stock switch and, for a limited product, a whole unit left (decision 0042). */
  in_stock: boolean;
  /** Whole units a customer can buy now (the quantity picker's cap), or null when unlimited. */
  units_left: number | null;
  /** `units_left` once the farm's threshold is reached ("Only N left"), else null. */
  only_left: number | null;
  pay_by_card: boolean;
  pay_in_person: boolean;
  delivery_service: DeliveryMethod;
  merchant_username: string;
  merchant_city: string | null;
  merchant_province_state: string | null;
  /** Average review score, 0 when there are no reviews. */
  score: number;
  review_count: number;
  /** Reviews that gave 1, 2, 3, 4 and 5 stars (index 0 is 1 star): the page's distribution. */
  rating_counts: number[];
  /** ISO time of the last change (sitemap lastModified, Open Graph). */
  updated_at: string;
};

/** Every currency the marketplace sells in is a dollar; the page names the currency beside it. */
const CURRENCY_SYMBOLS: Record<Currency, string> = { CAD: "$", USD: "$" };

/**
 * An active product with its farm, in one query (products joined to members by primary key).
 * Deleted and permanently removed products answer null: the page shows 404 for both.
 */
export async function getProductDetail(db: Db, productId: number): Promise<ProductDetail | null> {
  if (!isRowId(productId)) return null;
  const [row] = await db
    .select({
      // Named columns: the row also holds the search vector, which the page never needs.
      product: {
        id: products.id,
        pKey: products.pKey,
        name: products.name,
        detail: products.detail,
        image: products.image,
        unitPriceCents: products.unitPriceCents,
        currency: products.currency,
        unitWeight: products.unitWeight,
        unitWeightSymbol: products.unitWeightSymbol,
        inStock: products.inStock,
        availableQty: products.availableQty,
        lowStockAt: products.lowStockAt,
        payByCard: products.payByCard,
        payInPerson: products.payInPerson,
        deliveryService: products.deliveryService,
        status: products.status,
        score: products.score,
        reviewCount: products.reviewCount,
        ratingCounts: products.ratingCounts,
        updatedAt: products.updatedAt,
      },
      merchantUsername: members.username,
      merchantCity: members.city,
      merchantProvinceState: members.provinceState,
    })
    .from(products)
    .innerJoin(members, eq(members.id, products.merchantId))
    .where(eq(products.id, productId))
    .limit(1);
  if (!row || row.product.status !== "active") return null;
  const p = row.product;
  const units = unitsLeft(p.availableQty, p.unitWeight);
  return {
    id: p.id,
    p_key: p.pKey,
    name: p.name,
    detail: p.detail,
    product_image: p.image ? imageUrl(p.image, "lg") : null,
    product_image_sm: p.image ? imageUrl(p.image, "sm") : null,
    unit_price: centsToDecimalString(p.unitPriceCents),
    unit_price_cents: p.unitPriceCents,
    currency: p.currency,
    currency_symbol: CURRENCY_SYMBOLS[p.currency],
    unit_weight: formatWeight(p.unitWeight),
    unit_weight_symbol: p.unitWeightSymbol,
    price_unit: priceUnit(p.unitWeight, p.unitWeightSymbol),
    in_stock: p.inStock && (units === null || units > 0),
    units_left: units,
    only_left: lowStockUnits(p),
    pay_by_card: p.payByCard,
    pay_in_person: p.payInPerson,
    delivery_service: p.deliveryService,
    merchant_username: row.merchantUsername,
    merchant_city: row.merchantCity,
    merchant_province_state: row.merchantProvinceState,
    score: Number(p.score),
    review_count: p.reviewCount,
    rating_counts: p.ratingCounts.map(Number),
    updated_at: p.updatedAt.toISOString(),
  };
}

/**
 * `getProductDetail` through the data cache, for pages. Tagged with the product (edits, deletes,
 * reviews and orders of a limited product expire it) and its store (a farm's new city or name
 * shows on its products). A limited product is kept for minutes, not hours: a card hold the
 * reconciler lets go of changes its stock outside any request, where no tag can be expired
 * (decision 0042).
 */
export async function getCachedProductDetail(productId: number): Promise<ProductDetail | null> {
  "use cache";
  cacheTag(CACHE_TAGS.product(productId));
  const product = await getProductDetail(await getDb(), productId);
  // One literal per call: Next's typed profiles take no union.
  if (product?.units_left != null) cacheLife("minutes");
  else cacheLife("hours");
  if (product) cacheTag(CACHE_TAGS.store(product.merchant_username));
  return product;
}
