import "server-only";
import { afterCommit } from "@/server/base/follow-ups";
import {
  followStockChanges,
  releaseLineStock,
  type StockChange,
} from "@/server/catalog/product-stock";
import { and, eq, notInArray, sql } from "drizzle-orm";
import { formatStatusLabel, orderStatusesFor, type OrderStatus } from "@/lib/constants";
import type { Db } from "@/server/db/client";
import { members, orderItems, orders } from "@/server/db/schema";
import { expireReviewPages, markVerifiedBuyers } from "@/server/reviews";
import { AppError, conflict, notFoundError, validationError } from "@/server/errors";
import { CLOSED_STATUSES, ORDER_NOT_FOUND_MESSAGE, orderMethodOf } from "./order-rules";
import { sendOrderStatusEmail, type OrderStatusChange } from "./send-order-status-email";
import { sendRefundEmails } from "./send-refund-emails";
import { requestLineRefunds, settleOrderRefunds } from "@/server/payments/refunds";
import { PAYMENT_SERVICE_UNAVAILABLE_MESSAGE } from "@/server/stripe/stripe-errors";
import type { StripeClient } from "@/server/stripe/stripe-client";

export type UpdateOrderStatusInput = {
  merchantId: number;
  /** Refunds a paid card line the farmer cancels or refunds; null while cards are off. */
  stripe?: StripeClient | null;
  /** The order line's id (the spec's `order_id`). */
  orderItemId: number;
  status: OrderStatus;
};

export const closedRowMessage = (status: "cancelled" | "refunded") =>
  `This order has been ${status}, so its status can no longer be changed.`;
export const wrongListMessage = (status: OrderStatus, method: "pickup" | "delivery") =>
  `${formatStatusLabel(status)} is not a status of ${method} orders.`;
export const CARD_REFUND_MESSAGE =
  "A card payment is refunded by the marketplace, not by a status change. Please contact us to refund this order.";

export const REFUND_UNDER_WAY_MESSAGE =
  "This line is being refunded, so its status can no longer be changed.";
export const refundPendingMessage = (productName: string, status: OrderStatus) =>
  `The refund of ${productName} is under way; its status becomes ${formatStatusLabel(status)} once the money is back.`;
export const REFUND_REFUSED_MESSAGE =
  "The card could not be refunded automatically. Our team has been told and will finish the refund.";

export const statusUpdatedMessage = (productName: string, status: OrderStatus) =>
  `The status of ${productName} is now ${formatStatusLabel(status)}.`;

/** Serial ids are 4-byte integers: a larger id names no row (and must not reach PostgreSQL). */
const MAX_ID = 2_147_483_647;

/**
 * A farmer moves one of their order lines to a status of that line's list (pickup or delivery, spec
 * part 2 section 4: any status of the list, no transition rule). The row is locked and written with
 * a conditional UPDATE, so a customer's cancel running at the same time wins or loses cleanly.
 * Picking the current status again changes nothing and mails nobody; a real change mails the
 * customer after the commit (when their order notifications are on).
 *
 * `cancelled` and `refunded` give back the stock the line took, unless it was handed over (decision
 * 0042), in the same transaction.
 *
 * On a line paid by card, `cancelled` and `refunded` both give the customer's money back (decisions
 * 0016 and 0037): the line is asked for refund inside the lock (requestLineRefunds), refunded after
 * the commit (settleOrderRefunds) and only then takes the status, so a farmer cannot keep money for
 * goods not given. A line whose refund is under way (asked by anyone) cannot be moved: the
 * farmer's own retry finishes the refund instead, and so does the reconciler.
 *
 * @returns the message shown to the farmer
 * @throws AppError not_found: no such line of this farmer's; validation (`order_status`): a status
 *   of the other list; conflict: the line is cancelled or refunded, or a card line would be marked
 *   refunded without a refund
 */
