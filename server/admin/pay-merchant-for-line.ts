import "server-only";
import { eq } from "drizzle-orm";
import { formatMoney } from "@/lib/money";
import type { Db } from "@/server/db/client";
import { orderItems, orders } from "@/server/db/schema";
import { conflict, notFoundError } from "@/server/errors";
import type { StripeClient } from "@/server/stripe/stripe-client";
import { payMerchant } from "@/server/payouts/pay-merchant";
import { merchantPaymentOf, type MerchantPayment } from "./find-orders-by-keyword";
import { ORDER_LINE_NOT_FOUND_MESSAGE } from "./cancel-order-line";
import { recordAdminAction } from "./record-admin-action";

export const NOTHING_TO_PAY_MESSAGES: Record<Exclude<MerchantPayment, "payable">, string> = {
  paid: "The farm has already been paid for this order.",
  in_person: "The customer pays the farm in person for this order: there is nothing to transfer.",
  closed: "This line was cancelled, refunded or never paid by card: there is nothing to pay.",
};

export const farmPaidMessage = (amount: string, orderNo: string) =>
  `The farm was paid ${amount} for order ${orderNo}.`;

/**
 * An admin's Pay Merchant (Orders Manager) for one line: pays the line's farm for all its lines of
 * that order through payMerchant, the same exactly-once transfer the QR handover makes (one
 * transfer per farm and order, its own idempotency key, the payout row locked), so a double click
 * or the farm confirming at the same moment never pays twice. A payout that cannot be made now
 * (the farm's account is not ready, Stripe did not answer) stays owed with its reason, which is the
 * answer; it is paid automatically later. Every attempt is in the audit trail.
 *
 * @throws AppError not_found; conflict: nothing to pay (decision 0022's rule)
 */
export async function payMerchantForLine(
  db: Db,
  stripe: StripeClient,
  { adminId, id }: { adminId: number; id: number },
): Promise<{ message: string; merchantPayment: MerchantPayment }> {
  const [line] = await db
    .select({
      orderId: orderItems.orderId,
      merchantId: orderItems.merchantId,
      active: orderItems.active,
      status: orderItems.status,
      merchantPaidAt: orderItems.merchantPaidAt,
      refundId: orderItems.refundId,
      refundRequestedAt: orderItems.refundRequestedAt,
      orderNo: orders.orderNo,
      currency: orders.currency,
      paymentType: orders.paymentType,
      paymentStatus: orders.paymentStatus,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orderItems.id, id))
    .limit(1);
  if (!line) throw notFoundError(ORDER_LINE_NOT_FOUND_MESSAGE);
  const state = merchantPaymentOf({
    active: line.active,
    status: line.status,
    payment_type: line.paymentType,
    payment_status: line.paymentStatus,
    merchant_paid_at: line.merchantPaidAt,
    refund_id: line.refundId,
    refund_requested_at: line.refundRequestedAt,
  });
  if (state !== "payable") throw conflict(NOTHING_TO_PAY_MESSAGES[state]);

  const outcome = await payMerchant(db, stripe, {
    orderId: line.orderId,
    merchantId: line.merchantId,
  });
  await recordAdminAction(db, {
    adminId,
    action: "pay_merchant",
    target: `order_item:${id}`,
    before: { merchantPayment: state, orderNo: line.orderNo },
    after:
      outcome.status === "paid"
        ? { status: "paid", amountCents: outcome.amountCents, transferId: outcome.transferId }
        : outcome.status === "owed"
          ? { status: "owed", amountCents: outcome.amountCents, reason: outcome.reason }
          : { status: "nothing", reason: outcome.reason },
  });
  if (outcome.status === "paid")
    return {
      message: farmPaidMessage(formatMoney(outcome.amountCents, line.currency), line.orderNo),
      merchantPayment: "paid",
    };
  if (outcome.status === "owed") return { message: outcome.reason, merchantPayment: "payable" };
  throw conflict(outcome.reason);
}
