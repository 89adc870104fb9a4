import "server-only";
import { and, eq, ne, sql } from "drizzle-orm";
import type { CartCounts, CartItem, CartKind } from "@/lib/cart/types";
import { onlyLeftMessage } from "@/lib/catalog/stock";
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
  unitsOf,
  type CartOwner,
  type ProductRow,
} from "./items";

export type MoveResult = { message: string; item: CartItem; counts: CartCounts };

const OTHER: Record<CartKind, CartKind> = { cart: "dreamtracker", dreamtracker: "cart" };

/** Moves a dream tracker item into the cart (see moveItem). */
export function moveToCart(db: Db, input: { owner: CartOwner; pKey: string }) {
  return moveItem(db, { ...input, to: "cart" });
}

/** Moves a cart item into the dream tracker, to buy later (see moveItem). */
export function moveToDreamTracker(db: Db, input: { owner: CartOwner; pKey: string }) {
  return moveItem(db, { ...input, to: "dreamtracker" });
}

/**
 * Moves an item from the other list into `to`. When `to` already holds the product, the larger
 * of the two quantities is kept (the same rule as the sign-in merge), so moving never inflates an
 * order by surprise. Into the cart, a limited product takes at most what is left of it (decision
 * 0042), and the answer says so. For a member the upsert and the delete happen in one transaction.
 *
 * @throws not_found when the item is not in this owner's other list; conflict when the product
 *   cannot be bought now or `to` is full.
 */
export async function moveItem(
  db: Db,
  { owner, pKey, to }: { owner: CartOwner; pKey: string; to: CartKind },
): Promise<MoveResult> {
  const from = OTHER[to];
  const product = await getProductOrThrow(db, pKey);

  if (!isMemberOwner(owner)) {
    const moving = owner.visitor.get(from, pKey);
    if (moving === undefined) throw new AppError("not_found", MESSAGES.notInList(from));
    assertPurchasable(product);
    const there = owner.visitor.get(to, pKey);
    if (there === undefined && owner.visitor.size(to) >= MAX_ITEMS)
      throw new AppError("conflict", MESSAGES.full(to));
    const wanted = Math.max(there ?? 0, moving);
    const qty = capToLeft(product, to, wanted);
    owner.visitor.set(to, pKey, qty);
    owner.visitor.delete(from, pKey);
    return {
      message: movedMessage(product, to, wanted, qty),
      item: toCartItem(product, qty),
      counts: {
        cart: owner.visitor.size("cart"),
        dreamtracker: owner.visitor.size("dreamtracker"),
      },
    };
  }

  const fromTable = itemTable(from);
  const toTable = itemTable(to);
  const mine = and(
    eq(fromTable.memberId, owner.memberId),
    eq(fromTable.productId, product.productId),
  );
  const [moving] = await db.select({ qty: fromTable.qty }).from(fromTable).where(mine);
  if (!moving) throw new AppError("not_found", MESSAGES.notInList(from));
  assertPurchasable(product);

  const [target] = await db
    .select({
      count: sql<number>`count(*)::int`,
      present: sql<boolean>`coalesce(bool_or(${toTable.productId} = ${product.productId}), false)`,
    })
    .from(toTable)
    .innerJoin(products, eq(products.id, toTable.productId))
    .where(and(eq(toTable.memberId, owner.memberId), ne(products.status, "removed")));
  if (!target?.present && Number(target?.count ?? 0) >= MAX_ITEMS)
    throw new AppError("conflict", MESSAGES.full(to));

  const units = to === "cart" ? unitsOf(product) : null;
  const { qty, wanted } = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(toTable)
      .values({
        memberId: owner.memberId,
        productId: product.productId,
        qty: capToLeft(product, to, moving.qty),
      })
      .onConflictDoUpdate({
        target: [toTable.memberId, toTable.productId],
        set: {
          qty:
            units === null
              ? sql`greatest(${toTable.qty}, ${moving.qty}::int)`
              : sql`least(greatest(${toTable.qty}, ${moving.qty}::int), ${units}::int)`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ qty: toTable.qty });
    await tx.delete(fromTable).where(mine);
    return { qty: row?.qty ?? moving.qty, wanted: moving.qty };
  });

  return {
    message: movedMessage(product, to, wanted, qty),
    item: toCartItem(product, qty),
    counts: await countCartItems(db, owner),
  };
}

/** What `to` may hold of the product: into the cart, no more than is left of it. */
function capToLeft(product: ProductRow, to: CartKind, qty: number): number {
  const units = to === "cart" ? unitsOf(product) : null;
  return units === null ? qty : Math.min(qty, units);
}

/** "Moved to your cart.", and what is left when the quantity had to come down. */
function movedMessage(product: ProductRow, to: CartKind, wanted: number, qty: number): string {
  return qty < wanted
    ? `${MESSAGES.moved(to)} ${onlyLeftMessage(product.name, qty)} The quantity is ${qty}.`
    : MESSAGES.moved(to);
}
