import "server-only";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Currency } from "@/lib/money";
import type { CompletedType } from "@/lib/subscriptions/completed-path";
import type { Db } from "@/server/db/client";
import { members } from "@/server/db/schema";
import { notFoundError } from "@/server/errors";
import { callStripe } from "@/server/stripe/stripe-errors";
import type { StripeClient } from "@/server/stripe/stripe-client";
import { idOf } from "@/server/stripe/stripe-states";
import type { PaidPlanId } from "./plan-prices";
import { getSubscriptionDetails } from "./subscription-state";

/** What the address claims happened: its params and its paymentIntentId query. */
export type CompletionClaim = {
  type: CompletedType;
  /** Unix seconds: when a cancelled plan ends, or when a new plan renews. */
  expiresAt: number | null;
  paymentIntentId: string | null;
};

/** What the completed page may say, every part of it read from the farmer's own subscription. */
export type SubscriptionCompletion = {
  type: CompletedType;
  /** The paid plan the change was about. */
  plan: PaidPlanId;
  /** cancel: when the service ends; create and resubscribe: when the plan renews; else null. */
  date: Date | null;
  /** The first payment, as Stripe has it on the subscription's latest invoice. */
  payment: { amountCents: number; currency: Currency } | null;
};

/**
 * The subscriptionPaymentCompleted page's params (type, expiresAt, paymentIntentId) are claims:
 * each is checked against the farmer's own subscription, never shown because the address says so.
 * The type must be what the plan shows now (subscribed after create and resubscribe, expiring
 * after cancel, a Stripe subscription after update); expiresAt must be that plan's date to the
 * second; paymentIntentId must be the paid payment of its latest invoice, read from Stripe.
 *
 * @throws AppError not_found: a claim the farmer's subscription does not bear out
 * @throws AppError unavailable: Stripe did not answer (paymentIntentId only)
 */
export async function confirmSubscriptionChange(
  db: Db,
  stripe: StripeClient | null,
  { memberId, claim }: { memberId: number; claim: CompletionClaim },
): Promise<SubscriptionCompletion> {
  const { entitlement, row } = await getSubscriptionDetails(db, memberId);
  const plan = entitlement.paidPlan ?? entitlement.plan;
  if (!row || plan === "basic") throw notFoundError();

  const { state } = entitlement;
  const borneOut: Record<CompletedType, boolean> = {
    create: state === "active" || state === "past_due",
    resubscribe: state === "active" || state === "past_due",
    cancel: state === "expiring",
    update: row.stripeSubscriptionId !== null && state !== "none" && state !== "expired",
  };
  if (!borneOut[claim.type]) throw notFoundError();

  const date =
    claim.type === "cancel"
      ? entitlement.serviceExpiresAt
      : claim.type === "update"
        ? null
        : row.currentPeriodEnd;
  if (claim.expiresAt !== null && (!date || Math.floor(date.getTime() / 1000) !== claim.expiresAt))
    throw notFoundError();

  const payment =
    claim.paymentIntentId === null
      ? null
      : await readFirstPayment(db, stripe, {
          memberId,
          type: claim.type,
          subscriptionId: row.stripeSubscriptionId,
          paymentIntentId: claim.paymentIntentId,
        });
  return { type: claim.type, plan, date, payment };
}

/** The paid payment `paymentIntentId` of the subscription's latest invoice, or not_found. */
async function readFirstPayment(
  db: Db,
  stripe: StripeClient | null,
  {
    memberId,
    type,
    subscriptionId,
    paymentIntentId,
  }: {
    memberId: number;
    type: CompletedType;
    subscriptionId: string | null;
    paymentIntentId: string;
  },
): Promise<SubscriptionCompletion["payment"]> {
  // Only subscribing pays an invoice on this page's way; Stripe ids are short ASCII.
  if (type !== "create" && type !== "resubscribe") throw notFoundError();
  if (!stripe || !subscriptionId || !/^pi_[A-Za-z0-9_]{1,250}$/.test(paymentIntentId))
    throw notFoundError();
  const [member] = await db
    .select({ customerId: members.stripeCustomerId })
    .from(members)
    .where(eq(members.id, memberId));
  const sub = await callStripe("retrieve subscription", () =>
    stripe.subscriptions.retrieve(subscriptionId, { expand: ["latest_invoice.payments"] }),
  );
  const invoice = sub.latest_invoice as Stripe.Invoice | null;
  if (!member?.customerId || idOf(sub.customer) !== member.customerId || !invoice)
    throw notFoundError();
  const paid = invoice.payments?.data.find(
    (entry) =>
      entry.payment.type === "payment_intent" &&
      idOf(entry.payment.payment_intent) === paymentIntentId &&
      entry.status === "paid",
  );
  if (!paid) throw notFoundError();
  return {
    amountCents: paid.amount_paid ?? paid.amount_requested,
    currency: paid.currency.toUpperCase() as Currency,
  };
}
