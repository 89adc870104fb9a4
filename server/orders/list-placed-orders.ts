import "server-only";
import { and, asc, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { PAGE_SIZES } from "@/lib/constants";
import type { OrderList, PlacedOrder } from "@/lib/orders/types";
import { escapeLikePattern } from "@/lib/validation/search";
import type { Db } from "@/server/db/client";
import { members, orderItems, orders, products } from "@/server/db/schema";
import { qualifiesToCancelFlag, refundPendingFlag } from "./order-rules";
import { pageWindow } from "./page-window";

export type ListPlacedOrdersInput = {
  customerId: number;
  page?: number;
  perPage?: number;
  /** Already sanitised (lib/validation/orders orderKeyword); "" for none. */
  keyword?: string;
};

/**
 * The member's own purchases (manageMyOrders, "My Purchases"): one row per order line, newest order
 * first, one page. The keyword matches the order number, the product name and the farmer's name.
 * Two statements whatever the data: the count, then the page with its farmers and products joined;
 * pages past the middle are read from the oldest end (page-window.ts).
 */
export async function listPlacedOrders(
  db: Db,
  input: ListPlacedOrdersInput,
): Promise<OrderList<PlacedOrder>> {
  const page = input.page ?? 1;
  const perPage = input.perPage ?? PAGE_SIZES.orders;
  const matches = keywordFilter(input.keyword ?? "");
  const where = and(eq(orders.customerId, input.customerId), matches);

  const countQuery = db
    .select({ n: count() })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .$dynamic();
  const [counted] = await (
    matches ? countQuery.innerJoin(members, eq(members.id, orderItems.merchantId)) : countQuery
  ).where(where);
  const total = counted?.n ?? 0;
  const window = pageWindow(total, page, perPage);
  if (!window) return { results: [], count: total };

  const [direction, withinOrder] = window.reverse ? [asc, desc] : [desc, asc];
  // Newest order first, its lines by product (the unique key of a line within its order); or
  // exactly the reverse. The page's keys come from the two indexes alone (orders_customer_created_idx,
  // order_items_order_product_unique), then only those lines are read and joined.
  const keyQuery = db
    .select({ orderId: orderItems.orderId, productId: orderItems.productId })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .$dynamic();
  const pageKeys = (
    matches ? keyQuery.innerJoin(members, eq(members.id, orderItems.merchantId)) : keyQuery
  )
    .where(where)
    .orderBy(direction(orders.createdAt), direction(orders.id), withinOrder(orderItems.productId))
    .limit(window.limit)
    .offset(window.offset)
    .as("page_keys");
  const rows = await db
    .select({
      orderId: orders.id,
      orderNo: orders.orderNo,
      merchantName: members.username,
      merchantEmail: members.email,
      merchantPhone: members.phone,
      productId: orderItems.productId,
      productStatus: products.status,
      productName: orderItems.productName,
      quantity: orderItems.qty,
      status: orderItems.status,
      purchasedDate: orders.createdAt,
      qualifiedToCancel: qualifiesToCancelFlag(),
      refundPending: refundPendingFlag(),
    })
    .from(pageKeys)
    .innerJoin(
      orderItems,
      and(eq(orderItems.orderId, pageKeys.orderId), eq(orderItems.productId, pageKeys.productId)),
    )
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(members, eq(members.id, orderItems.merchantId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .orderBy(direction(orders.createdAt), direction(orders.id), withinOrder(orderItems.productId));
  if (window.reverse) rows.reverse();

  return {
    count: total,
    results: rows.map(
      ({
        productId,
        productStatus,
        merchantPhone,
        purchasedDate,
        qualifiedToCancel,
        refundPending,
        ...row
      }) => ({
        ...row,
        merchantPhone: merchantPhone ?? "",
        // Only an active product has a page; a deleted or removed one leaves its lines unlinked.
        productUrl: productStatus === "active" ? `/products/${productId}` : null,
        purchasedDate: purchasedDate.toISOString(),
        qualifiedToCancel: qualifiedToCancel ? 1 : 0,
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
    ilike(members.username, pattern),
  );
}
