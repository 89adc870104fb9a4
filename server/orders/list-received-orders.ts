import "server-only";
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { PAGE_SIZES } from "@/lib/constants";
import type { OrderList, ReceivedOrder } from "@/lib/orders/types";
import { escapeLikePattern } from "@/lib/validation/search";
import type { Db } from "@/server/db/client";
import { merchantLineCounts, orderItems, orders } from "@/server/db/schema";
import { deliveryFlagOf, orderMethodOf, refundPendingFlag } from "./order-rules";
import { pageWindow } from "./page-window";

export type ListReceivedOrdersInput = {
  merchantId: number;
  page?: number;
  perPage?: number;
  /** Already sanitised (lib/validation/orders orderKeyword); "" for none. */
  keyword?: string;
};

/**
 * The farmer's received orders (manageCustomerOrders): their own order lines only, newest first,
 * one page. The keyword matches the order number, the product name and the customer's name or
 * email (as entered at checkout). Two statements whatever the data: the total, then the page.
 * Without a keyword the total is the farmer's line counter and the page is read from
 * order_items_merchant_created_idx alone (index-only) up to the page;
 * only the page's rows are then joined to their orders. Pages past the middle are read from the
 * oldest end (page-window.ts), so the first and the last page cost the same.
 */
export async function listReceivedOrders(
  db: Db,
  input: ListReceivedOrdersInput,
): Promise<OrderList<ReceivedOrder>> {
  const page = input.page ?? 1;
  const perPage = input.perPage ?? PAGE_SIZES.orders;
  const matches = keywordFilter(input.keyword ?? "");
  const where = and(eq(orderItems.merchantId, input.merchantId), matches);

  // Without a keyword the total is the farmer's counter (merchant_line_counts), one row however
  // many lines; a keyword's matches are counted.
  const [counted] = matches
    ? await db
        .select({ n: count() })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(where)
    : await db
        .select({ n: merchantLineCounts.lineCount })
        .from(merchantLineCounts)
        .where(eq(merchantLineCounts.merchantId, input.merchantId));
  const total = counted?.n ?? 0;
  const window = pageWindow(total, page, perPage);
  if (!window) return { results: [], count: total };

  const direction = window.reverse ? asc : desc;
  // The page's keys first, from the index alone (the rows an OFFSET skips cost no heap reads and no
  // joins), then only those rows joined to their orders.
  const keyQuery = db.select({ id: orderItems.id }).from(orderItems).$dynamic();
  const pageKeys = (
    matches ? keyQuery.innerJoin(orders, eq(orders.id, orderItems.orderId)) : keyQuery
  )
    .where(where)
    // The index's order (created_at desc, id desc), or exactly its reverse for the far half.
    .orderBy(direction(orderItems.createdAt), direction(orderItems.id))
    .limit(window.limit)
    .offset(window.offset)
    .as("page_keys");
  const rows = await db
    .select({
      orderId: orderItems.id,
      orderNo: orders.orderNo,
      deliveryService: orderItems.deliveryService,
      firstName: orders.firstName,
      lastName: orders.lastName,
      customerEmail: orders.email,
      customerPhone: orders.phone,
      productName: orderItems.productName,
      quantity: orderItems.qty,
      status: orderItems.status,
      orderDate: orderItems.createdAt,
      refundPending: refundPendingFlag(),
    })
    .from(pageKeys)
    .innerJoin(orderItems, eq(orderItems.id, pageKeys.id))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .orderBy(direction(orderItems.createdAt), direction(orderItems.id));
  if (window.reverse) rows.reverse();

  return {
    count: total,
    results: rows.map(
      ({ firstName, lastName, deliveryService, orderDate, refundPending, ...row }) => ({
        ...row,
        orderMethod: orderMethodOf(deliveryService),
        customerName: `${firstName} ${lastName}`,
        orderDate: orderDate.toISOString(),
        deliveryService: deliveryFlagOf(deliveryService),
        refundPending: refundPending ? 1 : 0,
      }),
    ),
  };
}

function keywordFilter(keyword: string): SQL | undefined {
  if (!keyword) return undefined;
  const pattern = `%${escapeLikePattern(keyword)}%`;
  return or(
    ilike(orders.orderNo, pattern),
    ilike(orderItems.productName, pattern),
    ilike(sql`${orders.firstName} || ' ' || ${orders.lastName}`, pattern),
    ilike(orders.email, pattern),
  );
}
