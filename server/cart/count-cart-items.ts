import "server-only";
import { sql } from "drizzle-orm";
import type { CartCounts } from "@/lib/cart/types";
import type { Db } from "@/server/db/client";
import { products } from "@/server/db/schema";
import { isMemberOwner, itemTable, type CartOwner } from "./items";

/**
 * How many items the cart and the dream tracker hold, for the header badges: one statement for a
 * member (both counts at once, on the member's index), none for a visitor (the cookies are
 * counted; a stale key is cleaned up when the list is next read).
 */
export async function countCartItems(db: Db, owner: CartOwner): Promise<CartCounts> {
  if (!isMemberOwner(owner)) {
    return { cart: owner.visitor.size("cart"), dreamtracker: owner.visitor.size("dreamtracker") };
  }
  const count = (table: ReturnType<typeof itemTable>) => sql`(
    select count(*)::int from ${table} join ${products} on ${products.id} = ${table.productId}
    where ${table.memberId} = ${owner.memberId} and ${products.status} <> 'removed')`;
  const { rows } = await db.execute<{ cart: number; dreamtracker: number }>(
    sql`select ${count(itemTable("cart"))} as cart, ${count(itemTable("dreamtracker"))} as dreamtracker`,
  );
  const row = rows[0];
  return { cart: Number(row?.cart ?? 0), dreamtracker: Number(row?.dreamtracker ?? 0) };
}
