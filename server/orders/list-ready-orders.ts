import "server-only";
import { and, asc, count, desc, eq, exists, inArray, sql } from "drizzle-orm";
import { PAGE_SIZES } from "@/lib/constants";
import type { OrderDetail } from "@/lib/orders/types";
import type { Db } from "@/server/db/client";
import { members, orderItems, orders, products } from "@/server/db/schema";
import { orderDetailColumns, toOrderDetails } from "./order-detail-rows";
import { READY_STATUSES } from "./order-rules";

export type ReadyOrders = { orders: OrderDetail[]; count: number; page: number; perPage: number };

/**
 * The member's orders with a line ready for pickup or on its way (orderReady, /orders/ready),
 * newest first, 10 a page, each whole with its handover QR codes. Two statements: the count, then
 * the page's orders joined to all their lines.
 */
export async function listReadyOrders(
  db: Db,
  { customerId, page = 1 }: { customerId: number; page?: number },
): Promise<ReadyOrders> {
  const perPage = PAGE_SIZES.orders;
  const hasReadyLine = exists(
    db
      .select({ one: sql`1` })
      .from(orderItems)
      .where(
        and(
          eq(orderItems.orderId, orders.id),
          inArray(orderItems.status, [...READY_STATUSES]),
          eq(orderItems.active, true),
        ),
      ),
  );
  const where = and(eq(orders.customerId, customerId), hasReadyLine);

  const [counted] = await db.select({ n: count() }).from(orders).where(where);
  const total = counted?.n ?? 0;
  const offset = (page - 1) * perPage;
  if (offset >= total) return { orders: [], count: total, page, perPage };

  const pageOfOrders = db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(perPage)
    .offset(offset)
    .as("ready_page");
  const rows = await db
    .select(orderDetailColumns())
    .from(pageOfOrders)
    .innerJoin(orders, eq(orders.id, pageOfOrders.id))
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .innerJoin(members, eq(members.id, orderItems.merchantId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .orderBy(desc(orders.createdAt), desc(orders.id), asc(orderItems.id));
  return { orders: await toOrderDetails(db, rows), count: total, page, perPage };
}
