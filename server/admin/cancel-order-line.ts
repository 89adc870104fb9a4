import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { formatMoney } from "@/lib/money";
import type { Db } from "@/server/db/client";
import { members, orderItems, orders } from "@/server/db/schema";
import { conflict, notFoundError } from "@/server/errors";
import { refundCardLines } from "@/server/payments/refund-card-lines";
import type { StripeClient } from "@/server/payments/stripe-client";
import { sendOrderCancelledEmails } from "@/server/orders/send-order-cancelled-emails";
import { recordAdminAction } from "./record-admin-action";

export const ORDER_LINE_NOT_FOUND_MESSAGE = "There is no order line with that id.";
export const alreadyCancelledLineMessage = (orderNo: string) =>
  `This line of order ${orderNo} has already been cancelled.`;
export const cancelledLineMessage = (orderNo: string) =>
  `The line of order ${orderNo} has been cancelled.`;
export const cancelledAndRefundedLineMessage = (orderNo: string, amount: string) =>
  `The line of order ${orderNo} has been cancelled and ${amount} refunded to the customer's card.`;
export const CARD_LINE_NEEDS_STRIPE_MESSAGE =
  "This line was paid by card and card payments are not configured here, so it cannot be refunded.";

/**
 * An admin cancels one order line (Orders Manager): `active` becomes false and the line is
 * cancelled. A line of a paid card order is refunded first (refundCardLines: one Refund per line
 * with the key `refund:{lineId}`, a payout already made is reversed), so the money goes back
 * exactly once however often the button is pressed; if Stripe does not answer nothing is cancelled
 * and trying again resumes the same refund. The audit trail records the before and after, and the
 * customer and the farm are mailed.
 *
 * @throws AppError not_found; conflict: already cancelled by an admin, or a card line without
 *   Stripe; unavailable: Stripe did not answer (trying again is safe)
 */
export async function cancelOrderLine(
  db: Db,
  stripe: StripeClient | null,
  { adminId, id }: { adminId: number; id: number },
): Promise<{ message: string }> {
  const line = await readLine(db, id);
  if (!line) throw notFoundError(ORDER_LINE_NOT_FOUND_MESSAGE);
  if (!line.active) throw conflict(alreadyCancelledLineMessage(line.orderNo));
  const paidByCard =
    line.paymentType === "card" &&
    ["paid", "partially_refunded"].includes(line.paymentStatus) &&
    !line.refundId;
  if (paidByCard && !stripe) throw conflict(CARD_LINE_NEEDS_STRIPE_MESSAGE);
  if (paidByCard && stripe)
    await refundCardLines(db, stripe, {
      orderId: line.orderId,
      itemIds: [id],
      status: "cancelled",
    });

  const changed = await db.transaction(async (tx) => {
    const [after] = await tx
      .update(orderItems)
      .set({
        active: false,
        qualifiedToCancel: false,
        // A refunded line keeps its status (refundCardLines set it); any other becomes cancelled.
        status: sql`case when ${orderItems.refundId} is null then 'cancelled'::order_item_status else ${orderItems.status} end`,
        cancelledAt: sql`coalesce(${orderItems.cancelledAt}, now())`,
        statusUpdatedAt: sql`now()`,
      })
      .where(and(eq(orderItems.id, id), eq(orderItems.active, true)))
      .returning({ status: orderItems.status, refundId: orderItems.refundId });
    // Another admin's cancel committed first: theirs is the one recorded.
    if (!after) return null;
    await recordAdminAction(tx, {
      adminId,
      action: "order_cancel",
      target: `order_item:${id}`,
      before: { active: true, status: line.status, orderNo: line.orderNo },
      after: { active: false, status: after.status, refundId: after.refundId },
    });
    return after;
  });
  if (!changed) throw conflict(alreadyCancelledLineMessage(line.orderNo));

  const refunded = changed.refundId ? formatMoney(line.lineTotalCents, line.currency) : undefined;
  await sendOrderCancelledEmails(db, {
    orderNo: line.orderNo,
    customerId: line.customerId,
    email: line.email,
    firstName: line.firstName,
    lastName: line.lastName,
    refunded,
    cancelledBy: "Our operators",
    lines: [
      {
        name: line.productName,
        qty: line.qty,
        merchantId: line.merchantId,
        farmer: line.farmer,
        farmerEmail: line.farmerEmail,
        farmerFirstName: line.farmerFirstName,
      },
    ],
  });
  return {
    message: refunded
      ? cancelledAndRefundedLineMessage(line.orderNo, refunded)
      : cancelledLineMessage(line.orderNo),
  };
}

async function readLine(db: Db, id: number) {
  const [line] = await db
    .select({
      orderId: orderItems.orderId,
      active: orderItems.active,
      status: orderItems.status,
      refundId: orderItems.refundId,
      productName: orderItems.productName,
      qty: orderItems.qty,
      lineTotalCents: sql<number>`${orderItems.unitPriceCents} * ${orderItems.qty}`.mapWith(Number),
      merchantId: orderItems.merchantId,
      orderNo: orders.orderNo,
      customerId: orders.customerId,
      email: orders.email,
      firstName: orders.firstName,
      lastName: orders.lastName,
      currency: orders.currency,
      paymentType: orders.paymentType,
      paymentStatus: orders.paymentStatus,
      farmer: members.username,
      farmerEmail: members.email,
      farmerFirstName: members.firstName,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(members, eq(members.id, orderItems.merchantId))
    .where(eq(orderItems.id, id))
    .limit(1);
  return line;
}
