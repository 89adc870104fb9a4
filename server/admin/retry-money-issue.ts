import "server-only";
import { afterCommit } from "@/server/base/follow-ups";
import { and, eq, isNull } from "drizzle-orm";
import { formatMoney } from "@/lib/money";
import type { Db } from "@/server/db/client";
import { members, moneyIssues, orderItems, orders } from "@/server/db/schema";
import { conflict, notFoundError } from "@/server/errors";
import { CARD_PAYMENTS_NOT_CONFIGURED_MESSAGE } from "@/server/stripe";
import { sendRefundEmails } from "@/server/orders/send-refund-emails";
import { settleOrderRefunds, settleReversals } from "@/server/payments/refunds";
import type { StripeClient } from "@/server/stripe/stripe-client";
import { isKeyInUse, isStripeUnavailable } from "@/server/stripe/stripe-errors";
import { LINE_GONE_REASON, REFUND_BACK_REASON, REVERSAL_DONE_REASON } from "./list-money-issues";
import { recordAdminAction } from "./record-admin-action";
import {
  alreadyResolvedMessage,
  closeMoneyIssue,
  MONEY_ISSUE_NOT_FOUND_MESSAGE,
} from "./resolve-money-issue";

export const NOT_RETRYABLE_MESSAGE =
  "Only a failed refund or a failed payout reversal can be retried. Mark this one resolved with a note once it is settled.";
export const retriedBy = (username: string) => `Retried by ${username}`;

export const refundDoneMessage = (amount: string, orderNo: string) =>
  `The refund of ${amount} for order ${orderNo} went back to the customer's card.`;
export const refundRefusedAgainMessage = (orderNo: string, reason: string) =>
  `The refund for order ${orderNo} failed again. ${reason} It is listed again on this page.`;
export const reversalDoneMessage = (amount: string, orderNo: string) =>
  `${amount} of the farm's payout for order ${orderNo} was taken back.`;
export const reversalRefusedAgainMessage = (orderNo: string, reason: string) =>
  `Taking back the farm's payout for order ${orderNo} failed again: ${reason} It is listed again on this page.`;
export const stripeSilentMessage = (step: "refund" | "reversal", orderNo: string) =>
  `Stripe did not answer, so the ${step === "refund" ? "refund" : "payout reversal"} for order ${orderNo} is not done yet. It is retried automatically.`;
export const underWayMessage = (step: "refund" | "reversal", orderNo: string) =>
  `The ${step === "refund" ? "refund" : "payout reversal"} for order ${orderNo} is under way. It is finished automatically.`;

type Step = "refund" | "reversal";

/**
 * An operator retries a refund or a payout reversal that Stripe refused (the Money page). In one
 * transaction, under the order's lock (the lock every refund writer takes): the issue is marked
 * resolved ("Retried by ..."), the line's error is cleared so the step is owed again, and the
 * action is audited. The issue is closed before the retry because a new failure is a new issue
 * (its key carries the line's next attempt) and success leaves nothing to close. After the commit
 * the step is settled as every other caller settles it (settleOrderRefunds with its mails, or
 * settleReversals): exactly once, Stripe first. If Stripe does not answer, the cleared error lets
 * the reconciler finish it.
 *
 * @throws AppError not_found; conflict: already resolved, not a retryable kind, its line gone, or
 *   card payments not configured
 */
