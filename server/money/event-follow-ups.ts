import "server-only";
import type { Db } from "@/server/db/client";
import { log } from "@/server/log";
import { sendRefundEmails } from "@/server/orders/send-refund-emails";
import type { HandledEvent } from "@/server/money/handle-stripe-event";
import { settleReversals } from "@/server/payments/refunds";
import type { StripeClient } from "@/server/stripe/stripe-client";
import { payOwedPayouts } from "@/server/payouts/pay-merchant";
import { sendPlanPaymentEmail } from "@/server/subscriptions";

/**
 * What follows a Stripe event once its change committed: the mails of refunds it saw finished and
 * of a plan payment that failed; the reversals those refunds owe; and the payouts owed to a farm
 * whose account it found ready. One place for every caller of `handleStripeEvent` (the two webhook
 * routes and the reconciler's replay), so none forgets one. An order the event placed schedules
 * its own mails (`afterCommit` in `markOrderPaid`).
 * Each step's failure is logged and the others still run; what is left is the reconciler's.
 */
export async function followUpStripeEvent(
  db: Db,
  stripe: StripeClient,
  effect: Omit<HandledEvent, "duplicate">,
): Promise<void> {
  const steps: [string, () => Promise<unknown>][] = [];
  const problem = effect.planPaymentProblem;
  if (problem) steps.push(["plan payment email", () => sendPlanPaymentEmail(db, problem)]);
  const refunds = effect.refunds;
  if (refunds && refunds.done.length > 0) {
    steps.push(["refund emails", () => sendRefundEmails(db, refunds.done, refunds.ownCents)]);
    for (const orderId of new Set(refunds.done.map((done) => done.orderId)))
      steps.push(["payout reversals", () => settleReversals(db, stripe, orderId)]);
  }
  const ready = effect.readyMerchantId;
  if (ready) steps.push(["owed payouts", () => payOwedPayouts(db, stripe, ready)]);
  for (const [task, step] of steps) {
    try {
      await step();
    } catch (error) {
      log.error({ err: error, task }, "a stripe event's follow-up failed; the reconciler retries");
    }
  }
}
