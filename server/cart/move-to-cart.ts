import "server-only";
import { and, eq, ne, sql } from "drizzle-orm";
import type { CartCounts, CartItem } from "@/lib/cart/types";
import type { Db } from "@/server/db/client";
import { products } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { countCartItems } from "./count-cart-items";
import {
  MAX_ITEMS,
  MESSAGES,
  assertPurchasable,
  getProductOrThrow,
  isMemberOwner,
  itemTable,
  toCartItem,
  type CartOwner,
} from "./items";

export type MoveResult = { message: string; item: CartItem; counts: CartCounts };

/**
 * Moves a dream tracker item into the cart. When the cart already holds the product, the larger
 * of the two quantities is kept (the same rule as the sign-in merge), so moving never inflates an
 * order by surprise. For a member the upsert and the delete happen in one transaction.
 *
 * @throws not_found when the item is not in this owner's dream tracker; conflict when the product
 *   cannot be bought now or the cart is full.
 */
export async function moveToCart(
  db: Db,
  { owner, pKey }: { owner: CartOwner; pKey: string },
): Promise<MoveResult> {
  const product = await getProductOrThrow(db, pKey);

  if (!isMemberOwner(owner)) {
    const wished = owner.visitor.get("dreamtracker", pKey);
    if (wished === undefined) throw new AppError("not_found", MESSAGES.notInList("dreamtracker"));
    assertPurchasable(product);
    const inCart = owner.visitor.get("cart", pKey);
    if (inCart === undefined && owner.visitor.size("cart") >= MAX_ITEMS)
      throw new AppError("conflict", MESSAGES.full("cart"));
    const qty = Math.max(inCart ?? 0, wished);
    owner.visitor.set("cart", pKey, qty);
    owner.visitor.delete("dreamtracker", pKey);
    return {
      message: MESSAGES.moved,
      item: toCartItem(product, qty),
      counts: {
        cart: owner.visitor.size("cart"),
        dreamtracker: owner.visitor.size("dreamtracker"),
      },
    };
  }

  const wishTable = itemTable("dreamtracker");
  const cartTable = itemTable("cart");
  const mine = and(
    eq(wishTable.memberId, owner.memberId),
    eq(wishTable.productId, product.productId),
  );
  const [wished] = await db.select({ qty: wishTable.qty }).from(wishTable).where(mine);
  if (!wished) throw new AppError("not_found", MESSAGES.notInList("dreamtracker"));
  assertPurchasable(product);

  const [cart] = await db
    .select({
      count: sql<number>`count(*)::int`,
      present: sql<boolean>`coalesce(bool_or(${cartTable.productId} = ${product.productId}), false)`,
    })
    .from(cartTable)
    .innerJoin(products, eq(products.id, cartTable.productId))
    .where(and(eq(cartTable.memberId, owner.memberId), ne(products.status, "removed")));
  if (!cart?.present && Number(cart?.count ?? 0) >= MAX_ITEMS)
    throw new AppError("conflict", MESSAGES.full("cart"));

  const qty = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(cartTable)
      .values({ memberId: owner.memberId, productId: product.productId, qty: wished.qty })
      .onConflictDoUpdate({
        target: [cartTable.memberId, cartTable.productId],
        set: { qty: sql`greatest(${cartTable.qty}, excluded.qty)`, updatedAt: sql`now()` },
      })
      .returning({ qty: cartTable.qty });
    await tx.delete(wishTable).where(mine);
    return row?.qty ?? wished.qty;
  });

  return {
    message: MESSAGES.moved,
    item: toCartItem(product, qty),
    counts: await countCartItems(db, owner),
  };
}
