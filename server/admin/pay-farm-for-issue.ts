import "server-only";
import { eq, sql } from "drizzle-orm";
import { formatMoney } from "@/lib/money";
import type { Db } from "@/server/db/client";
import { members, moneyIssues, orderItems, orders } from "@/server/db/schema";
import { conflict, notFoundError } from "@/server/errors";
import { CARD_PAYMENTS_NOT_CONFIGURED_MESSAGE } from "@/server/stripe";
import type { StripeClient } from "@/server/stripe/stripe-client";
import { callStripe } from "@/server/stripe/stripe-errors";
import { payMerchant, type PayoutOutcome } from "@/server/payouts/pay-merchant";
import { NO_ORDER_REASON } from "./list-money-issues";
import { farmPaidMessage } from "./pay-merchant-for-line";
import { recordAdminAction } from "./record-admin-action";
import {
  alreadyResolvedMessage,
  closeMoneyIssue,
  MONEY_ISSUE_NOT_FOUND_MESSAGE,
} from "./resolve-money-issue";

export const NOT_PAYABLE_MESSAGE =
  "Only an overdue payout or a disputed payment pays a farm from here.";
export const farmAlreadyPaidMessage = (amount: string, orderNo: string) =>
  `The farm had already been paid ${amount} for order ${orderNo}.`;
export const nothingOwedMessage = (reason: string) =>
  `${reason} Nothing is owed: mark the issue resolved with a note.`;
export const disputeOpenMessage = (status: string) =>
  `The dispute is still open at Stripe (${status.replaceAll("_", " ")}). Pay the farms once it is won.`;
export const DISPUTE_LOST_MESSAGE =
  "The customer's bank kept the money: the dispute was lost, so there is nothing to pay the farms from. Mark the issue resolved with a note.";
export const PAID_RESOLUTION = "Settled: the farm was paid.";
export const disputeReleasedResolution = (status: string, username: string) =>
  `The dispute was ${status === "won" ? "won" : "closed"} at Stripe: ${username} released the farms' payouts.`;

/** A dispute Stripe closed in the marketplace's favour: the money stays, the farms can be paid. */
const RELEASED = new Set(["won", "warning_closed"]);
/** A dispute that took the money back to the customer. */
const LOST = new Set(["lost", "prevented"]);

/**
 * An operator pays what a money issue says a farm is owed (the Money page):
 * - `payout_overdue`: the farm's payout of that order, through payMerchant (the exactly-once
 *   transfer of the handover and of Pay Merchant); once paid, payMerchant closes the issue and it
 *   is marked as this admin's. A payout that still cannot be made stays owed, the issue open, and
 *   the reason is the answer.
 * - `dispute_opened`: only once Stripe says the dispute is won (Stripe is the truth, decision
 *   0037): the issue is closed and the order's hold (`disputed_at`, which keeps payMerchant from
 *   paying) is released in one transaction, then every farm of the order is paid; what cannot be
 *   paid now stays owed and is paid by the reconciler.
 * Every payMerchant attempt is audited as `pay_merchant` after its own transaction, as Pay
 * Merchant's are.
 *
 * @throws AppError not_found; conflict: already resolved, not a payout issue, no order, nothing
 *   owed, the dispute still open or lost, card payments not configured; unavailable (Stripe)
 */
