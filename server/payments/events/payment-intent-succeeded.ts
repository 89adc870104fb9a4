import "server-only";
import type Stripe from "stripe";
import { markOrderPaid } from "../mark-order-paid";
import { NO_EFFECT, type EventHandler } from "./types";

/** The customer paid: the order is placed, if the return to the payment page did not already. */
export const paymentIntentSucceeded: EventHandler = {
  async apply(tx, event) {
    const paid = await markOrderPaid(tx, event.data.object as Stripe.PaymentIntent);
    return paid?.created ? { placedOrderId: paid.orderId } : NO_EFFECT;
  },
};
