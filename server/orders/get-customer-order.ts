import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { OrderDetail } from "@/lib/orders/types";
import type { Db } from "@/server/db/client";
import { members, orderItems, orders, products } from "@/server/db/schema";
import { orderDetailColumns, toOrderDetails } from "./order-detail-rows";

/** Order numbers are capitals and digits; anything else is not looked up. */
export const ORDER_NO_PATTERN = /^[A-Z0-9]{1,32}$/;

/**
 * One of the member's own orders, whole (the order modal of My Purchases): every line with its
 * status and whether it qualifies for cancel, whether the order may be cancelled, and a handover
 * QR code per farmer with lines still to hand over. One statement. Null when there is no such order
 * or it is another member's (the caller answers 404 for both).
 */
export async function getCustomerOrder(
  db: Db,
  { customerId, orderNo }: { customerId: number; orderNo: string },
): Promise<OrderDetail | null> {
  if (!ORDER_NO_PATTERN.test(orderNo)) return null;
  const rows = await db
    .select(orderDetailColumns())
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .innerJoin(members, eq(members.id, orderItems.merchantId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(and(eq(orders.orderNo, orderNo), eq(orders.customerId, customerId)))
    .orderBy(asc(orderItems.id));
  return (await toOrderDetails(db, rows))[0] ?? null;
}
