import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { CartKind } from "@/lib/cart/types";
import type { Db } from "@/server/db/client";
import { products } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { countCartItems } from "./count-cart-items";
import { MESSAGES, isMemberOwner, itemTable, type CartOwner } from "./items";

/**
 * Takes a product out of the cart or dream tracker. Works for products that are no longer sold
 * too (that is how a user clears them away).
 *
 * @throws not_found when the item is not in this owner's list (another member's items included).
 */
export async function removeCartItem(
  db: Db,
  { kind, owner, pKey }: { kind: CartKind; owner: CartOwner; pKey: string },
): Promise<{ message: string; count: number }> {
  if (!isMemberOwner(owner)) {
    if (owner.visitor.get(kind, pKey) === undefined)
      throw new AppError("not_found", MESSAGES.notInList(kind));
    owner.visitor.delete(kind, pKey);
    return { message: MESSAGES.removed(kind), count: owner.visitor.size(kind) };
  }

  const table = itemTable(kind);
  const productIds = db.select({ id: products.id }).from(products).where(eq(products.pKey, pKey));
  const removed = await db
    .delete(table)
    .where(and(eq(table.memberId, owner.memberId), inArray(table.productId, productIds)))
    .returning({ id: table.id });
  if (removed.length === 0) throw new AppError("not_found", MESSAGES.notInList(kind));

  const counts = await countCartItems(db, owner);
  return { message: MESSAGES.removed(kind), count: counts[kind] };
}
