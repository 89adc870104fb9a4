import "server-only";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import Stripe from "stripe";
import type { Db } from "@/server/db/client";
import { members, orderItems, orders, payouts } from "@/server/db/schema";
import { log } from "@/server/log";
import { idempotencyKeysOf, installationKey } from "@/server/stripe/idempotency-keys";
import { settleMoneyIssues } from "@/server/stripe/money-issues";
import type { StripeClient } from "@/server/stripe/stripe-client";

export const ACCOUNT_NOT_READY_REASON =
  "The farm's payout account is not ready yet. It is paid as soon as Stripe says it is.";
export const DISPUTED_REASON =
  "The customer disputed this payment with their bank. It is paid once the dispute is settled.";
export const STRIPE_UNAVAILABLE_REASON =
  "The card payment service did not answer. It is tried again automatically.";

export type PayoutOutcome =
  | { status: "paid"; payoutId: number; amountCents: number; transferId: string; created: boolean }
  | { status: "owed"; payoutId: number; amountCents: number; reason: string }
  | { status: "nothing"; reason: string };

/**
 * Pays one farmer for their lines of one paid card order: one Stripe Transfer of the lines' totals
 * minus the fees kept on each line (lib/fees lineFees), in the order's currency, funded by the
 * order's charge (`source_transaction`, so it never waits for the platform's balance), in the
 * order's `transfer_group`. Called when the farmer confirms the handover (the QR code), by an
 * admin's Pay Merchant, and again for what is owed when the farm's account becomes ready.
 *
 * Exactly once: the payout row (one per order and farmer) is locked for the whole attempt, so
 * twenty confirms at once queue and all but the first find it paid; the transfer's key is
 * `transfer:{orderId}:{merchantId}:{attempt}`, so a retry after a timeout or a lost answer gets the
 * transfer Stripe already made. Only a transfer Stripe refused bumps `attempt`: its answer is kept
 * under the old key, and the next try (the account ready by then) must be a new request. A payout
 * that cannot be made now stays `owed` with its reason; nothing throws for that.
 */
export async function payMerchant(
  db: Db,
  stripe: StripeClient,
  { orderId, merchantId }: { orderId: number; merchantId: number },
): Promise<PayoutOutcome> {
  // Read before the transaction: inside it, the embedded database has one connection.
  const installation = await installationKey(db);
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        orderNo: orders.orderNo,
        currency: orders.currency,
        chargeId: orders.chargeId,
        paymentType: orders.paymentType,
        paymentStatus: orders.paymentStatus,
        disputedAt: orders.disputedAt,
      })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!order || order.paymentType !== "card" || !order.chargeId)
      return { status: "nothing", reason: "There is no card payment to pay out." };
    if (!["paid", "partially_refunded"].includes(order.paymentStatus))
      return { status: "nothing", reason: "This order's payment was refunded." };

    const payout = await lockPayout(tx, orderId, merchantId, order.currency);
    if (!payout) return { status: "nothing", reason: "No line of this farm is left to pay." };
    if (payout.status === "paid" && payout.transferId) {
      return {
        status: "paid",
        payoutId: payout.id,
        amountCents: payout.amountCents,
        transferId: payout.transferId,
        created: false,
      };
    }

    const owe = async (reason: string, bumpAttempt = false) => {
      await tx
        .update(payouts)
        .set({
          failureReason: reason,
          attempt: bumpAttempt ? sql`${payouts.attempt} + 1` : payouts.attempt,
          updatedAt: sql`now()`,
        })
        .where(eq(payouts.id, payout.id));
      return {
        status: "owed" as const,
        payoutId: payout.id,
        amountCents: payout.amountCents,
        reason,
      };
    };
    if (order.disputedAt) return owe(DISPUTED_REASON);
    const [farm] = await tx
      .select({ accountId: members.stripeAccountId, ready: members.payoutAcctSet })
      .from(members)
      .where(eq(members.id, merchantId));
    if (!farm?.accountId || !farm.ready) return owe(ACCOUNT_NOT_READY_REASON);

    let transfer: Stripe.Transfer;
    try {
      // Stripe first: a transfer made for this payout whose answer we lost (a crash, a timeout,
      // a key Stripe no longer remembers) is written down, not made again (decision 0037).
      const made = await findPayoutTransfer(stripe, {
        orderNo: order.orderNo,
        orderId,
        merchantId,
        installation,
      });
      transfer =
        made ??
        (await stripe.transfers.create(
          {
            amount: payout.amountCents,
            currency: order.currency.toLowerCase(),
            destination: farm.accountId,
            source_transaction: order.chargeId,
            transfer_group: order.orderNo,
            description: `Order ${order.orderNo}`,
            metadata: {
              order_id: String(orderId),
              merchant_id: String(merchantId),
              payout_id: String(payout.id),
              installation,
            },
          },
          {
            idempotencyKey: idempotencyKeysOf(installation).transfer(
              orderId,
              merchantId,
              payout.attempt,
            ),
          },
        ));
    } catch (error) {
      log.warn({ err: error, orderId, merchantId }, "transfer to a farm failed; kept as owed");
      const refused =
        error instanceof Stripe.errors.StripeInvalidRequestError ||
        error instanceof Stripe.errors.StripePermissionError;
      return owe(refused ? error.message : STRIPE_UNAVAILABLE_REASON, refused);
    }

    await tx
      .update(payouts)
      .set({
        status: "paid",
        transferId: transfer.id,
        failureReason: null,
        paidAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(payouts.id, payout.id));
    await tx
      .update(orderItems)
      .set({ transferId: transfer.id, merchantPaidAt: sql`now()` })
      .where(and(inArray(orderItems.id, payout.lineIds), isNull(orderItems.transferId)));
    await settleMoneyIssues(
      tx,
      { kinds: ["payout_overdue"], orderId, merchantId },
      "Settled: the farm was paid.",
    );
    return {
      status: "paid",
      payoutId: payout.id,
      amountCents: payout.amountCents,
      transferId: transfer.id,
      created: true,
    };
  });
}

