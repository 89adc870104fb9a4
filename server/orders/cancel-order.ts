import "server-only";
import { afterCommit } from "@/server/base/follow-ups";
import {
  followStockChanges,
  releaseLineStock,
  type StockChange,
} from "@/server/catalog/product-stock";
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { members, orderItems, orders } from "@/server/db/schema";
import { AppError, conflict, notFoundError } from "@/server/errors";
import { formatMoney } from "@/lib/money";
import { requestLineRefunds, settleOrderRefunds } from "@/server/payments/refunds";
import { PAYMENT_SERVICE_UNAVAILABLE_MESSAGE } from "@/server/stripe/stripe-errors";
import type { StripeClient } from "@/server/stripe/stripe-client";
import { ORDER_NOT_FOUND_MESSAGE, qualifiesToCancel, qualifiesToCancelFlag } from "./order-rules";
import { ORDER_NO_PATTERN } from "./get-customer-order";
import { sendOrderCancelledEmails, type CancelledOrder } from "./send-order-cancelled-emails";
import { sendRefundEmails } from "./send-refund-emails";

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

/** A card order whose refund is under way (Stripe did not answer): it is finished automatically. */
export const refundUnderWayMessage = (orderNo: string) =>
  `The order ${orderNo} is cancelled and its refund is under way: the card payment service did not answer. It is finished automatically, and you get an email once the money is back.`;
/** Stripe refused to refund: the order stays cancelled and the operators are told. */
export const refundNeedsUsMessage = (orderNo: string) =>
  `The order ${orderNo} is cancelled, but the card could not be refunded automatically. Our team has been told and will get the money back to you.`;

