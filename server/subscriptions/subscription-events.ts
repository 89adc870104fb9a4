import "server-only";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { subscriptions } from "@/server/db/schema";
import { NO_EFFECT, defineHandler, type EventHandler } from "@/server/stripe/event-types";
import { callStripe } from "@/server/stripe/stripe-errors";
import { readSubscription, subscriptionIdOfInvoice, syncSubscription } from "./sync-subscription";

type Read = { sub: Stripe.Subscription; readAt: Date } | null;

const read = (subscriptionId: string | null) => (stripe: Stripe) =>
  subscriptionId
    ? callStripe("retrieve subscription", () => readSubscription(stripe, subscriptionId))
    : Promise.resolve(null);

/**
 * `customer.subscription.created/updated/deleted`: the subscription is read again from Stripe and
 * written down (syncSubscription), so what an event carries, its order and its repeats do not
 * matter: the newest read wins.
 */
export const subscriptionChanged: EventHandler = defineHandler<Read>({
  read: (stripe, event) => read((event.data.object as Stripe.Subscription).id)(stripe),
  async apply(tx, _event, found) {
    if (found) await syncSubscription(tx, found.sub, found.readAt);
    return NO_EFFECT;
  },
});

/** `invoice.paid`: a first payment, a renewal or a plan change went through. */
export const invoicePaid: EventHandler = defineHandler<Read>({
  read: (stripe, event) =>
    read(subscriptionIdOfInvoice(event.data.object as Stripe.Invoice))(stripe),
  async apply(tx, _event, found) {
    if (found) await syncSubscription(tx, found.sub, found.readAt, { lastPaymentError: null });
    return NO_EFFECT;
  },
});

/**
 * `invoice.payment_failed` and `invoice.payment_action_required`: a renewal could not be charged
 * (Stripe retries it; the plan stays in service for the grace period) or the bank wants the farmer
 * to confirm it. The farmer is mailed a link to update the card. A first payment that fails is not
 * mailed: the farmer is on the payment page and sees why there.
 */
export function invoicePaymentProblem(actionRequired: boolean): EventHandler {
  return defineHandler<Read>({
    read: (stripe, event) =>
      read(subscriptionIdOfInvoice(event.data.object as Stripe.Invoice))(stripe),
    async apply(tx, event, found) {
      if (!found) return NO_EFFECT;
      const invoice = event.data.object as Stripe.Invoice;
      // A first payment's failure is shown on the payment page with the bank's own reason.
      const firstPayment = invoice.billing_reason === "subscription_create";
      await syncSubscription(
        tx,
        found.sub,
        found.readAt,
        firstPayment
          ? {}
          : {
              lastPaymentError: actionRequired
                ? "Your bank asks you to confirm the last payment for your plan. Please update your card."
                : "We could not charge your card for your plan. Please update your card.",
            },
      );
      const [row] = await tx
        .select({ memberId: subscriptions.memberId })
        .from(subscriptions)
        .where(eq(subscriptions.stripeSubscriptionId, found.sub.id))
        .limit(1);
      if (!row || firstPayment) return NO_EFFECT;
      return { ...NO_EFFECT, planPaymentProblem: { memberId: row.memberId, actionRequired } };
    },
  });
}