export async function payFarmForIssue(
  db: Db,
  stripe: StripeClient | null,
  { adminId, id }: { adminId: number; id: number },
): Promise<{ message: string }> {
  const [issue] = await db
    .select({
      kind: moneyIssues.kind,
      status: moneyIssues.status,
      resolution: moneyIssues.resolution,
      merchantId: moneyIssues.merchantId,
      stripeIds: moneyIssues.stripeIds,
      orderId: orders.id,
      orderNo: orders.orderNo,
      currency: orders.currency,
    })
    .from(moneyIssues)
    .leftJoin(orders, eq(orders.id, moneyIssues.orderId))
    .where(eq(moneyIssues.id, id));
  if (!issue) throw notFoundError(MONEY_ISSUE_NOT_FOUND_MESSAGE);
  if (issue.status !== "open") throw conflict(alreadyResolvedMessage(issue.resolution));
  if (issue.kind !== "payout_overdue" && issue.kind !== "dispute_opened")
    throw conflict(NOT_PAYABLE_MESSAGE);
  if (!issue.orderId || !issue.orderNo || !issue.currency) throw conflict(NO_ORDER_REASON);
  if (!stripe) throw conflict(CARD_PAYMENTS_NOT_CONFIGURED_MESSAGE);
  const order = { id: issue.orderId, orderNo: issue.orderNo, currency: issue.currency };

  if (issue.kind === "dispute_opened")
    return payAfterDispute(db, stripe, { adminId, id, order, disputeId: issue.stripeIds.dispute });
  if (!issue.merchantId) throw conflict(NO_ORDER_REASON);
  const merchantId = issue.merchantId;

  const outcome = await payMerchant(db, stripe, { orderId: order.id, merchantId });
  await db.transaction(async (tx) => {
    await recordAdminAction(tx, {
      adminId,
      action: "pay_merchant",
      target: `money_issue:${id}`,
      before: { kind: issue.kind, orderNo: order.orderNo, merchantId },
      after: auditOf(outcome),
    });
    // payMerchant closed the farm's overdue issues when it paid; the operator is who did it.
    if (outcome.status === "paid")
      await tx
        .update(moneyIssues)
        .set({
          status: "resolved",
          resolvedBy: sql`coalesce(${moneyIssues.resolvedBy}, ${adminId}::integer)`,
          resolution: sql`coalesce(${moneyIssues.resolution}, ${PAID_RESOLUTION})`,
          resolvedAt: sql`coalesce(${moneyIssues.resolvedAt}, now())`,
          updatedAt: sql`now()`,
        })
        .where(eq(moneyIssues.id, id));
  });
  if (outcome.status === "paid") {
    const amount = formatMoney(outcome.amountCents, order.currency);
    return {
      message: outcome.created
        ? farmPaidMessage(amount, order.orderNo)
        : farmAlreadyPaidMessage(amount, order.orderNo),
    };
  }
  if (outcome.status === "owed") return { message: outcome.reason };
  throw conflict(nothingOwedMessage(outcome.reason));
}

type Order = { id: number; orderNo: string; currency: "CAD" | "USD" };

async function payAfterDispute(
  db: Db,
  stripe: StripeClient,
  {
    adminId,
    id,
    order,
    disputeId,
  }: { adminId: number; id: number; order: Order; disputeId: string | undefined },
): Promise<{ message: string }> {
  if (!disputeId) throw conflict(NOT_PAYABLE_MESSAGE);
  const dispute = await callStripe("retrieve dispute", () => stripe.disputes.retrieve(disputeId));
  if (LOST.has(dispute.status)) throw conflict(DISPUTE_LOST_MESSAGE);
  if (!RELEASED.has(dispute.status)) throw conflict(disputeOpenMessage(dispute.status));

  const farms = await db.transaction(async (tx) => {
    const [admin] = await tx
      .select({ username: members.username })
      .from(members)
      .where(eq(members.id, adminId));
    await closeMoneyIssue(tx, {
      id,
      adminId,
      resolution: disputeReleasedResolution(dispute.status, admin?.username ?? `admin #${adminId}`),
    });
    await tx.update(orders).set({ disputedAt: null }).where(eq(orders.id, order.id));
    return tx
      .selectDistinct({ merchantId: orderItems.merchantId, username: members.username })
      .from(orderItems)
      .innerJoin(members, eq(members.id, orderItems.merchantId))
      .where(eq(orderItems.orderId, order.id))
      .orderBy(orderItems.merchantId);
  });

  const said: string[] = [];
  for (const farm of farms) {
    const outcome = await payMerchant(db, stripe, {
      orderId: order.id,
      merchantId: farm.merchantId,
    });
    await recordAdminAction(db, {
      adminId,
      action: "pay_merchant",
      target: `money_issue:${id}`,
      before: {
        kind: "dispute_opened",
        disputeStatus: dispute.status,
        orderNo: order.orderNo,
        merchantId: farm.merchantId,
      },
      after: auditOf(outcome),
    });
    said.push(
      outcome.status === "paid"
        ? `${farm.username} was paid ${formatMoney(outcome.amountCents, order.currency)}.`
        : `${farm.username}: ${outcome.reason}`,
    );
  }
  return {
    message:
      `The dispute on order ${order.orderNo} was ${dispute.status === "won" ? "won" : "closed"}: the farms' payouts are released. ${said.join(" ")}`.trim(),
  };
}

function auditOf(outcome: PayoutOutcome): Record<string, unknown> {
  return outcome.status === "paid"
    ? { status: "paid", amountCents: outcome.amountCents, transferId: outcome.transferId }
    : outcome.status === "owed"
      ? { status: "owed", amountCents: outcome.amountCents, reason: outcome.reason }
      : { status: "nothing", reason: outcome.reason };
}
