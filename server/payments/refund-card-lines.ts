import "server-only";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { orderItems, orders, payouts } from "@/server/db/schema";
import { log } from "@/server/log";
import { conflict, notFoundError } from "@/server/errors";
import { idempotencyKeys } from "./idempotency-keys";
import { callStripe } from "./stripe-errors";
import type { StripeClient } from "./stripe-client";

/** What a refunded line shows: a customer's cancel and a farmer's "refunded" both say refunded. */
export type RefundedStatus = "refunded" | "cancelled";

export type RefundedLine = { id: number; refundId: string; amountCents: number };

/**
 * Gives back the money of some lines of a paid card order: one Stripe Refund per line, for the
 * line's total, with the key `refund:{orderItemId}`, so a double click, a retry or a rerun after a
 * crash never refunds a line twice. In three steps, so no database lock is held across Stripe:
 * the lines are marked `refund_requested_at` (a crash after this is resumed by calling again, or by
 * the `charge.refunded` event); the refunds are made; then the lines take `status` with their
 * refund ids and the order becomes refunded or partially refunded. Lines already refunded are
 * skipped. The caller checks who may refund and sends the mails.
 *
 * @throws AppError conflict: the order is not a paid card order; unavailable: Stripe did not
 *   answer (trying again is safe)
 */
export async function refundCardLines(
  db: Db,
  stripe: StripeClient,
  {
    orderId,
    itemIds,
    status,
  }: { orderId: number; itemIds: readonly number[]; status: RefundedStatus },
): Promise<RefundedLine[]> {
  const { paymentIntentId, lines } = await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ paymentIntentId: orders.paymentIntentId, paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.paymentType, "card")))
      .for("update");
    if (!order) throw notFoundError();
    if (!order.paymentIntentId || !["paid", "partially_refunded"].includes(order.paymentStatus))
      throw conflict("This order has no card payment to refund.");
    const rows = await tx
      .update(orderItems)
      .set({ refundRequestedAt: sql`coalesce(${orderItems.refundRequestedAt}, now())` })
      .where(
        and(
          eq(orderItems.orderId, orderId),
          inArray(orderItems.id, [...itemIds]),
          isNull(orderItems.refundId),
        ),
      )
      .returning({
        id: orderItems.id,
        unitPriceCents: orderItems.unitPriceCents,
        qty: orderItems.qty,
        transferId: orderItems.transferId,
        payoutCents: orderItems.payoutCents,
      });
    return { paymentIntentId: order.paymentIntentId, lines: rows.sort((a, b) => a.id - b.id) };
  });

  const refunded: RefundedLine[] = [];
  for (const line of lines) {
    const amountCents = line.unitPriceCents * line.qty;
    const refund = await callStripe("create refund", () =>
      stripe.refunds.create(
        {
          payment_intent: paymentIntentId,
          amount: amountCents,
          reason: "requested_by_customer",
          metadata: { order_id: String(orderId), order_item_id: String(line.id) },
        },
        { idempotencyKey: idempotencyKeys.refund(line.id) },
      ),
    );
    refunded.push({ id: line.id, refundId: refund.id, amountCents });
    if (line.transferId && line.payoutCents) {
      await reverseLinePayout(db, stripe, {
        orderId,
        lineId: line.id,
        transferId: line.transferId,
        amountCents: line.payoutCents,
      });
    }
  }
  await db.transaction((tx) => recordRefunds(tx, orderId, refunded, status));
  return refunded;
}

/**
 * A line refunded after its farmer was paid: that line's part of the transfer comes back
 * (`reversal:{orderItemId}`, so once). The customer's refund stands whatever happens here; a
 * reversal Stripe refuses (the farm's balance is short) is logged for the operators, who settle it
 * from Stripe's dashboard (decision 0017).
 */
async function reverseLinePayout(
  db: Db,
  stripe: StripeClient,
  {
    orderId,
    lineId,
    transferId,
    amountCents,
  }: { orderId: number; lineId: number; transferId: string; amountCents: number },
): Promise<void> {
  try {
    const reversal = await stripe.transfers.createReversal(
      transferId,
      {
        amount: amountCents,
        metadata: { order_id: String(orderId), order_item_id: String(lineId) },
      },
      { idempotencyKey: `reversal:${lineId}` },
    );
    await db.transaction(async (tx) => {
      const marked = await tx
        .update(orderItems)
        .set({ transferReversalId: reversal.id })
        .where(and(eq(orderItems.id, lineId), isNull(orderItems.transferReversalId)))
        .returning({ id: orderItems.id });
      if (marked.length > 0) {
        await tx
          .update(payouts)
          .set({
            reversedCents: sql`${payouts.reversedCents} + ${amountCents}`,
            updatedAt: sql`now()`,
          })
          .where(eq(payouts.transferId, transferId));
      }
    });
  } catch (error) {
    log.error(
      { err: error, orderId, lineId, transferId },
      "could not reverse a refunded line's payout",
    );
  }
}

/**
 * Writes refunds made at Stripe onto their lines and the order's payment status, under the
 * order's row lock. A line that already has its refund is left as it is, so the return of a refund
 * call and its `charge.refunded` event, in either order, write it once.
 */
export async function recordRefunds(
  tx: Db,
  orderId: number,
  refunds: readonly { id: number; refundId: string }[],
  status: RefundedStatus,
): Promise<void> {
  await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for("update");
  for (const refund of refunds) {
    await tx
      .update(orderItems)
      .set({
        refundId: refund.refundId,
        refundedAt: sql`now()`,
        refundRequestedAt: sql`coalesce(${orderItems.refundRequestedAt}, now())`,
        status,
        qualifiedToCancel: false,
        cancelledAt: sql`coalesce(${orderItems.cancelledAt}, now())`,
        statusUpdatedAt: sql`now()`,
      })
      .where(
        and(
          eq(orderItems.id, refund.id),
          eq(orderItems.orderId, orderId),
          isNull(orderItems.refundId),
        ),
      );
  }
  await settleOrderRefundStatus(tx, orderId);
}

/** refunded when every line is, partially_refunded when some are. */
export async function settleOrderRefundStatus(tx: Db, orderId: number): Promise<void> {
  await tx
    .update(orders)
    .set({
      paymentStatus: sql`case when not exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${orderItems.refundedAt} is null) then 'refunded'::payment_status else 'partially_refunded'::payment_status end`,
      refundedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(orders.id, orderId),
        inArray(orders.paymentStatus, ["paid", "partially_refunded"]),
        sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${orderItems.refundedAt} is not null)`,
      ),
    );
}
