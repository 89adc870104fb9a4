import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { CartCounts, CartKind } from "@/lib/cart/types";
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
  const count = (kind: CartKind) => memberItemCountSql(kind, sql`${owner.memberId}`);
  const { rows } = await db.execute<{ cart: number; dreamtracker: number }>(
    sql`select ${count("cart")} as cart, ${count("dreamtracker")} as dreamtracker`,
  );
  const row = rows[0];
  return { cart: Number(row?.cart ?? 0), dreamtracker: Number(row?.dreamtracker ?? 0) };
}

/**
 * A member's item count of one kind as a scalar subquery, for a statement that reads other things
 * too (the header's one statement: the session, both counts and the viewer's settings).
 * `memberId` is a value (sql`${id}`) or a qualified column of the outer query (sql`"members"."id"`).
 */
export function memberItemCountSql(kind: CartKind, memberId: SQL): SQL<number> {
  // Aliased and qualified by hand: inside a select from one table Drizzle writes bare column names.
  const table = itemTable(kind);
  return sql<number>`(
    select count(*)::int from ${table} as i join ${products} as p on p.id = i.product_id
    where i.member_id = ${memberId} and p.status <> 'removed')`;
}
