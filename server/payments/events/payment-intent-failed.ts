import "server-only";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { orders } from "@/server/db/schema";
import { PAYMENT_FAILED_MESSAGE, recordPaymentFailure } from "../complete-card-return";
import { NO_EFFECT, type EventHandler } from "./types";

/**
 * An attempt failed (declined, not authenticated): the order stays open for another try and the
 * payment page says why. A failure that arrives after the success changes nothing.
 */
export const paymentIntentFailed: EventHandler = {
  async apply(tx, event) {
    const intent = event.data.object as Stripe.PaymentIntent;
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.paymentIntentId, intent.id))
      .limit(1);
    if (order) {
      const message = intent.last_payment_error?.message ?? PAYMENT_FAILED_MESSAGE;
      await recordPaymentFailure(tx, order.id, message);
    }
    return NO_EFFECT;
  },
};
