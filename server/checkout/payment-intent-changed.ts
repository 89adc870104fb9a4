import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { orders } from "@/server/db/schema";
import { followStockChanges, releaseCardHolds } from "@/server/catalog/product-stock";
import { PAYMENT_FAILED_MESSAGE, recordPaymentFailure } from "./complete-card-return";
import { markOrderPaid } from "./mark-order-paid";
import { callStripe } from "@/server/stripe/stripe-errors";
import { paymentOutcome } from "@/server/stripe/stripe-states";
import { NO_EFFECT, defineHandler } from "@/server/stripe/event-types";

/**
 * Something happened to a PaymentIntent (`payment_intent.succeeded`, `.payment_failed`,
 * `.canceled`): the event only says which one. The intent is read from Stripe and the order follows
 * what Stripe says now, whatever the event's payload claimed and whatever order the events came
 * in: succeeded places the order (once); a failed attempt is recorded for the payment page (never
 * after a success, and its stock stays held until the hold runs out: the customer may try another
 * card); cancelled at Stripe frees the customer's checkout (the order is abandoned and gives its
 * stock back, decision 0042); an intent still with the customer (3-D Secure) or the bank changes
 * nothing.
 */
export const paymentIntentChanged = defineHandler<Stripe.PaymentIntent | null>({
  async read(stripe, event) {
    const { id } = event.data.object as Stripe.PaymentIntent;
    return callStripe("retrieve payment intent", () => stripe.paymentIntents.retrieve(id));
  },

  async apply(tx, _event, intent) {
    if (!intent) return NO_EFFECT;
    switch (paymentOutcome(intent.status)) {
      case "succeeded": {
        const paid = await markOrderPaid(tx, intent);
        return paid?.created ? { placedOrderId: paid.orderId } : NO_EFFECT;
      }
      case "cancelled": {
        const abandoned = await tx
          .update(orders)
          .set({ paymentStatus: "abandoned", updatedAt: sql`now()` })
          .where(
            and(
              eq(orders.paymentIntentId, intent.id),
              inArray(orders.paymentStatus, ["pending", "failed"]),
            ),
          )
          .returning({ id: orders.id });
        if (abandoned[0]) {
          const { changes } = await releaseCardHolds(tx, sql`o.id = ${abandoned[0].id}`);
          await followStockChanges(tx, changes);
        }
        return NO_EFFECT;
      }
      case "awaiting_customer": {
        // A declined or unauthenticated attempt leaves its error; a form still open does not.
        if (intent.status !== "requires_payment_method" || !intent.last_payment_error)
          return NO_EFFECT;
        const [order] = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(eq(orders.paymentIntentId, intent.id))
          .limit(1);
        if (order)
          await recordPaymentFailure(
            tx,
            order.id,
            intent.last_payment_error.message ?? PAYMENT_FAILED_MESSAGE,
          );
        return NO_EFFECT;
      }
      default:
        return NO_EFFECT;
    }
  },
});
