import "server-only";
import type { DeliveryMethod, OrderStatus } from "@/lib/constants";
import { centsToDecimalString } from "@/lib/money";
import type { OrderDetail } from "@/lib/orders/types";
import { members, orderItems, orders, products } from "@/server/db/schema";
import type { Db } from "@/server/db/client";
import { createShortLinks } from "@/server/links";
import { handoverCode, handoverPath } from "./handover-code";
import { CLOSED_STATUSES, orderMethodOf, qualifiesToCancelFlag } from "./order-rules";

/**
 * The columns of a customer's order view, one row per line (orders joined to order_items, members
 * as the farmer and products): select them with `orderDetailColumns()` and fold the rows with
 * `toOrderDetails`. Shared by the order modal (get-customer-order.ts) and /orders/ready.
 */
export function orderDetailColumns() {
  return {
    orderId: orders.id,
    orderNo: orders.orderNo,
    createdAt: orders.createdAt,
    currency: orders.currency,
    totalCents: orders.totalCents,
    paymentType: orders.paymentType,
    lineId: orderItems.id,
    productId: orderItems.productId,
    productStatus: products.status,
    productName: orderItems.productName,
    qty: orderItems.qty,
    unitPriceCents: orderItems.unitPriceCents,
    status: orderItems.status,
    deliveryService: orderItems.deliveryService,
    active: orderItems.active,
    confirmedAt: orderItems.confirmedAt,
    refundRequestedAt: orderItems.refundRequestedAt,
    merchantId: members.id,
    merchantName: members.username,
    qualifiedToCancel: qualifiesToCancelFlag(),
  };
}

export type OrderDetailRow = {
  orderId: number;
  orderNo: string;
  createdAt: Date;
  currency: OrderDetail["currency"];
  totalCents: number;
  paymentType: OrderDetail["paymentType"];
  lineId: number;
  productId: number;
  productStatus: "active" | "deleted" | "removed";
  productName: string;
  qty: number;
  unitPriceCents: number;
  status: OrderStatus;
  deliveryService: DeliveryMethod;
  active: boolean;
  confirmedAt: Date | null;
  /** Set when a cancelled card line's refund is asked for, before Stripe answers. */
  refundRequestedAt: Date | null;
  merchantId: number;
  merchantName: string;
  qualifiedToCancel: number;
};

/**
 * Groups line rows by order, keeping the rows' order. A farmer gets a handover code while any of
 * their lines in the order is still to hand over: active, not cancelled or refunded (nor on its way
 * to a refund), not confirmed. An order with nothing left to hand over shows no code at all.
 */
export async function toOrderDetails(
  db: Db,
  rows: readonly OrderDetailRow[],
): Promise<OrderDetail[]> {
  const byOrder = new Map<number, { detail: OrderDetail; pending: Map<number, string> }>();
  for (const row of rows) {
    let entry = byOrder.get(row.orderId);
    if (!entry) {
      entry = {
        detail: {
          orderId: row.orderId,
          orderNo: row.orderNo,
          purchasedDate: row.createdAt.toISOString(),
          currency: row.currency,
          total: centsToDecimalString(row.totalCents),
          paymentType: row.paymentType,
          lines: [],
          qualifiedToCancel: 1,
          handovers: [],
        },
        pending: new Map(),
      };
      byOrder.set(row.orderId, entry);
    }
    entry.detail.lines.push({
      id: row.lineId,
      productName: row.productName,
      // Only an active product has a page (a deleted one answers 404 to everyone).
      productUrl: row.productStatus === "active" ? `/products/${row.productId}` : null,
      quantity: row.qty,
      unitPrice: centsToDecimalString(row.unitPriceCents),
      status: row.status,
      merchantName: row.merchantName,
      orderMethod: orderMethodOf(row.deliveryService),
      qualifiedToCancel: row.qualifiedToCancel ? 1 : 0,
      confirmed: row.confirmedAt !== null,
    });
    if (!row.qualifiedToCancel) entry.detail.qualifiedToCancel = 0;
    const open =
      row.active &&
      row.confirmedAt === null &&
      row.refundRequestedAt === null &&
      !(CLOSED_STATUSES as readonly string[]).includes(row.status);
    if (open) entry.pending.set(row.merchantId, row.merchantName);
  }
  // Every code of the page encodes a short link: two statements for all of them (decision 0021).
  const codes = [...byOrder.values()].flatMap(({ detail, pending }) =>
    [...pending].map(([id, name]) => ({ orderId: detail.orderId, merchant: { id, name } })),
  );
  const links = await createShortLinks(
    db,
    codes.map((c) => handoverPath(c.orderId, c.merchant.id)),
  );
  const shortUrls = new Map(links.map((link) => [link.path, link.shortUrl]));
  return [...byOrder.values()].map(({ detail, pending }) => ({
    ...detail,
    handovers: [...pending].map(([id, name]) =>
      handoverCode(detail.orderId, { id, name }, shortUrls.get(handoverPath(detail.orderId, id))),
    ),
  }));
}
