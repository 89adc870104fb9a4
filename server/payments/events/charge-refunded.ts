import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type Stripe from "stripe";
import { orderItems, orders } from "@/server/db/schema";
import { markOrderPaid } from "../mark-order-paid";
import { recordRefunds, settleOrderRefundStatus } from "../refund-card-lines";
import { callStripe } from "../stripe-errors";
import { idOf } from "../stripe-states";
import { NO_EFFECT, defineHandler } from "./types";

type Read = { intent: Stripe.PaymentIntent; refunds: Stripe.Refund[] } | null;

/**
 * Money went back on an order's charge: by our refund of a line (its metadata names the line), or
 * from Stripe's dashboard (then, when the whole charge is refunded, every line still unrefunded is
 * marked refunded). The intent and every refund of it are read from Stripe, not from the event, so
 * an event arriving before `payment_intent.succeeded`, or twice, or late, still ends right: an
 * order not yet placed is placed first.
 */
export const chargeRefunded = defineHandler<Read>({
  async read(stripe, event) {
    const charge = event.data.object as Stripe.Charge;
    const intentId = idOf(charge.payment_intent);
    if (!intentId) return null;
    const [intent, refunds] = await Promise.all([
      callStripe("retrieve payment intent", () => stripe.paymentIntents.retrieve(intentId)),
      callStripe("list refunds", () =>
        stripe.refunds.list({ payment_intent: intentId, limit: 100 }),
      ),
    ]);
    return { intent, refunds: refunds.data };
  },

  async apply(tx, event, read) {
    if (!read) return NO_EFFECT;
    const charge = event.data.object as Stripe.Charge;
    const paid = read.intent.status === "succeeded" ? await markOrderPaid(tx, read.intent) : null;
    if (!paid) return NO_EFFECT;

    const lineRefunds = read.refunds.flatMap((refund) => {
      const id = Number(refund.metadata?.order_item_id);
      return refund.status !== "failed" && refund.status !== "canceled" && Number.isSafeInteger(id)
        ? [{ id, refundId: refund.id }]
        : [];
    });
    await recordRefunds(tx, paid.orderId, lineRefunds, "refunded");

    if (charge.refunded || charge.amount_refunded >= charge.amount) {
      // Refunded in full outside the marketplace: every line's money is back.
      const dashboardRefund = read.refunds.find((refund) => !refund.metadata?.order_item_id);
      await tx
        .update(orderItems)
        .set({ status: "refunded", refundedAt: new Date(), qualifiedToCancel: false })
        .where(and(eq(orderItems.orderId, paid.orderId), isNull(orderItems.refundedAt)));
      await settleOrderRefundStatus(tx, paid.orderId);
      if (dashboardRefund) {
        await tx.update(orders).set({ refundedAt: new Date() }).where(eq(orders.id, paid.orderId));
      }
    }
    return paid.created ? { placedOrderId: paid.orderId } : NO_EFFECT;
  },
});