export async function retryMoneyIssue(
  db: Db,
  stripe: StripeClient | null,
  { adminId, id }: { adminId: number; id: number },
): Promise<{ message: string }> {
  const [issue] = await db
    .select({
      kind: moneyIssues.kind,
      status: moneyIssues.status,
      resolution: moneyIssues.resolution,
      lineId: orderItems.id,
      orderId: orderItems.orderId,
      refundedAt: orderItems.refundedAt,
      transferReversalId: orderItems.transferReversalId,
      orderNo: orders.orderNo,
      currency: orders.currency,
    })
    .from(moneyIssues)
    .leftJoin(orderItems, eq(orderItems.id, moneyIssues.orderItemId))
    .leftJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(moneyIssues.id, id));
  if (!issue) throw notFoundError(MONEY_ISSUE_NOT_FOUND_MESSAGE);
  if (issue.status !== "open") throw conflict(alreadyResolvedMessage(issue.resolution));
  const step: Step | null =
    issue.kind === "refund_failed"
      ? "refund"
      : issue.kind === "reversal_failed"
        ? "reversal"
        : null;
  if (!step) throw conflict(NOT_RETRYABLE_MESSAGE);
  if (!issue.lineId || !issue.orderId || !issue.orderNo || !issue.currency)
    throw conflict(LINE_GONE_REASON);
  // Settled meanwhile: there is nothing left to retry.
  if (step === "refund" && issue.refundedAt) throw conflict(REFUND_BACK_REASON);
  if (step === "reversal" && issue.transferReversalId) throw conflict(REVERSAL_DONE_REASON);
  if (!stripe) throw conflict(CARD_PAYMENTS_NOT_CONFIGURED_MESSAGE);
  const { lineId, orderId, orderNo, currency } = issue;

  await db.transaction(async (tx) => {
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for("update");
    const [admin] = await tx
      .select({ username: members.username })
      .from(members)
      .where(eq(members.id, adminId));
    const resolution = retriedBy(admin?.username ?? `admin #${adminId}`);
    await closeMoneyIssue(tx, { id, adminId, resolution });
    const [line] = await tx
      .select({ refundError: orderItems.refundError, reversalError: orderItems.reversalError })
      .from(orderItems)
      .where(eq(orderItems.id, lineId));
    // The attempt was bumped when the error was written, so the retry is a new request to Stripe.
    if (step === "refund")
      await tx
        .update(orderItems)
        .set({ refundError: null })
        .where(and(eq(orderItems.id, lineId), isNull(orderItems.refundedAt)));
    else
      await tx
        .update(orderItems)
        .set({ reversalError: null })
        .where(and(eq(orderItems.id, lineId), isNull(orderItems.transferReversalId)));
    await recordAdminAction(tx, {
      adminId,
      action: "money_retry",
      target: `money_issue:${id}`,
      before: {
        status: "open",
        kind: issue.kind,
        orderNo,
        error: (step === "refund" ? line?.refundError : line?.reversalError) ?? null,
      },
      after: { status: "resolved", resolution, error: null },
    });
  });

  return step === "refund"
    ? retryRefund(db, stripe, { lineId, orderId, orderNo, currency })
    : retryReversal(db, stripe, { lineId, orderId, orderNo, currency });
}

type Line = { lineId: number; orderId: number; orderNo: string; currency: "CAD" | "USD" };

async function retryRefund(db: Db, stripe: StripeClient, line: Line): Promise<{ message: string }> {
  const settled = await settleOrderRefunds(db, stripe, line.orderId);
  await afterCommit(db, "refund emails", (db) =>
    sendRefundEmails(db, settled.done, settled.ownCents),
  );
  const done = settled.done.find((entry) => entry.lineId === line.lineId);
  if (done)
    return {
      message: refundDoneMessage(
        formatMoney(settled.ownCents[line.lineId] ?? done.refundedCents, line.currency),
        line.orderNo,
      ),
    };
  const failed = settled.failed.find((entry) => entry.lineId === line.lineId);
  if (failed) return { message: refundRefusedAgainMessage(line.orderNo, failed.reason) };
  if (settled.unavailable) return { message: stripeSilentMessage("refund", line.orderNo) };
  return { message: underWayMessage("refund", line.orderNo) };
}

async function retryReversal(
  db: Db,
  stripe: StripeClient,
  line: Line,
): Promise<{ message: string }> {
  try {
    await settleReversals(db, stripe, line.orderId);
  } catch (error) {
    if (isStripeUnavailable(error))
      return { message: stripeSilentMessage("reversal", line.orderNo) };
    if (isKeyInUse(error)) return { message: underWayMessage("reversal", line.orderNo) };
    throw error;
  }
  const [after] = await db
    .select({
      reversalId: orderItems.transferReversalId,
      reversalError: orderItems.reversalError,
      payoutCents: orderItems.payoutCents,
    })
    .from(orderItems)
    .where(eq(orderItems.id, line.lineId));
  if (after?.reversalId)
    return {
      message: reversalDoneMessage(
        formatMoney(after.payoutCents ?? 0, line.currency),
        line.orderNo,
      ),
    };
  if (after?.reversalError)
    return { message: reversalRefusedAgainMessage(line.orderNo, after.reversalError) };
  return { message: underWayMessage("reversal", line.orderNo) };
}
