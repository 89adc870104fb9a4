import "server-only";
import { eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "@/server/db/client";
import { subscriptions } from "@/server/db/schema";
import { conflict, isAppError, notFoundError } from "@/server/errors";
import { idempotencyKeys, type IdempotencyKeys } from "@/server/stripe/idempotency-keys";
import { callStripe } from "@/server/stripe/stripe-errors";
import type { StripeClient } from "@/server/stripe/stripe-client";
import { idOf } from "@/server/stripe/stripe-states";
import type { SubscriptionKind } from "./start-subscription";
import { entitlementOfRow, lockSubscription } from "./subscription-state";
import { SUBSCRIPTION_EXPAND, syncSubscription } from "./sync-subscription";

export const SUBSCRIPTION_PAYMENT_FAILED_MESSAGE =
  "Your payment did not go through. Please try again or use another card.";
const CARD_UPDATE_PURPOSE = "subscription_card";

/**
 * A SetupIntent for a new card on the farmer's subscription, confirmed in the Payment Element;
 * Stripe comes back with `setup_intent` (completeSubscriptionReturn). One per revision of the
 * subscription, so a double click answers the same intent.
 *
 * @throws AppError conflict: no subscription to put a card on
 */
export async function startCardUpdate(
  db: Db,
  stripe: StripeClient,
  { memberId }: { memberId: number },
): Promise<{ clientSecret: string }> {
  // Read before the transaction: inside it, the embedded database has one connection.
  const keys = await idempotencyKeys(db);
  return db.transaction(async (tx) => {
    const { member, row } = await lockSubscription(tx, memberId);
    if (!row?.stripeSubscriptionId || !member.stripeCustomerId || row.status === "incomplete")
      throw conflict("You do not have a plan to put a card on yet.");
    if (row.status === "expired") throw conflict("Your plan has ended. Please subscribe again.");
    const intent = await callStripe("create setup intent", () =>
      stripe.setupIntents.create(
        {
          customer: member.stripeCustomerId!,
          usage: "off_session",
          allowed_payment_method_types: ["card"],
          metadata: {
            member_id: String(memberId),
            purpose: CARD_UPDATE_PURPOSE,
            subscription: row.stripeSubscriptionId!,
          },
        },
        { idempotencyKey: keys.subscriptionCardSetup(row.stripeSubscriptionId!, row.revision) },
      ),
    );
    if (!intent.client_secret) throw conflict("The card form could not be opened.");
    return { clientSecret: intent.client_secret };
  });
}

export type SubscriptionReturn =
  | { state: "completed"; type: SubscriptionKind | "update" }
  | { state: "failed"; message: string }
  | { state: "processing" };

/**
 * Stripe sent the farmer back to the subscription page with `payment_intent` (a first invoice)
 * or `setup_intent` (a new card). What happened is read from Stripe, never from the query: the
 * intent must belong to this farmer's customer, and the subscription is re-read and written down.
 * A new card becomes the subscription's and the customer's default, and pays an open renewal
 * invoice at once (a farmer past due is back in service).
 *
 * @throws AppError not_found: the intent is not this farmer's
 */
export async function completeSubscriptionReturn(
  db: Db,
  stripe: StripeClient,
  {
    memberId,
    paymentIntentId,
    setupIntentId,
  }: { memberId: number; paymentIntentId?: string; setupIntentId?: string },
): Promise<SubscriptionReturn> {
  // Read before the transaction: inside it, the embedded database has one connection.
  const keys = await idempotencyKeys(db);
  return db.transaction(async (tx) => {
    const { member, row } = await lockSubscription(tx, memberId);
    const customerId = member.stripeCustomerId;
    const subscriptionId = row?.stripeSubscriptionId;
    if (!customerId || !subscriptionId || !row) throw notFoundError();

    if (setupIntentId) {
      const intent = await callStripe("retrieve setup intent", () =>
        stripe.setupIntents.retrieve(setupIntentId),
      );
      if (
        idOf(intent.customer) !== customerId ||
        intent.metadata?.purpose !== CARD_UPDATE_PURPOSE ||
        intent.metadata?.subscription !== subscriptionId
      )
        throw notFoundError();
      if (intent.status !== "succeeded") {
        return intent.status === "processing"
          ? { state: "processing" }
          : {
              state: "failed",
              message: intent.last_setup_error?.message ?? SUBSCRIPTION_PAYMENT_FAILED_MESSAGE,
            };
      }
      const card = idOf(intent.payment_method);
      if (!card) return { state: "failed", message: SUBSCRIPTION_PAYMENT_FAILED_MESSAGE };
      const message = await useNewCard(stripe, keys, {
        customerId,
        subscriptionId,
        card,
        setupIntentId,
      });
      const { sub, readAt } = await read(stripe, subscriptionId);
      await syncSubscription(tx, sub, readAt, message ? { lastPaymentError: message } : {});
      await tx
        .update(subscriptions)
        .set({ revision: sql`${subscriptions.revision} + 1`, updatedAt: sql`now()` })
        .where(eq(subscriptions.id, row.id));
      return message ? { state: "failed", message } : { state: "completed", type: "update" };
    }

    if (!paymentIntentId) throw notFoundError();
    const intent = await callStripe("retrieve payment intent", () =>
      stripe.paymentIntents.retrieve(paymentIntentId),
    );
    if (idOf(intent.customer) !== customerId) throw notFoundError();
    const { sub, readAt } = await read(stripe, subscriptionId);
    const failure =
      intent.status === "succeeded" || intent.status === "processing"
        ? null
        : (intent.last_payment_error?.message ?? SUBSCRIPTION_PAYMENT_FAILED_MESSAGE);
    await syncSubscription(tx, sub, readAt, failure ? { lastPaymentError: failure } : {});
    // What is written now (a webhook may have written a newer read meanwhile).
    const [written] = await tx.select().from(subscriptions).where(eq(subscriptions.id, row.id));
    const kind: SubscriptionKind = sub.metadata?.type === "resubscribe" ? "resubscribe" : "create";
    if (entitlementOfRow(written ?? row, new Date()).subscribed)
      return { state: "completed", type: kind };
    // Paid, but Stripe has not moved the subscription on yet: the page says so and shows it later.
    if (!failure) return { state: "processing" };
    return { state: "failed", message: failure };
  });
}

async function read(stripe: StripeClient, subscriptionId: string) {
  const readAt = new Date();
  const sub = await callStripe("retrieve subscription", () =>
    stripe.subscriptions.retrieve(subscriptionId, { expand: SUBSCRIPTION_EXPAND }),
  );
  return { sub, readAt };
}

/**
 * Makes the new card the subscription's and the customer's default; pays an open invoice with it.
 * Returns why that payment failed, or null.
 */
async function useNewCard(
  stripe: StripeClient,
  keys: IdempotencyKeys,
  {
    customerId,
    subscriptionId,
    card,
    setupIntentId,
  }: { customerId: string; subscriptionId: string; card: string; setupIntentId: string },
): Promise<string | null> {
  const sub = await callStripe("set subscription card", () =>
    stripe.subscriptions.update(
      subscriptionId,
      { default_payment_method: card, expand: ["latest_invoice"] },
      { idempotencyKey: keys.subscriptionCard(setupIntentId) },
    ),
  );
  await callStripe("set customer card", () =>
    stripe.customers.update(
      customerId,
      { invoice_settings: { default_payment_method: card } },
      { idempotencyKey: keys.customerCard(setupIntentId) },
    ),
  );
  const invoice = sub.latest_invoice as Stripe.Invoice | null;
  if (invoice?.status !== "open" || !invoice.id || sub.status === "incomplete") return null;
  const invoiceId = invoice.id;
  try {
    await callStripe("pay open invoice", () =>
      stripe.invoices.pay(
        invoiceId,
        { payment_method: card },
        { idempotencyKey: keys.invoicePay(invoiceId, setupIntentId) },
      ),
    );
    return null;
  } catch (error) {
    // A declined card (callStripe's conflict) is the farmer's to fix; anything else is ours.
    if (isAppError(error) && error.code === "conflict") return error.publicMessage;
    throw error;
  }
}
