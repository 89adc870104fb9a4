import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { orderItems, orders } from "@/server/db/schema";
import { CLOSED_STATUSES } from "./order-rules";

/**
 * What a farmer's handover link finds before it confirms anything: `open` while any of the farmer's
 * lines in the order can still be confirmed (or was confirmed already: confirming again answers the
 * same lines), `closed` when every one is cancelled, refunded, on its way to a refund or inactive,
 * and `missing` when the order has no line of this farmer.
 */
export type HandoverState =
  | { state: "open" }
  | { state: "closed"; orderNo: string; refunded: boolean }
  | { state: "missing" };

const MAX_ID = 2_147_483_647;

/** One statement over the farmer's lines of the order; read-only. */
export async function getHandoverState(
  db: Db,
  { orderId, merchantId }: { orderId: number; merchantId: number },
): Promise<HandoverState> {
  if (!Number.isSafeInteger(orderId) || orderId < 1 || orderId > MAX_ID)
    return { state: "missing" };
  const closed = sql.join(
    CLOSED_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const [row] = await db
    .select({
      orderNo: orders.orderNo,
      lines: sql<number>`count(*)::int`,
      open: sql<number>`count(*) filter (where ${orderItems.active} and ${orderItems.refundRequestedAt} is null and ${orderItems.status}::text not in (${closed}))::int`,
      refunded: sql<boolean>`bool_or(${orderItems.status} = 'refunded' or ${orderItems.refundRequestedAt} is not null)`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.merchantId, merchantId)))
    .groupBy(orders.orderNo);
  if (!row || row.lines === 0) return { state: "missing" };
  if (row.open > 0) return { state: "open" };
  return { state: "closed", orderNo: row.orderNo, refunded: Boolean(row.refunded) };
}
