import "server-only";
import { eq, inArray } from "drizzle-orm";
import type { CartItem, CartKind, UnavailableReason } from "@/lib/cart/types";
import { isLowStock, onlyLeftMessage, unitsLeft } from "@/lib/catalog/stock";
import { centsToDecimalString } from "@/lib/money";
import type { Db } from "@/server/db/client";
import { cartItems, dreamTrackerItems, members, products } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { imageUrl } from "@/server/storage";
import type { VisitorCookies } from "./visitor-cookies";

/**
 * What the cart services share: whose items (a member's rows or a visitor's cookies), the table
 * of each kind, the product columns an item shows, and the rules for adding a product.
 */

/** A member's items live in the database, a visitor's in cookies. */
export type CartOwner = { memberId: number } | { visitor: VisitorCookies };

export function isMemberOwner(owner: CartOwner): owner is { memberId: number } {
  return "memberId" in owner;
}

const ITEM_TABLES = { cart: cartItems, dreamtracker: dreamTrackerItems } as const;

/**
 * The table of a kind. The two tables have the same columns, so one static type serves both and
 * every query is written once (the `kind` parameter picks the table at run time).
 */
export function itemTable(kind: CartKind): typeof cartItems {
  return ITEM_TABLES[kind] as typeof cartItems;
}

/** Keeps a cart's single list query small and a visitor's cookies under the browser's limits. */
export const MAX_ITEMS = 50;

/** The user-facing name of each list, for messages. */
export const KIND_LABEL: Record<CartKind, string> = { cart: "cart", dreamtracker: "dream tracker" };

export const MESSAGES = {
  productNotFound: "The product could not be found.",
  outOfStock: "This product is out of stock.",
  inactive: "This product is no longer available.",
  notInList: (kind: CartKind) => `This item is not in your ${KIND_LABEL[kind]}.`,
  full: (kind: CartKind) => `Your ${KIND_LABEL[kind]} can hold up to ${MAX_ITEMS} items.`,
  added: (kind: CartKind) => `Added to your ${KIND_LABEL[kind]}.`,
  updated: (kind: CartKind) => `Updated the quantity in your ${KIND_LABEL[kind]}.`,
  removed: (kind: CartKind) => `Removed from your ${KIND_LABEL[kind]}.`,
  moved: (kind: CartKind) => `Moved to your ${KIND_LABEL[kind]}.`,
} as const;

/** The product and merchant columns an item shows; one join, never a query per item. */
export const productColumns = {
  productId: products.id,
  pKey: products.pKey,
  name: products.name,
  image: products.image,
  unitPriceCents: products.unitPriceCents,
  currency: products.currency,
  unitWeight: products.unitWeight,
  unitWeightSymbol: products.unitWeightSymbol,
  weightRequired: products.weightRequired,
  deliveryService: products.deliveryService,
  inStock: products.inStock,
  availableQty: products.availableQty,
  lowStockAt: products.lowStockAt,
  payInPerson: products.payInPerson,
  payByCard: products.payByCard,
  status: products.status,
  merchantUsername: members.username,
};

export type ProductRow = {
  productId: number;
  pKey: string;
  name: string;
  image: string | null;
  unitPriceCents: number;
  currency: "CAD" | "USD";
  unitWeight: string;
  unitWeightSymbol: string | null;
  weightRequired: boolean;
  deliveryService: "free_delivery" | "in_store";
  inStock: boolean;
  /** null = unlimited; else what is left in the product's unit (decision 0042). */
  availableQty: string | null;
  lowStockAt: number;
  payInPerson: boolean;
  payByCard: boolean;
  status: "active" | "deleted" | "removed";
  merchantUsername: string;
};

/** Products by public key, with their merchant: one statement for any number of keys. */
export async function findProductsByPKeys(db: Db, pKeys: readonly string[]): Promise<ProductRow[]> {
  if (pKeys.length === 0) return [];
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(members, eq(members.id, products.merchantId))
    .where(inArray(products.pKey, [...pKeys]));
}

/** The product behind `pKey`; a permanently removed one counts as gone (404). */
export async function getProductOrThrow(db: Db, pKey: string): Promise<ProductRow> {
  const [row] = await findProductsByPKeys(db, [pKey]);
  if (!row || row.status === "removed") throw new AppError("not_found", MESSAGES.productNotFound);
  return row;
}

/** Whole units of the product that can be bought now; null when unlimited. */
export function unitsOf(row: Pick<ProductRow, "availableQty" | "unitWeight">): number | null {
  return unitsLeft(row.availableQty, row.unitWeight);
}

export function unavailableReason(
  row: Pick<ProductRow, "status" | "inStock" | "availableQty" | "unitWeight">,
): UnavailableReason | null {
  if (row.status !== "active") return "inactive";
  // Sold out as the spec's SOLD OUT: switched off, or a limited product with no whole unit left.
  if (!row.inStock || unitsOf(row) === 0) return "out_of_stock";
  return null;
}

/** Only active, in-stock products go into a list or change quantity (spec part 1 section 5, Quantity). */
export function assertPurchasable(row: ProductRow): void {
  const reason = unavailableReason(row);
  if (reason === "inactive") throw new AppError("conflict", MESSAGES.inactive);
  if (reason === "out_of_stock") throw new AppError("conflict", MESSAGES.outOfStock);
}

/**
 * The cart never holds more than is left of a limited product (decision 0042): a quantity above
 * it is refused, naming the product and what is left. The Dream Tracker is a wish list: any
 * quantity goes there, and moving it to the cart takes what is left.
 */
export function assertQuantityLeft(row: ProductRow, kind: CartKind, qty: number): void {
  const units = unitsOf(row);
  if (kind === "cart" && units !== null && qty > units)
    throw new AppError("conflict", onlyLeftMessage(row.name, units));
}

/** "ea" when not sold by weight, else the weight without trailing zeros and its unit ("2.5 kg"). */
export function formatUnitWeight(
  row: Pick<ProductRow, "weightRequired" | "unitWeight" | "unitWeightSymbol">,
): string {
  if (!row.weightRequired || !row.unitWeightSymbol) return "ea";
  const weight = row.unitWeight.includes(".")
    ? row.unitWeight.replace(/\.?0+$/, "")
    : row.unitWeight;
  return `${weight} ${row.unitWeightSymbol}`;
}

export function toCartItem(row: ProductRow, qty: number): CartItem {
  const reason = unavailableReason(row);
  const units = unitsOf(row);
  return {
    id: row.productId,
    p_key: row.pKey,
    name: row.name,
    product_image: row.image ? imageUrl(row.image, "sm") : null,
    unit_price: centsToDecimalString(row.unitPriceCents),
    unit_price_cents: row.unitPriceCents,
    unit_weight: formatUnitWeight(row),
    // Both currencies are dollars; the `currency` field tells them apart (lib/money.ts).
    currency_symbol: "$",
    currency: row.currency,
    qty,
    pay_in_person: row.payInPerson,
    pay_by_card: row.payByCard,
    delivery_service: row.deliveryService === "free_delivery" ? 1 : 0,
    in_stock: row.inStock && reason !== "out_of_stock",
    units_left: units,
    only_left: isLowStock(units, row.lowStockAt) ? units : null,
    merchant_username: row.merchantUsername,
    purchasable: reason === null,
    unavailable_reason: reason,
  };
}
