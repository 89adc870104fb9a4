import "server-only";
import { withFollowUps } from "@/server/base/follow-ups";
import { eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Currency } from "@/lib/constants";
import type { Delivery } from "@/lib/validation/checkout";
import type { ReviewedItem } from "./place-order-input";
import type { Db } from "@/server/db/client";
import { orders } from "@/server/db/schema";
import { conflict, isAppError } from "@/server/errors";
import { log } from "@/server/log";
import { abandonChangedCardOrder, type AbandonedOrder } from "./abandon-changed-card-order";
import { ensureStripeCustomer } from "@/server/stripe/ensure-stripe-customer";
import {
  idempotencyKeys,
  idempotencyKeysOf,
  installationKey,
} from "@/server/stripe/idempotency-keys";
import { markOrderPaid } from "./mark-order-paid";
import { findOpenCardOrder, openCardOrder } from "./open-card-order";
import { callStripe } from "@/server/stripe/stripe-errors";
import type { StripeClient } from "@/server/stripe/stripe-client";
import { paymentOutcome } from "@/server/stripe/stripe-states";

export type CardCheckout =
  | {
      state: "awaiting_payment";
      orderId: number;
      orderNo: string;
      clientSecret: string;
      amountCents: number;
      currency: Currency;
      /** Why the last attempt failed (declined, not authenticated), for the payment page. */
      paymentError: string | null;
    }
  /** The order was paid meanwhile (another tab, a return that never reached us). */
  | { state: "paid"; orderId: number; orderNo: string; created: boolean };

export const OPEN_CHECKOUT_BUSY_MESSAGE =
  "Your checkout is being updated in another window. Please reload the page.";

/**
 * Opens the card payment of the member's pay-by-card cart: the order, in `pending` (awaiting
 * payment) with its lines kept aside, and one PaymentIntent for it. Amount, currency and lines come
 * from the server's cart only.
 *
 * At most one card order awaits payment per member (a unique index). Loading the page again, a
 * double click, a retry after Stripe failed, or twenty concurrent calls all come back to that
 * order and its one PaymentIntent: the cart rows are locked while the order is chosen, the order
 * row is locked while its intent is made, and the intent is made with the key `pi:{orderId}`, so
 * even an answer Stripe gave but we lost returns the same intent. When the cart changed since, the
 * old order is abandoned (its intent cancelled) and a new one opened; when its intent was paid
 * meanwhile, that order is placed and returned as paid. When the check refuses the cart and the
 * open order's own products changed since it was written (the farmer withdrew, sold out or
 * repriced one), that order is abandoned and its intent cancelled too, so no tab can still pay it.
 *
 * @throws AppError conflict: the cart cannot be ordered (see reviewOrderLines); unavailable:
 *   Stripe did not answer (the order stays awaiting payment; trying again is safe)
 */
export async function startCardCheckout(
  db: Db,
  stripe: StripeClient,
  input: { customerId: number; delivery: Delivery; items?: readonly ReviewedItem[] | undefined },
): Promise<CardCheckout> {
  const settled = await settleOpenOrderIfPaid(db, stripe, input.customerId);
  if (settled.state === "paid") return settled;

  const { orderId, abandoned } = await openCardOrder(db, input).catch(async (error: unknown) => {
    // Refused by the check: an order awaiting payment for products changed since is not payable.
    if (isAppError(error) && error.code === "conflict") {
      const changed = await abandonChangedCardOrder(db, input.customerId);
      if (changed) await cancelAbandonedIntent(db, stripe, changed);
    }
    throw error;
  });
  if (abandoned) await cancelAbandonedIntent(db, stripe, abandoned);
  const customer = await ensureStripeCustomer(db, stripe, input.customerId);
  // The intent just read is reused when the order is the same (a reload): one Stripe read, not two.
  const known = settled.intent && settled.orderId === orderId ? settled.intent : null;
  return ensurePaymentIntent(db, stripe, { orderId, customer, known });
}

type Settled =
  | Extract<CardCheckout, { state: "paid" }>
  | { state: "open"; orderId: number | null; intent: Stripe.PaymentIntent | null };

