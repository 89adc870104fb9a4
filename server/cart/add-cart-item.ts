import "server-only";
import { and, eq, ne, sql } from "drizzle-orm";
import type { CartItem, CartKind } from "@/lib/cart/types";
import type { Db } from "@/server/db/client";
import { products } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import {
  MAX_ITEMS,
  MESSAGES,
  assertPurchasable,
  assertQuantityLeft,
  getProductOrThrow,
  isMemberOwner,
  itemTable,
  toCartItem,
  type CartOwner,
} from "./items";

export type CartChange = { message: string; item: CartItem; count: number };

/**
 * Puts `qty` of a product into the cart or dream tracker; a product already there gets the new
 * quantity (spec: "add (becomes update if already present)"), on the unique (member, product) key.
 * Three statements for a member, one for a visitor.
 *
 * @throws not_found for an unknown or permanently removed product; conflict when the product is
 *   no longer sold, out of stock, the cart would hold more than is left of it (decision 0042), or
 *   the list already holds MAX_ITEMS other products.
 */
export async function addCartItem(
  db: Db,
  { kind, owner, pKey, qty }: { kind: CartKind; owner: CartOwner; pKey: string; qty: number },
): Promise<CartChange> {
  const product = await getProductOrThrow(db, pKey);
  assertPurchasable(product);
  assertQuantityLeft(product, kind, qty);

  if (!isMemberOwner(owner)) {
    const present = owner.visitor.get(kind, pKey) !== undefined;
    if (!present && owner.visitor.size(kind) >= MAX_ITEMS)
      throw new AppError("conflict", MESSAGES.full(kind));
    owner.visitor.set(kind, pKey, qty);
    return {
      message: present ? MESSAGES.updated(kind) : MESSAGES.added(kind),
      item: toCartItem(product, qty),
      count: owner.visitor.size(kind),
    };
  }

  const table = itemTable(kind);
  const [current] = await db
    .select({
      count: sql<number>`count(*)::int`,
      present: sql<boolean>`coalesce(bool_or(${table.productId} = ${product.productId}), false)`,
    })
    .from(table)
    .innerJoin(products, eq(products.id, table.productId))
    .where(and(eq(table.memberId, owner.memberId), ne(products.status, "removed")));
  const count = Number(current?.count ?? 0);
  const present = Boolean(current?.present);
  if (!present && count >= MAX_ITEMS) throw new AppError("conflict", MESSAGES.full(kind));

  await db
    .insert(table)
    .values({ memberId: owner.memberId, productId: product.productId, qty })
    .onConflictDoUpdate({
      target: [table.memberId, table.productId],
      set: { qty, updatedAt: sql`now()` },
    });

  return {
    message: present ? MESSAGES.updated(kind) : MESSAGES.added(kind),
    item: toCartItem(product, qty),
    count: present ? count : count + 1,
  };
}
