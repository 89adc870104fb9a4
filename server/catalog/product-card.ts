import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { isLowStock, unitsLeft } from "@/lib/catalog/stock";
import type { ProductCard } from "@/lib/catalog/types";
import type { DeliveryMethod } from "@/lib/constants";
import { centsToDecimalString, type Currency } from "@/lib/money";
import { members, products } from "@/server/db/schema";
import { imageUrl } from "@/server/storage";

/**
 * The one shape every product card is read in (dashboard rows, search, store pages). Use it with a
 * join to the merchant:
 *
 *   const rows = await db.select(PRODUCT_CARD_COLUMNS).from(products)
 *     .innerJoin(members, eq(members.id, products.merchantId)).where(...);
 *   return rows.map((row) => toProductCard(row));
 */
export const PRODUCT_CARD_COLUMNS = {
  id: products.id,
  title: products.name,
  detail: products.detail,
  unitPriceCents: products.unitPriceCents,
  currency: products.currency,
  unitWeight: products.unitWeight,
  unitWeightSymbol: products.unitWeightSymbol,
  deliveryService: products.deliveryService,
  image: products.image,
  score: products.score,
  reviewCount: products.reviewCount,
  // The farm's switch and, for a limited product, a whole unit left (decision 0042).
  inStock: sql<boolean>`(${products.inStock} and (${products.availableQty} is null or ${products.availableQty} >= ${products.unitWeight}))`,
  availableQty: products.availableQty,
  lowStockAt: products.lowStockAt,
  merchantUsername: members.username,
  merchantCity: members.city,
  merchantProvinceState: members.provinceState,
};

/**
 * The same columns as a raw SQL select list (`"products"."name" as "title", ...`), for hand-written
 * queries over `products` joined to `members` under their own names; rows come back in the
 * `ProductCardRow` shape.
 */
export const PRODUCT_CARD_SELECT: SQL = sql.join(
  Object.entries(PRODUCT_CARD_COLUMNS).map(
    ([alias, column]) => sql`${column} as ${sql.identifier(alias)}`,
  ),
  sql`, `,
);

/** A row read with PRODUCT_CARD_COLUMNS or PRODUCT_CARD_SELECT (numerics may come as text). */
export type ProductCardRow = {
  id: number;
  title: string;
  detail: string;
  unitPriceCents: number;
  currency: Currency;
  unitWeight: string | number;
  unitWeightSymbol: string | null;
  deliveryService: DeliveryMethod;
  image: string | null;
  score: string | number;
  reviewCount: number;
  inStock: boolean;
  availableQty: string | number | null;
  lowStockAt: number;
  merchantUsername: string;
  merchantCity: string | null;
  merchantProvinceState: string | null;
};

/** Every currency the marketplace sells in is a dollar; the card names the currency beside it. */
const CURRENCY_SYMBOLS: Record<Currency, string> = { CAD: "$", USD: "$" };

/** "2.00" → "2", "0.50" → "0.5", "1.25" → "1.25": a weight as people write it. */
export function formatWeight(weight: string | number): string {
  const text = typeof weight === "number" ? weight.toFixed(2) : weight.trim();
  return text.includes(".") ? text.replace(/0+$/, "").replace(/\.$/, "") : text;
}

/** "ea" when the product is not sold by weight, else "<weight> <symbol>" such as "2 lbs". */
export function priceUnit(unitWeight: string | number, unitWeightSymbol: string | null): string {
  return unitWeightSymbol ? `${formatWeight(unitWeight)} ${unitWeightSymbol}` : "ea";
}

/**
 * A row as the browser gets it (lib/catalog/types ProductCard): price as a decimal string, the
 * image as the URL of its card size, and `distanceKm` when the list was measured from a My Local
 * point (one decimal).
 */
export function toProductCard(row: ProductCardRow, distanceKm?: number | null): ProductCard {
  const card: ProductCard = {
    id: row.id,
    title: row.title,
    detail: row.detail,
    price: centsToDecimalString(row.unitPriceCents),
    priceUnit: priceUnit(row.unitWeight, row.unitWeightSymbol),
    currencySymbol: CURRENCY_SYMBOLS[row.currency],
    currency: row.currency,
    deliveryMethod: row.deliveryService,
    merchantUsername: row.merchantUsername,
    merchantCity: row.merchantCity,
    merchantProvinceState: row.merchantProvinceState,
    image: row.image ? imageUrl(row.image, "sm") : null,
    score: Number(row.score),
    reviewCount: Number(row.reviewCount),
    inStock: row.inStock,
  };
  const onlyLeft = lowStockUnits(row);
  if (onlyLeft !== null) card.onlyLeft = onlyLeft;
  if (distanceKm !== undefined) card.distanceKm = roundKm(distanceKm);
  return card;
}

/** Units left when at or under the farm's threshold ("Only N left"), else null. */
export function lowStockUnits(row: {
  availableQty: string | number | null;
  unitWeight: string | number;
  lowStockAt: number;
}): number | null {
  const units = unitsLeft(row.availableQty, row.unitWeight);
  return isLowStock(units, row.lowStockAt) ? units : null;
}

/** Kilometres to one decimal; null stays null (a farm without coordinates). */
export function roundKm(km: number | string | null): number | null {
  if (km === null) return null;
  return Math.round(Number(km) * 10) / 10;
}
