import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { CartKind } from "@/lib/cart/types";
import type { Db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { CartChange } from "./add-cart-item";
import { countCartItems } from "./count-cart-items";
import {
  MESSAGES,
  assertPurchasable,
  assertQuantityLeft,
  getProductOrThrow,
  isMemberOwner,
  itemTable,
  toCartItem,
  type CartOwner,
} from "./items";

/**
 * Sets the quantity of an item already in the cart or dream tracker (the plus/minus buttons). The
 * quantity was validated by the caller (QUANTITY_MIN..QUANTITY_MAX, never below 1).
 *
 * @throws not_found when the product is unknown or not in this owner's list (another member's
 *   items are simply not found); conflict when the product is no longer sold or out of stock, or
 *   the cart would hold more than is left of it (decision 0042).
 */
export async function updateCartItemQty(
  db: Db,
  { kind, owner, pKey, qty }: { kind: CartKind; owner: CartOwner; pKey: string; qty: number },
): Promise<CartChange> {
  const product = await getProductOrThrow(db, pKey);

  if (!isMemberOwner(owner)) {
    if (owner.visitor.get(kind, pKey) === undefined)
      throw new AppError("not_found", MESSAGES.notInList(kind));
    assertPurchasable(product);
    assertQuantityLeft(product, kind, qty);
    owner.visitor.set(kind, pKey, qty);
    return {
      message: MESSAGES.updated(kind),
      item: toCartItem(product, qty),
      count: owner.visitor.size(kind),
    };
  }

  assertPurchasable(product);
  assertQuantityLeft(product, kind, qty);
  const table = itemTable(kind);
  const updated = await db
    .update(table)
    .set({ qty, updatedAt: sql`now()` })
    .where(and(eq(table.memberId, owner.memberId), eq(table.productId, product.productId)))
    .returning({ id: table.id });
  if (updated.length === 0) throw new AppError("not_found", MESSAGES.notInList(kind));

  const counts = await countCartItems(db, owner);
  return { message: MESSAGES.updated(kind), item: toCartItem(product, qty), count: counts[kind] };
}
