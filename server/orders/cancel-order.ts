import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { members, orderItems, orders } from "@/server/db/schema";
import { conflict, notFoundError } from "@/server/errors";
import { formatMoney } from "@/lib/money";
import { refundCardLines } from "@/server/payments/refund-card-lines";
import type { StripeClient } from "@/server/payments/stripe-client";
import { ORDER_NOT_FOUND_MESSAGE, qualifiesToCancel, qualifiesToCancelFlag } from "./order-rules";
import { ORDER_NO_PATTERN } from "./get-customer-order";
import { sendOrderCancelledEmails, type CancelledOrder } from "./send-order-cancelled-emails";

export const cancelledMessage = (orderNo: string) => `The order ${orderNo} has been cancelled.`;
/** The client shows 'The order has already been refunded.' for any message containing "has already been refunded." */
export const alreadyRefundedMessage = (orderNo: string) =>
  `The order ${orderNo} has already been refunded.`;
export const alreadyCancelledMessage = (orderNo: string) =>
  `The order ${orderNo} has already been cancelled.`;
export const notCancellableMessage = (orderNo: string) =>
  `The order ${orderNo} can no longer be cancelled: the farmer has already started on it. Please contact the farmer.`;
export const paidByCardMessage = (orderNo: string) =>
  `The order ${orderNo} was paid by card. Please contact us to cancel it and get your refund.`;
export const cancelledAndRefundedMessage = (orderNo: string, amount: string) =>
  `The order ${orderNo} has been cancelled. ${amount} is refunded to your card.`;

/**
 * The customer cancels one of their orders, all of it or nothing (spec part 2 section 4: every row
 * must qualify, see `qualifiesToCancel`). Exactly once: the order row is locked first, so concurrent
 * cancels queue and all but the first find it cancelled (409); the rows are then changed by one
 * conditional UPDATE that must change every line, or the transaction rolls back, so a farmer moving
 * a line at the same moment cannot leave the order half cancelled. Sets each line cancelled
 * (`qualified_to_cancel` cleared, as the spec says, and `cancelled_at`) and the order's
 * `cancelled_at`; then mails the customer and each farmer in it.
 *
 * A card order that was paid is refunded instead: every line gets its own Refund
 * (refundCardLines, one key per line) and moves to `refunded`. Its lines are first marked as
 * refund requested inside the lock, with the same all-or-nothing rule, so a retry after Stripe
 * failed, or a crash, resumes the same refunds and never makes more. Without Stripe configured a
 * paid card order is refused with a message to contact us.
 *
 * @throws AppError not_found: no such order of this member's; conflict: refunded, already
 *   cancelled, a line no longer qualifies, or paid by card while cards are off; unavailable:
 *   Stripe did not answer the refund (trying again is safe)
 */
export async function cancelOrder(
  db: Db,
  {
    customerId,
    orderNo,
    stripe = null,
  }: { customerId: number; orderNo: string; stripe?: StripeClient | null },
): Promise<{ orderNo: string; message: string }> {
  if (!ORDER_NO_PATTERN.test(orderNo)) throw notFoundError(ORDER_NOT_FOUND_MESSAGE);

  type Cancel = CancelledOrder & {
    refund: { orderId: number; itemIds: number[]; cents: number; currency: "CAD" | "USD" } | null;
  };
  const cancelled = await db.transaction(async (tx): Promise<Cancel> => {
    const [order] = await tx
      .select({
        id: orders.id,
        paymentType: orders.paymentType,
        paymentStatus: orders.paymentStatus,
        currency: orders.currency,
        email: orders.email,
        firstName: orders.firstName,
        lastName: orders.lastName,
      })
      .from(orders)
      .where(and(eq(orders.orderNo, orderNo), eq(orders.customerId, customerId)))
      .for("update");
    if (!order) throw notFoundError(ORDER_NOT_FOUND_MESSAGE);

    // Read after the lock: a cancel that committed while this one waited is seen here.
    const lines = await tx
      .select({
        id: orderItems.id,
        status: orderItems.status,
        active: orderItems.active,
        lineTotalCents: sql<number>`${orderItems.unitPriceCents} * ${orderItems.qty}`.mapWith(
          Number,
        ),
        refundedAt: orderItems.refundedAt,
        qualifies: qualifiesToCancelFlag(),
        name: orderItems.productName,
        qty: orderItems.qty,
        merchantId: orderItems.merchantId,
        farmer: members.username,
        farmerEmail: members.email,
        farmerFirstName: members.firstName,
      })
      .from(orderItems)
      .innerJoin(members, eq(members.id, orderItems.merchantId))
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id));

    if (
      order.paymentStatus === "refunded" ||
      lines.some((line) => line.status === "refunded" || line.refundedAt)
    ) {
      throw conflict(alreadyRefundedMessage(orderNo));
    }
    if (lines.every((line) => line.status === "cancelled" || !line.active))
      throw conflict(alreadyCancelledMessage(orderNo));
    if (lines.some((line) => !line.qualifies)) throw conflict(notCancellableMessage(orderNo));
    const paidByCard =
      order.paymentType === "card" &&
      (order.paymentStatus === "paid" || order.paymentStatus === "partially_refunded");
    if (paidByCard && !stripe) throw conflict(paidByCardMessage(orderNo));

    // A paid card order: the lines are marked for refund here and refunded after the commit.
    const changed = paidByCard
      ? await tx
          .update(orderItems)
          .set({ refundRequestedAt: sql`coalesce(${orderItems.refundRequestedAt}, now())` })
          .where(and(eq(orderItems.orderId, order.id), qualifiesToCancel()))
          .returning({ id: orderItems.id })
      : await tx
          .update(orderItems)
          .set({
            status: "cancelled",
            qualifiedToCancel: false,
            cancelledAt: sql`now()`,
            statusUpdatedAt: sql`now()`,
          })
          .where(and(eq(orderItems.orderId, order.id), qualifiesToCancel()))
          .returning({ id: orderItems.id });
    // A farmer moved a line between the read and the write: all or nothing, so roll back.
    if (changed.length !== lines.length) throw conflict(notCancellableMessage(orderNo));
    await tx
      .update(orders)
      .set({ cancelledAt: sql`now()` })
      .where(eq(orders.id, order.id));

    const refund = paidByCard
      ? {
          orderId: order.id,
          itemIds: lines.map((line) => line.id),
          cents: lines.reduce((sum, line) => sum + line.lineTotalCents, 0),
          currency: order.currency,
        }
      : null;
    return {
      refund,
      refunded: refund ? formatMoney(refund.cents, refund.currency) : undefined,
      orderNo,
      customerId,
      email: order.email,
      firstName: order.firstName,
      lastName: order.lastName,
      lines: lines.map(({ name, qty, merchantId, farmer, farmerEmail, farmerFirstName }) => ({
        name,
        qty,
        merchantId,
        farmer,
        farmerEmail,
        farmerFirstName,
      })),
    };
  });

  if (cancelled.refund && stripe) {
    await refundCardLines(db, stripe, {
      orderId: cancelled.refund.orderId,
      itemIds: cancelled.refund.itemIds,
      status: "refunded",
    });
  }
  await sendOrderCancelledEmails(db, cancelled);
  return {
    orderNo,
    message: cancelled.refunded
      ? cancelledAndRefundedMessage(orderNo, cancelled.refunded)
      : cancelledMessage(orderNo),
  };
}
