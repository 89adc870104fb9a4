import "server-only";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "@/server/db/client";
import { stripeEvents } from "@/server/db/schema";
import { badRequest } from "@/server/errors";
import { withFollowUps } from "@/server/base/follow-ups";
import { log } from "@/server/log";
import { accountUpdated } from "@/server/payouts/account-updated";
import {
  invoicePaid,
  invoicePaymentProblem,
  subscriptionChanged,
} from "@/server/subscriptions/subscription-events";
import { chargeDisputeCreated } from "@/server/payments/events/charge-dispute-created";
import { chargeRefunded } from "@/server/payments/events/charge-refunded";
import { paymentIntentChanged } from "@/server/checkout/payment-intent-changed";
import { NO_EFFECT, type EventEffect, type EventHandler } from "@/server/stripe/event-types";
import type { StripeClient } from "@/server/stripe/stripe-client";
import { isMissingAtStripe } from "@/server/stripe/stripe-errors";

/**
 * The events the marketplace acts on; any other is acknowledged and stored. Every handler reads the
 * object from Stripe before it changes anything (decision 0037): an event says where to look.
 */
const HANDLERS: Partial<Record<string, EventHandler>> = {
  "payment_intent.succeeded": paymentIntentChanged,
  "payment_intent.payment_failed": paymentIntentChanged,
  "payment_intent.canceled": paymentIntentChanged,
  "charge.refunded": chargeRefunded,
  "charge.refund.updated": chargeRefunded,
  "refund.created": chargeRefunded,
  "refund.updated": chargeRefunded,
  "refund.failed": chargeRefunded,
  "charge.dispute.created": chargeDisputeCreated,
  // Plans (Stripe Billing): each re-reads the subscription, so any order ends right.
  "customer.subscription.created": subscriptionChanged,
  "customer.subscription.updated": subscriptionChanged,
  "customer.subscription.deleted": subscriptionChanged,
  "invoice.paid": invoicePaid,
  "invoice.payment_failed": invoicePaymentProblem(false),
  "invoice.payment_action_required": invoicePaymentProblem(true),
  // Connect: on its own endpoint (/api/stripe/connect-webhook), with its own signing secret.
  "account.updated": accountUpdated,
};

/** The event types the reconciler asks Stripe for again (the Connect ones come per account). */
export const HANDLED_EVENT_TYPES = Object.keys(HANDLERS).filter(
  (type) => type !== "account.updated",
);

export const BAD_SIGNATURE_MESSAGE = "The webhook signature could not be verified.";

/** How far ahead of our clock a signature's timestamp may be (the SDK refuses only old ones). */
const FUTURE_TOLERANCE_SECONDS = 300;

/**
 * Verifies a webhook delivery on its raw body: the signature with our signing secret, a timestamp
 * at most five minutes old (the SDK's tolerance) and not in the future.
 *
 * @throws AppError bad_request: no signature, a wrong one, or a stale or future timestamp
 */
export function verifyStripeEvent(
  stripe: StripeClient,
  {
    payload,
    signature,
    secret,
    now = Date.now(),
  }: {
    payload: string;
    signature: string | null;
    secret: string;
    now?: number;
  },
): Stripe.Event {
  if (!signature) throw badRequest(BAD_SIGNATURE_MESSAGE);
  const timestamp = Number(/(?:^|,)t=(\d+)/.exec(signature)?.[1]);
  if (!Number.isFinite(timestamp) || timestamp > now / 1000 + FUTURE_TOLERANCE_SECONDS)
    throw badRequest(BAD_SIGNATURE_MESSAGE);
  try {
    return stripe.webhooks.constructEvent(payload, signature, secret);
  } catch (error) {
    throw badRequest(BAD_SIGNATURE_MESSAGE, {
      logMessage: "webhook signature refused",
      cause: error,
    });
  }
}

export type HandledEvent = EventEffect & { duplicate: boolean };

/**
 * Processes one verified event exactly once: its id is stored in `stripe_events` in the same
 * transaction as the change it makes, so a redelivery (Stripe retries, or sends twice) finds it
 * and changes nothing, and a crash before the commit leaves neither. Events may come in any order;
 * each handler reaches the right final state on its own.
 */
export async function handleStripeEvent(
  db: Db,
  stripe: StripeClient,
  event: Stripe.Event,
): Promise<HandledEvent> {
  const [seen] = await db
    .select({ id: stripeEvents.id })
    .from(stripeEvents)
    .where(eq(stripeEvents.id, event.id))
    .limit(1);
  if (seen) return { duplicate: true, ...NO_EFFECT };

  const handler = HANDLERS[event.type];
  let read: unknown;
  try {
    read = handler?.read ? await handler.read(stripe, event) : undefined;
  } catch (error) {
    // An event about an object Stripe does not have (another account's, a forged id): no retry
    // can change that, so it is stored and changes nothing.
    if (!isMissingAtStripe(error)) throw error;
    log.warn({ event: event.id, type: event.type }, "stripe event about an unknown object");
    return db.transaction(async (tx) => {
      const [stored] = await tx
        .insert(stripeEvents)
        .values({ id: event.id, type: event.type })
        .onConflictDoNothing()
        .returning({ id: stripeEvents.id });
      return { duplicate: !stored, ...NO_EFFECT };
    });
  }
  // A handler's writes schedule their follow-ups (an order's mails); they run once this commits.
  return withFollowUps(db, () => applyOnce(db, event, handler, read));
}

async function applyOnce(
  db: Db,
  event: Stripe.Event,
  handler: EventHandler | undefined,
  read: unknown,
): Promise<HandledEvent> {
  return db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    // A concurrent delivery of the same event committed first.
    if (!stored) return { duplicate: true, ...NO_EFFECT };
    const effect = handler ? await handler.apply(tx, event, read) : NO_EFFECT;
    log.info({ event: event.id, type: event.type }, "stripe event processed");
    return { duplicate: false, ...effect };
  });
}