export async function updateOrderStatus(
  db: Db,
  { merchantId, orderItemId, status, stripe = null }: UpdateOrderStatusInput,
): Promise<string> {
  if (orderItemId > MAX_ID) throw notFoundError(ORDER_NOT_FOUND_MESSAGE);

  type Outcome = {
    productName: string;
    change: OrderStatusChange | null;
    refund: { orderId: number; status: "cancelled" | "refunded" } | null;
  };
  const stockChanges: StockChange[] = [];
  const verifiedProducts: number[] = [];
  const { productName, change, refund } = await db.transaction(async (tx): Promise<Outcome> => {
    const [row] = await tx
      .select({
        status: orderItems.status,
        deliveryService: orderItems.deliveryService,
        productName: orderItems.productName,
        qty: orderItems.qty,
        orderNo: orders.orderNo,
        paymentType: orders.paymentType,
        paymentStatus: orders.paymentStatus,
        orderId: orders.id,
        customerId: orders.customerId,
        email: orders.email,
        firstName: orders.firstName,
        farmer: members.username,
        refundRequestedAt: orderItems.refundRequestedAt,
        refundedAt: orderItems.refundedAt,
        refundBy: orderItems.refundBy,
        refundTo: orderItems.refundTo,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(members, eq(members.id, orderItems.merchantId))
      .where(and(eq(orderItems.id, orderItemId), eq(orderItems.merchantId, merchantId)))
      .for("update", { of: orderItems });
    if (!row) throw notFoundError(ORDER_NOT_FOUND_MESSAGE);

    const method = orderMethodOf(row.deliveryService);
    if (!orderStatusesFor(method === "delivery").includes(status)) {
      const message = wrongListMessage(status, method);
      throw validationError({ order_status: [message] }, message);
    }
    if (row.status === "cancelled" || row.status === "refunded")
      throw conflict(closedRowMessage(row.status));
    if (row.refundRequestedAt && !row.refundedAt) {
      // The farmer's own retry of the same change finishes its refund; nothing else moves it.
      if (row.refundBy === "farm" && row.refundTo === status && stripe)
        return {
          productName: row.productName,
          change: null,
          refund: { orderId: row.orderId, status: status as "cancelled" | "refunded" },
        };
      throw conflict(REFUND_UNDER_WAY_MESSAGE);
    }
    const paidByCard =
      row.paymentType === "card" &&
      (row.paymentStatus === "paid" || row.paymentStatus === "partially_refunded");
    const refunds = paidByCard && (status === "cancelled" || status === "refunded");
    if (refunds && !stripe) throw conflict(CARD_REFUND_MESSAGE);
    if (row.status === status) return { productName: row.productName, change: null, refund: null };

    const change: OrderStatusChange = {
      orderNo: row.orderNo,
      customerId: row.customerId,
      email: row.email,
      firstName: row.firstName,
      farmer: row.farmer,
      status,
      lines: [{ name: row.productName, qty: row.qty }],
    };
    // Goods not handed over go back on sale, before the status moves (decision 0042).
    if (status === "cancelled" || status === "refunded")
      stockChanges.push(...(await releaseLineStock(tx, [orderItemId])));
    if (refunds) {
      await requestLineRefunds(tx, {
        orderId: row.orderId,
        lineIds: [orderItemId],
        by: "farm",
        to: status,
      });
      return {
        productName: row.productName,
        change,
        refund: { orderId: row.orderId, status: status as "cancelled" | "refunded" },
      };
    }

    const updated = await tx
      .update(orderItems)
      .set({
        status,
        statusUpdatedAt: sql`now()`,
        ...(status === "cancelled" ? { cancelledAt: sql`now()` } : {}),
        ...(status === "refunded" ? { refundedAt: sql`now()` } : {}),
      })
      .where(
        and(
          eq(orderItems.id, orderItemId),
          eq(orderItems.merchantId, merchantId),
          notInArray(orderItems.status, [...CLOSED_STATUSES]),
        ),
      )
      .returning({ id: orderItems.id });
    if (updated.length !== 1) throw conflict(closedRowMessage("cancelled"));
    // The customer's review of the product now carries the verified-buyer mark (decision 0049).
    if (status === "customer_received")
      verifiedProducts.push(...(await markVerifiedBuyers(tx, [orderItemId])));

    return { productName: row.productName, change, refund: null };
  });
  await followStockChanges(db, stockChanges);
  if (verifiedProducts.length > 0)
    await afterCommit(db, "verified review pages", async () => expireReviewPages(verifiedProducts));

  if (refund && stripe) {
    // The status (and its mail) follow the refund: whoever finishes it sends them.
    const settled = await settleOrderRefunds(db, stripe, refund.orderId);
    await afterCommit(db, "refund emails", (db) =>
      sendRefundEmails(db, settled.done, settled.ownCents),
    );
    if (settled.done.some((done) => done.lineId === orderItemId))
      return statusUpdatedMessage(productName, status);
    if (settled.failed.some((failed) => failed.lineId === orderItemId))
      return REFUND_REFUSED_MESSAGE;
    if (settled.unavailable)
      throw new AppError("unavailable", PAYMENT_SERVICE_UNAVAILABLE_MESSAGE, {
        logMessage: `the refund of order line ${orderItemId} waits for Stripe`,
      });
    if (settled.waiting.includes(orderItemId)) return refundPendingMessage(productName, status);
    return statusUpdatedMessage(productName, status);
  }
  if (change) await afterCommit(db, "order status email", (db) => sendOrderStatusEmail(db, change));
  return statusUpdatedMessage(productName, status);
}
