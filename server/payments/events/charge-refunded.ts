import "server-only";
import type Stripe from "stripe";
import { markOrderPaid } from "@/server/checkout/mark-order-paid";
import { applyStripeRefunds } from "../refunds";
import { callStripe } from "@/server/stripe/stripe-errors";
import { idOf } from "@/server/stripe/stripe-states";
import { NO_EFFECT, defineHandler } from "@/server/stripe/event-types";

type Read = { intent: Stripe.PaymentIntent; refunds: Stripe.Refund[] } | null;

/**
 * Money went back on an order's charge, or a refund changed (`charge.refunded`,
 * `charge.refund.updated`, `refund.created`, `refund.updated`, `refund.failed`): by our refund of a
 * line (its metadata names the line) or from Stripe's dashboard (it names none, and is shared out
 * over the lines). The intent and every refund of it are read from Stripe, not from the event
 * (`applyStripeRefunds`), so an event arriving before `payment_intent.succeeded`, twice, late, or
 * about a refund that later failed, still ends right: an order not yet placed is placed first, and
 * placed silently when its money is already all back.
 */
export const chargeRefunded = defineHandler<Read>({
  async read(stripe, event) {
    const object = event.data.object as Stripe.Charge | Stripe.Refund;
    const intentId = idOf(object.payment_intent);
    if (!intentId) return null;
    const [intent, refunds] = await Promise.all([
      callStripe("retrieve payment intent", () => stripe.paymentIntents.retrieve(intentId)),
      callStripe("list refunds", () =>
        stripe.refunds.list({ payment_intent: intentId, limit: 100 }).autoPagingToArray({
          limit: 10_000,
        }),
      ),
    ]);
    return { intent, refunds };
  },

  async apply(tx, _event, read) {
    if (!read || read.intent.status !== "succeeded") return NO_EFFECT;
    // An order whose money was all back before anyone heard it was paid thanks nobody for it.
    const allBack = read.refunds
      .filter((refund) => refund.status === "succeeded" || refund.status === "pending")
      .reduce((sum, refund) => sum + refund.amount, 0);
    const thank = allBack < read.intent.amount;
    const paid = await markOrderPaid(tx, read.intent, { mail: thank });
    if (!paid) return NO_EFFECT;
    const applied = await applyStripeRefunds(tx, paid.orderId, read.refunds);
    const refunds = { done: applied.done, ownCents: applied.ownCents };
    return { placedOrderId: paid.created && thank ? paid.orderId : null, refunds };
  },
});