/**
 * The customer cancels one of their orders, all of it or nothing (spec part 2 section 4: every row
 * must qualify, see `qualifiesToCancel`). Exactly once: the order row is locked first, so concurrent
 * cancels queue and all but the first find it cancelled (409); the rows are then changed by one
 * conditional UPDATE that must change every line, or the transaction rolls back, so a farmer moving
 * a line at the same moment cannot leave the order half cancelled. Sets each line cancelled
 * (`qualified_to_cancel` cleared, as the spec says, and `cancelled_at`) and the order's
 * `cancelled_at`; then mails the customer and each farmer in it.
 *
 * The stock the lines took goes back to their products in the same transaction (decision 0042).
 *
 * A card order that was paid is refunded instead (decision 0037): inside the lock its lines are
 * asked for refund (`requestLineRefunds`, all or nothing, lines whose money is already back are
 * left out), which a farmer's later status change cannot undo; after the commit
 * `settleOrderRefunds` makes one Refund per line of what is left of it. One winner: the call that
 * sees the last line's money come back answers 200 and sends the mails; a concurrent cancel, or a
 * retry that finds the refund already done, gets 409. A retry after Stripe failed, the webhook or
 * the reconciler finishes the same refunds and never makes more. Without Stripe configured a paid
 * card order is refused with a message to contact us.
 *
 * @throws AppError not_found: no such order of this member's; conflict: refunded, already
 *   cancelled, a line no longer qualifies, or paid by card while cards are off; unavailable:
 *   Stripe did not answer the refund (the cancel stands; trying again finishes it)
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

  type Cancel =
    | { kind: "cancelled"; order: CancelledOrder }
    | { kind: "refund"; orderId: number; currency: "CAD" | "USD" };
  const stockChanges: StockChange[] = [];
  const cancelled = await db.transaction(async (tx): Promise<Cancel> => {
    const [order] = await tx
      .select({
        id: orders.id,
        paymentType: orders.paymentType,
        paymentStatus: orders.paymentStatus,
        currency: orders.currency,
        cancelledAt: orders.cancelledAt,
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
        refundedAt: orderItems.refundedAt,
        refundedCents: orderItems.refundedCents,
        refundRequestedAt: orderItems.refundRequestedAt,
        refundBy: orderItems.refundBy,
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

    const paidByCard =
      order.paymentType === "card" &&
      (order.paymentStatus === "paid" || order.paymentStatus === "partially_refunded");
    if (paidByCard) {
      // Lines whose money is already all back (a refund made at Stripe) are not cancelled again.
      const open = lines.filter((line) => !line.refundedAt);
      if (open.length === 0) throw conflict(alreadyRefundedMessage(orderNo));
      if (!stripe) throw conflict(paidByCardMessage(orderNo));
      // This customer's cancel was asked already: a retry (or a concurrent call) finishes it.
      if (order.cancelledAt && open.every((line) => line.refundBy === "customer"))
        return { kind: "refund", orderId: order.id, currency: order.currency };
      if (open.some((line) => !line.qualifies || line.refundRequestedAt))
        throw conflict(notCancellableMessage(orderNo));
      const asked = await requestLineRefunds(tx, {
        orderId: order.id,
        lineIds: open.map((line) => line.id),
        by: "customer",
        to: "refunded",
      });
      // A farmer moved a line between the read and the write: all or nothing, so roll back.
      if (asked.length !== open.length) throw conflict(notCancellableMessage(orderNo));
      stockChanges.push(...(await releaseLineStock(tx, asked)));
      await tx
        .update(orderItems)
        .set({ qualifiedToCancel: false })
        .where(inArray(orderItems.id, asked));
      await tx
        .update(orders)
        .set({ cancelledAt: sql`now()` })
        .where(eq(orders.id, order.id));
      return { kind: "refund", orderId: order.id, currency: order.currency };
    }

    if (
      order.paymentStatus === "refunded" ||
      lines.some((line) => line.status === "refunded" || line.refundedAt)
    ) {
      throw conflict(alreadyRefundedMessage(orderNo));
    }
    if (lines.every((line) => line.status === "cancelled" || !line.active))
      throw conflict(alreadyCancelledMessage(orderNo));
    if (lines.some((line) => !line.qualifies)) throw conflict(notCancellableMessage(orderNo));

    // Before the status changes (a line handed over keeps its stock); rolled back with the cancel.
    stockChanges.push(
      ...(await releaseLineStock(
        tx,
        lines.map((line) => line.id),
      )),
    );
    const changed = await tx
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

    return {
      kind: "cancelled",
      order: {
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
      },
    };
  });

  await followStockChanges(db, stockChanges);
  if (cancelled.kind === "cancelled") {
    await afterCommit(db, "order-cancelled emails", (db) =>
      sendOrderCancelledEmails(db, cancelled.order),
    );
    return { orderNo, message: cancelledMessage(orderNo) };
  }

  const settled = await settleOrderRefunds(db, stripe!, cancelled.orderId);
  await afterCommit(db, "refund emails", (db) =>
    sendRefundEmails(db, settled.done, settled.ownCents),
  );
  if (settled.done.some((done) => done.completesCancel)) {
    const lineIds = await customerCancelledLines(db, cancelled.orderId);
    const cents = lineIds.reduce((sum, id) => sum + (settled.ownCents[id] ?? 0), 0);
    return {
      orderNo,
      message: cancelledAndRefundedMessage(orderNo, formatMoney(cents, cancelled.currency)),
    };
  }
  if (settled.failed.length > 0) return { orderNo, message: refundNeedsUsMessage(orderNo) };
  if (settled.unavailable)
    throw new AppError("unavailable", PAYMENT_SERVICE_UNAVAILABLE_MESSAGE, {
      logMessage: `the refund of order ${orderNo} waits for Stripe`,
    });
  // Stripe refused it before: the operators have it (the Money page).
  if (settled.waiting.length > 0 && (await anyRefundFailed(db, settled.waiting)))
    throw conflict(refundNeedsUsMessage(orderNo));
  // Another call finished it (or is finishing it) first: theirs is the one answered with 200.
  throw conflict(alreadyRefundedMessage(orderNo));
}

async function customerCancelledLines(db: Db, orderId: number): Promise<number[]> {
  const rows = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.refundBy, "customer")));
  return rows.map((row) => row.id);
}

async function anyRefundFailed(db: Db, lineIds: number[]): Promise<boolean> {
  const [row] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(and(inArray(orderItems.id, lineIds), isNotNull(orderItems.refundError)))
    .limit(1);
  return Boolean(row);
}