/** An open order whose intent already succeeded is placed now instead of being replaced. */
async function settleOpenOrderIfPaid(
  db: Db,
  stripe: StripeClient,
  customerId: number,
): Promise<Settled> {
  const open = await findOpenCardOrder(db, customerId);
  if (!open?.paymentIntentId) return { state: "open", orderId: null, intent: null };
  const intentId = open.paymentIntentId;
  const intent = await callStripe("retrieve payment intent", () =>
    stripe.paymentIntents.retrieve(intentId),
  );
  if (paymentOutcome(intent.status) === "succeeded") {
    const paid = await markOrderPaid(db, intent);
    if (paid) return { state: "paid", ...paid };
  }
  return { state: "open", orderId: open.id, intent };
}

/**
 * The replaced order's intent can no longer be paid. If cancelling fails (Stripe down, or the
 * intent succeeded in another tab a moment ago) nothing is lost: a success still places that
 * order through the webhook, and the customer sees it in My Purchases.
 */
async function cancelAbandonedIntent(
  db: Db,
  stripe: StripeClient,
  { orderId, paymentIntentId }: AbandonedOrder,
): Promise<void> {
  // Stripe failed before it made one: there is nothing to cancel.
  if (!paymentIntentId) return;
  try {
    const keys = await idempotencyKeys(db);
    await stripe.paymentIntents.cancel(
      paymentIntentId,
      { cancellation_reason: "abandoned" },
      { idempotencyKey: keys.paymentIntentCancel(orderId) },
    );
  } catch (error) {
    log.warn({ err: error, orderId }, "could not cancel the payment intent of an abandoned order");
  }
}

/** The order's one PaymentIntent, made under the order's row lock with the key `pi:{orderId}`. */
async function ensurePaymentIntent(
  db: Db,
  stripe: StripeClient,
  {
    orderId,
    customer,
    known,
  }: { orderId: number; customer: string; known: Stripe.PaymentIntent | null },
): Promise<CardCheckout> {
  // Read before the transaction: inside it, the embedded database has one connection.
  const installation = await installationKey(db);
  // Finding the intent paid under the lock places the order; its mails wait for this commit.
  return withFollowUps(db, () =>
    db.transaction(async (tx) => {
      const [order] = await tx
        .select({
          id: orders.id,
          orderNo: orders.orderNo,
          customerId: orders.customerId,
          totalCents: orders.totalCents,
          currency: orders.currency,
          paymentIntentId: orders.paymentIntentId,
          paymentError: orders.paymentError,
        })
        .from(orders)
        .where(eq(orders.id, orderId))
        .for("update");
      if (!order) throw conflict(OPEN_CHECKOUT_BUSY_MESSAGE);
      const existingId = order.paymentIntentId;
      const intent = existingId
        ? known?.id === existingId
          ? known
          : await callStripe("retrieve payment intent", () =>
              stripe.paymentIntents.retrieve(existingId),
            )
        : await callStripe("create payment intent", () =>
            stripe.paymentIntents.create(
              {
                amount: order.totalCents,
                currency: order.currency.toLowerCase(),
                customer,
                // Cards only (3-D Secure happens in Stripe.js, no redirect to a bank's site).
                automatic_payment_methods: { enabled: true, allow_redirects: "never" },
                description: `Order ${order.orderNo}`,
                transfer_group: order.orderNo,
                metadata: {
                  order_id: String(order.id),
                  order_no: order.orderNo,
                  member_id: String(order.customerId),
                  installation,
                },
              },
              { idempotencyKey: idempotencyKeysOf(installation).paymentIntent(order.id) },
            ),
          );
      if (!existingId) {
        await tx
          .update(orders)
          .set({ paymentIntentId: intent.id, updatedAt: sql`now()` })
          .where(eq(orders.id, order.id));
      }
      if (paymentOutcome(intent.status) === "succeeded") {
        // Paid between our reads (another tab): place it now, inside this lock.
        const paid = await markOrderPaid(tx, intent);
        if (paid) return { state: "paid", ...paid };
      }
      if (!intent.client_secret) throw conflict(OPEN_CHECKOUT_BUSY_MESSAGE);
      return {
        state: "awaiting_payment",
        orderId: order.id,
        orderNo: order.orderNo,
        clientSecret: intent.client_secret,
        amountCents: order.totalCents,
        currency: order.currency,
        paymentError: order.paymentError,
      };
    }),
  );
}
