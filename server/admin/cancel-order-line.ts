import "server-only";
import { afterCommit } from "@/server/base/follow-ups";
import {
  followStockChanges,
  releaseLineStock,
  type StockChange,
} from "@/server/catalog/product-stock";
import { and, eq, sql } from "drizzle-orm";
import { formatMoney } from "@/lib/money";
import type { Db } from "@/server/db/client";
import { members, orderItems, orders } from "@/server/db/schema";
import { conflict, notFoundError } from "@/server/errors";
import { requestLineRefunds, settleOrderRefunds } from "@/server/payments/refunds";
import type { StripeClient } from "@/server/stripe/stripe-client";
import { sendOrderCancelledEmails } from "@/server/orders/send-order-cancelled-emails";
import { OPERATORS, sendRefundEmails } from "@/server/orders/send-refund-emails";
import { adminCancelOf } from "./find-orders-by-keyword";
import { recordAdminAction } from "./record-admin-action";

export const ORDER_LINE_NOT_FOUND_MESSAGE = "There is no order line with that id.";
export const alreadyCancelledLineMessage = (orderNo: string) =>
  `This line of order ${orderNo} has already been cancelled.`;
export const cancelledLineMessage = (orderNo: string) =>
  `The line of order ${orderNo} has been cancelled.`;
export const cancelledAndRefundedLineMessage = (orderNo: string, amount: string) =>
  `The line of order ${orderNo} has been cancelled and ${amount} refunded to the customer's card.`;
export const handedOverLineMessage = (orderNo: string) =>
  `This line of order ${orderNo} was handed over to the customer and paid in person, so it can no longer be cancelled.`;
export const CARD_LINE_NEEDS_STRIPE_MESSAGE =
  "This line was paid by card and card payments are not configured here, so it cannot be refunded.";

export const refundUnderWayLineMessage = (orderNo: string, amount: string) =>
  `The line of order ${orderNo} has been cancelled. Its refund of ${amount} is under way: the card payment service did not answer, and it is finished automatically.`;
export const refundRefusedLineMessage = (orderNo: string) =>
  `The line of order ${orderNo} has been cancelled, but Stripe refused its refund. It is on the Money page.`;

/**
 * An admin cancels one order line (Orders Manager): `active` becomes false and the line is
 * cancelled, with its audit row, in one transaction under the order's lock, so two admins pressing
 * Cancel at once change it once (the second gets 409). A line of a paid card order is asked for
 * refund in that same transaction (requestLineRefunds, decision 0037) and refunded after the
 * commit (settleOrderRefunds: one Refund per line, a payout already made is reversed); it takes the
 * `cancelled` status once its money is back. If Stripe does not answer, the cancel stands and the
 * refund is finished by the reconciler; the mails go when it is done. The stock the line took goes
 * back in the same transaction, unless it was handed over (decision 0042).
 *
 * @throws AppError not_found; conflict: already cancelled by an admin, or a card line without
 *   Stripe
 */
export async function cancelOrderLine(
  db: Db,
  stripe: StripeClient | null,
  { adminId, id }: { adminId: number; id: number },
): Promise<{ message: string }> {
  const line = await readLine(db, id);
  if (!line) throw notFoundError(ORDER_LINE_NOT_FOUND_MESSAGE);
  const rule = adminCancelOf({
    active: line.active,
    status: line.status,
    payment_type: line.paymentType,
    confirmed_at: line.confirmedAt,
  });
  if (rule === "handed_over") throw conflict(handedOverLineMessage(line.orderNo));
  const paidByCard =
    line.paymentType === "card" &&
    ["paid", "partially_refunded"].includes(line.paymentStatus) &&
    !line.refundedAt;
  if (line.active && paidByCard && !stripe) throw conflict(CARD_LINE_NEEDS_STRIPE_MESSAGE);

  const stockChanges: StockChange[] = [];
  const changed = await db.transaction(async (tx) => {
    await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.id, line.orderId))
      .for("update");
    // Read again under the order's lock (the farm's handover takes it too): handed over meanwhile?
    const [now] = await tx
      .select({
        active: orderItems.active,
        status: orderItems.status,
        confirmedAt: orderItems.confirmedAt,
      })
      .from(orderItems)
      .where(eq(orderItems.id, id));
    if (
      now &&
      adminCancelOf({
        active: now.active,
        status: now.status,
        payment_type: line.paymentType,
        confirmed_at: now.confirmedAt,
      }) === "handed_over"
    )
      throw conflict(handedOverLineMessage(line.orderNo));
    // Before the status moves: a line handed over keeps its stock (decision 0042).
    stockChanges.push(...(await releaseLineStock(tx, [id])));
    const [after] = await tx
      .update(orderItems)
      .set({
        active: false,
        qualifiedToCancel: false,
        // A card line takes `cancelled` once refunded (refund_to); a refunded one keeps its status.
        ...(paidByCard
          ? {}
          : {
              status: sql`case when ${orderItems.refundedAt} is null then 'cancelled'::order_item_status else ${orderItems.status} end`,
              cancelledAt: sql`coalesce(${orderItems.cancelledAt}, now())`,
              statusUpdatedAt: sql`now()`,
            }),
      })
      .where(and(eq(orderItems.id, id), eq(orderItems.active, true)))
      .returning({ status: orderItems.status, refundId: orderItems.refundId });
    // Another admin's cancel committed first: theirs is the one recorded.
    if (!after) return null;
    if (paidByCard)
      await requestLineRefunds(tx, {
        orderId: line.orderId,
        lineIds: [id],
        by: "admin",
        to: "cancelled",
      });
    await recordAdminAction(tx, {
      adminId,
      action: "order_cancel",
      target: `order_item:${id}`,
      before: { active: true, status: line.status, orderNo: line.orderNo },
      after: paidByCard
        ? { active: false, status: "cancelled", refund: "asked" }
        : { active: false, status: after.status, refundId: after.refundId },
    });
    return after;
  });
  if (!changed) throw conflict(alreadyCancelledLineMessage(line.orderNo));
  await followStockChanges(db, stockChanges);

  if (paidByCard && stripe) {
    const settled = await settleOrderRefunds(db, stripe, line.orderId);
    await afterCommit(db, "refund emails", (db) =>
      sendRefundEmails(db, settled.done, settled.ownCents),
    );
    if (settled.done.some((done) => done.lineId === id))
      return {
        message: cancelledAndRefundedLineMessage(
          line.orderNo,
          formatMoney(settled.ownCents[id] ?? 0, line.currency),
        ),
      };
    if (settled.failed.some((failed) => failed.lineId === id))
      return { message: refundRefusedLineMessage(line.orderNo) };
    return {
      message: refundUnderWayLineMessage(
        line.orderNo,
        formatMoney(line.lineTotalCents - line.refundedCents, line.currency),
      ),
    };
  }

  await afterCommit(db, "order-cancelled emails", (db) =>
    sendOrderCancelledEmails(db, {
      orderNo: line.orderNo,
      customerId: line.customerId,
      email: line.email,
      firstName: line.firstName,
      lastName: line.lastName,
      cancelledBy: OPERATORS,
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
    }),
  );
  return { message: cancelledLineMessage(line.orderNo) };
}

async function readLine(db: Db, id: number) {
  const [line] = await db
    .select({
      orderId: orderItems.orderId,
      active: orderItems.active,
      status: orderItems.status,
      refundId: orderItems.refundId,
      refundedAt: orderItems.refundedAt,
      refundedCents: orderItems.refundedCents,
      confirmedAt: orderItems.confirmedAt,
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