/**
 * The order's payout row for this farmer, made on first need and locked. While it is owed, its
 * amount follows the lines still to pay (a line refunded since drops out).
 */
async function lockPayout(tx: Db, orderId: number, merchantId: number, currency: "CAD" | "USD") {
  const lines = await tx
    .select({
      id: orderItems.id,
      gross: sql<number>`${orderItems.unitPriceCents} * ${orderItems.qty}`.mapWith(Number),
      payout: orderItems.payoutCents,
      refunded: orderItems.refundedCents,
    })
    .from(orderItems)
    .where(
      and(
        eq(orderItems.orderId, orderId),
        eq(orderItems.merchantId, merchantId),
        eq(orderItems.active, true),
        isNull(orderItems.refundedAt),
        isNull(orderItems.refundRequestedAt),
      ),
    )
    .orderBy(orderItems.id)
    .for("update");
  const grossCents = lines.reduce((sum, line) => sum + line.gross, 0);
  // A line partly refunded at Stripe pays its farm what is left of its payout (decision 0037).
  const amountCents = lines.reduce(
    (sum, line) => sum + Math.max(0, (line.payout ?? 0) - line.refunded),
    0,
  );
  const wanted = { grossCents, feesCents: grossCents - amountCents, amountCents };

  await tx
    .insert(payouts)
    .values({ orderId, merchantId, currency, ...wanted })
    .onConflictDoNothing({ target: [payouts.orderId, payouts.merchantId] });
  const [row] = await tx
    .select()
    .from(payouts)
    .where(and(eq(payouts.orderId, orderId), eq(payouts.merchantId, merchantId)))
    .for("update");
  if (!row) return null;
  if (row.status === "paid") return { ...row, lineIds: [] as number[] };
  if (lines.length === 0 || amountCents <= 0) {
    await tx.delete(payouts).where(eq(payouts.id, row.id));
    return null;
  }
  if (row.amountCents !== amountCents || row.grossCents !== grossCents) {
    await tx.update(payouts).set(wanted).where(eq(payouts.id, row.id));
  }
  return { ...row, ...wanted, lineIds: lines.map((line) => line.id) };
}

/** The transfer already made at Stripe for this farm's part of this order, if any. */
async function findPayoutTransfer(
  stripe: StripeClient,
  {
    orderNo,
    orderId,
    merchantId,
    installation,
  }: { orderNo: string; orderId: number; merchantId: number; installation: string },
): Promise<Stripe.Transfer | null> {
  const transfers = await stripe.transfers
    .list({ transfer_group: orderNo, limit: 100 })
    .autoPagingToArray({ limit: 1000 });
  return (
    transfers.find(
      (transfer) =>
        transfer.metadata?.order_id === String(orderId) &&
        transfer.metadata?.merchant_id === String(merchantId) &&
        (transfer.metadata?.installation ?? installation) === installation,
    ) ?? null
  );
}

/** Every payout still owed to a farm, tried again (its account just became ready). */
export async function payOwedPayouts(
  db: Db,
  stripe: StripeClient,
  merchantId: number,
): Promise<PayoutOutcome[]> {
  const owed = await db
    .select({ orderId: payouts.orderId })
    .from(payouts)
    .where(and(eq(payouts.merchantId, merchantId), eq(payouts.status, "owed")));
  const outcomes: PayoutOutcome[] = [];
  for (const { orderId } of owed)
    outcomes.push(await payMerchant(db, stripe, { orderId, merchantId }));
  return outcomes;
}
