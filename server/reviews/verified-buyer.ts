import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { orderItems, orders, reviews } from "@/server/db/schema";

/**
 * True when the member received the product: a line of theirs for it reached customer_received
 * (issue 44, decision 0049). Read inside the statement that writes the review, so the mark is the
 * server's, never the client's.
 */
export function hasReceivedSql(memberId: number, productId: number): SQL<boolean> {
  return sql<boolean>`exists (
    select 1 from ${orderItems} join ${orders} on ${orders.id} = ${orderItems.orderId}
    where ${orders.customerId} = ${memberId} and ${orderItems.productId} = ${productId}
      and ${orderItems.status} = 'customer_received')`;
}

/**
 * Order lines just reached customer_received: the review their customer already wrote of that
 * product gets the verified-buyer mark. Call it in the transaction that changes the status, so
 * the mark and the status land together.
 *
 * @returns the products whose reviews changed (their pages' caches need expiring after commit)
 */
export async function markVerifiedBuyers(
  tx: Pick<Db, "execute">,
  lineIds: readonly number[],
): Promise<number[]> {
  if (lineIds.length === 0) return [];
  const ids = `{${lineIds.map((id) => Math.trunc(id)).join(",")}}`;
  const { rows } = await tx.execute<{ product_id: number }>(sql`
    update ${reviews} as r set verified_buyer = true
    from ${orderItems} as oi join ${orders} as o on o.id = oi.order_id
    where oi.id = any(${ids}::int[]) and oi.status = 'customer_received'
      and r.member_id = o.customer_id and r.product_id = oi.product_id and not r.verified_buyer
    returning r.product_id`);
  return [...new Set(rows.map((row) => Number(row.product_id)))];
}
