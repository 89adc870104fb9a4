import "server-only";
import { sql } from "drizzle-orm";
import { CART_KINDS, type CartCounts } from "@/lib/cart/types";
import type { Db } from "@/server/db/client";
import { findProductsByPKeys, itemTable } from "./items";
import type { VisitorCookies } from "./visitor-cookies";

/**
 * On sign-in: the visitor's cookie cart and dream tracker join the member's saved ones, and the
 * cookies are cleared (written back by the caller). A product in both keeps the larger quantity
 * (adding would double items a visitor re-added on another device, and both sides chose that
 * amount at some point). Products no longer sold (deleted or removed, or unknown keys) are left
 * out; out-of-stock ones come along and show as out of stock, as a member's own would.
 * At most three statements, whatever the number of items. Answers how many items were merged.
 */
export async function mergeVisitorItems(
  db: Db,
  { memberId, visitor }: { memberId: number; visitor: VisitorCookies },
): Promise<CartCounts> {
  const merged: CartCounts = { cart: 0, dreamtracker: 0 };
  const keys = new Set(CART_KINDS.flatMap((kind) => [...visitor.entries(kind).keys()]));
  if (keys.size > 0) {
    const active = new Map(
      (await findProductsByPKeys(db, [...keys]))
        .filter((p) => p.status === "active")
        .map((p) => [p.pKey, p.productId]),
    );
    for (const kind of CART_KINDS) {
      const values = [...visitor.entries(kind)].flatMap(([pKey, qty]) => {
        const productId = active.get(pKey);
        return productId === undefined ? [] : [{ memberId, productId, qty }];
      });
      if (values.length === 0) continue;
      const table = itemTable(kind);
      await db
        .insert(table)
        .values(values)
        .onConflictDoUpdate({
          target: [table.memberId, table.productId],
          set: { qty: sql`greatest(${table.qty}, excluded.qty)`, updatedAt: sql`now()` },
        });
      merged[kind] = values.length;
    }
  }
  visitor.clear();
  return merged;
}
