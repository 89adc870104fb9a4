import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { CartItem, CartKind, CartList } from "@/lib/cart/types";
import type { Db } from "@/server/db/client";
import { members, products } from "@/server/db/schema";
import type { VisitorCookies } from "./visitor-cookies";
import {
  findProductsByPKeys,
  isMemberOwner,
  itemTable,
  productColumns,
  toCartItem,
  type CartOwner,
} from "./items";

/**
 * The cart or dream tracker of a member (rows) or a visitor (cookies), oldest first, in one joined
 * query. Items whose product was deleted by its farmer stay, marked not purchasable; items whose
 * product was permanently removed (or, for a visitor, whose key matches no product) are dropped:
 * the rows are deleted (one more statement, only then) or the cookies expired, and `dropped`
 * says how many so the page can tell the user once.
 */
export async function listCartItems(
  db: Db,
  { kind, owner }: { kind: CartKind; owner: CartOwner },
): Promise<CartList> {
  return isMemberOwner(owner)
    ? listMemberItems(db, kind, owner.memberId)
    : listVisitorItems(db, kind, owner.visitor);
}

async function listMemberItems(db: Db, kind: CartKind, memberId: number): Promise<CartList> {
  const table = itemTable(kind);
  const rows = await db
    .select({ rowId: table.id, qty: table.qty, ...productColumns })
    .from(table)
    .innerJoin(products, eq(products.id, table.productId))
    .innerJoin(members, eq(members.id, products.merchantId))
    .where(eq(table.memberId, memberId))
    .orderBy(asc(table.id));

  const gone = rows.filter((row) => row.status === "removed").map((row) => row.rowId);
  if (gone.length > 0)
    await db.delete(table).where(and(eq(table.memberId, memberId), inArray(table.id, gone)));

  const items = rows
    .filter((row) => row.status !== "removed")
    .map((row) => toCartItem(row, row.qty));
  return { items, count: items.length, dropped: gone.length };
}

async function listVisitorItems(
  db: Db,
  kind: CartKind,
  visitor: VisitorCookies,
): Promise<CartList> {
  const entries = visitor.entries(kind);
  if (entries.size === 0) return { items: [], count: 0, dropped: 0 };

  const byKey = new Map(
    (await findProductsByPKeys(db, [...entries.keys()])).map((row) => [row.pKey, row]),
  );
  const items: CartItem[] = [];
  let dropped = 0;
  for (const [pKey, qty] of [...entries]) {
    const row = byKey.get(pKey);
    if (!row || row.status === "removed") {
      visitor.delete(kind, pKey);
      dropped += 1;
    } else {
      items.push(toCartItem(row, qty));
    }
  }
  return { items, count: items.length, dropped };
}
