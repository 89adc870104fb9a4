import "server-only";
import { eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Currency } from "@/lib/money";
import { orders } from "@/server/db/schema";
import { raiseMoneyIssue } from "@/server/stripe/money-issues";
import { callStripe } from "@/server/stripe/stripe-errors";
import { idOf } from "@/server/stripe/stripe-states";
import { NO_EFFECT, defineHandler } from "@/server/stripe/event-types";

/**
 * A customer disputed a charge with their bank. The dispute is read from Stripe; its order is
 * marked, so its farmers are not paid out while it is open (the payouts work reads `disputed_at`),
 * and it is raised for the operators (the Money page), who answer it from Stripe's dashboard.
 */
export const chargeDisputeCreated = defineHandler<Stripe.Dispute>({
  async read(stripe, event) {
    const { id } = event.data.object as Stripe.Dispute;
    return callStripe("retrieve dispute", () => stripe.disputes.retrieve(id));
  },

  async apply(tx, _event, dispute) {
    const intentId = idOf(dispute.payment_intent);
    if (!intentId) return NO_EFFECT;
    const [order] = await tx
      .update(orders)
      .set({ disputedAt: sql`coalesce(${orders.disputedAt}, now())`, updatedAt: sql`now()` })
      .where(eq(orders.paymentIntentId, intentId))
      .returning({ id: orders.id, customerId: orders.customerId, currency: orders.currency });
    if (!order) return NO_EFFECT;
    await raiseMoneyIssue(tx, {
      kind: "dispute_opened",
      key: `dispute_opened:${dispute.id}`,
      detail: `The customer disputed the payment with their bank (${dispute.reason.replaceAll("_", " ")}). The farms of this order are not paid out while it is open; answer it in Stripe's dashboard.`,
      orderId: order.id,
      customerId: order.customerId,
      amountCents: dispute.amount,
      currency: dispute.currency.toUpperCase() as Currency,
      stripeIds: {
        dispute: dispute.id,
        payment_intent: intentId,
        ...(idOf(dispute.charge) ? { charge: idOf(dispute.charge)! } : {}),
      },
    });
    return NO_EFFECT;
  },
});
