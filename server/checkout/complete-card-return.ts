import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { orders } from "@/server/db/schema";
import { notFoundError } from "@/server/errors";
import { markOrderPaid } from "./mark-order-paid";
import { callStripe } from "@/server/stripe/stripe-errors";
import type { StripeClient } from "@/server/stripe/stripe-client";
import { paymentOutcome } from "@/server/stripe/stripe-states";

export const PAYMENT_NOT_FOUND_MESSAGE = "This payment could not be found.";
export const PAYMENT_FAILED_MESSAGE =
  "Your payment did not go through. Please try again or use another card.";
export const PAYMENT_PROCESSING_MESSAGE =
  "Your bank is still processing the payment. We will email you as soon as it goes through.";

/** Back from the payment page before the bank's check (3-D Secure) was finished: nothing failed. */
export const AUTHENTICATION_UNFINISHED_MESSAGE =
  "Your bank's check of the card was not finished, so nothing was charged. Please pay again to place the order.";

const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9]{1,255}$/;

export type CardReturn =
  | { state: "paid"; orderId: number; orderNo: string; created: boolean }
  /** Back on the payment page with what went wrong. */
  | { state: "failed"; message: string }
  | { state: "processing"; message: string };

/**
 * The customer came back to the payment page with `payment_intent` in the query (Stripe's
 * redirect, or our own after a saved card was charged). The query is only a hint: the intent must
 * be this member's order's, and its state is read from Stripe, never from the query. A success
 * places the order (once, however often the page is reloaded); a failure is recorded on the order
 * and shown to the customer, whose cart and order stay for the next try.
 *
 * @throws AppError not_found: no order of this member's has that intent; unavailable: Stripe
 */
export async function completeCardReturn(
  db: Db,
  stripe: StripeClient,
  { customerId, paymentIntentId }: { customerId: number; paymentIntentId: string },
): Promise<CardReturn> {
  if (!PAYMENT_INTENT_ID.test(paymentIntentId)) throw notFoundError(PAYMENT_NOT_FOUND_MESSAGE);
  const [order] = await db
    .select({ id: orders.id, orderNo: orders.orderNo, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(
      and(
        eq(orders.paymentIntentId, paymentIntentId),
        eq(orders.customerId, customerId),
        eq(orders.paymentType, "card"),
      ),
    )
    .limit(1);
  if (!order) throw notFoundError(PAYMENT_NOT_FOUND_MESSAGE);
  if (["paid", "partially_refunded", "refunded"].includes(order.paymentStatus))
    return { state: "paid", orderId: order.id, orderNo: order.orderNo, created: false };

  const intent = await callStripe("retrieve payment intent", () =>
    stripe.paymentIntents.retrieve(paymentIntentId),
  );
  if (intent.metadata?.order_id !== String(order.id))
    throw notFoundError(PAYMENT_NOT_FOUND_MESSAGE);

  switch (paymentOutcome(intent.status)) {
    case "succeeded": {
      const paid = await markOrderPaid(db, intent);
      if (!paid) throw notFoundError(PAYMENT_NOT_FOUND_MESSAGE);
      return { state: "paid", ...paid };
    }
    case "processing":
      return { state: "processing", message: PAYMENT_PROCESSING_MESSAGE };
    case "cancelled":
      return { state: "failed", message: PAYMENT_FAILED_MESSAGE };
    default: {
      // Still with the customer and no attempt failed (3-D Secure left half way): the order
      // stays awaiting payment, and the page says what to do rather than that a card failed.
      if (intent.status === "requires_action")
        return { state: "failed", message: AUTHENTICATION_UNFINISHED_MESSAGE };
      const message = intent.last_payment_error?.message ?? PAYMENT_FAILED_MESSAGE;
      await recordPaymentFailure(db, order.id, message);
      return { state: "failed", message };
    }
  }
}

/** The last failure, kept for the payment page; an order paid meanwhile is left alone. */
export async function recordPaymentFailure(
  db: Db,
  orderId: number,
  message: string,
): Promise<void> {
  await db
    .update(orders)
    .set({ paymentStatus: "failed", paymentError: message, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), inArray(orders.paymentStatus, ["pending", "failed"])));
}
