import "server-only";
import { eq, sql } from "drizzle-orm";
import { CART_KINDS, type CartCounts } from "@/lib/cart/types";
import type { Db } from "@/server/db/client";
import { findProductsByPKeys, itemTable, MAX_ITEMS } from "./items";
import type { VisitorCookies } from "./visitor-cookies";

/**
 * On sign-in: the visitor's cookie cart and dream tracker join the member's saved ones, and the
 * cookies are cleared (written back by the caller). A product in both keeps the larger quantity
 * (adding would double items a visitor re-added on another device, and both sides chose that
 * amount at some point). Products no longer sold (deleted or removed, or unknown keys) are left
 * out; out-of-stock ones come along and show as out of stock, as a member's own would. New
 * products join only while the list has room for them (MAX_ITEMS).
 * At most five statements, whatever the number of items. Answers how many items were merged.
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
      const candidates = [...visitor.entries(kind)].flatMap(([pKey, qty]) => {
        const productId = active.get(pKey);
        return productId === undefined ? [] : [{ memberId, productId, qty }];
      });
      if (candidates.length === 0) continue;
      const table = itemTable(kind);
      // A list holds at most MAX_ITEMS products: products already saved always merge, new ones
      // only while there is room (in the cookie's order); the rest stay out.
      const saved = new Set(
        (
          await db
            .select({ productId: table.productId })
            .from(table)
            .where(eq(table.memberId, memberId))
        ).map((row) => row.productId),
      );
      let room = MAX_ITEMS - saved.size;
      const values = candidates.filter((v) => saved.has(v.productId) || room-- > 0);
      if (values.length === 0) continue;
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
