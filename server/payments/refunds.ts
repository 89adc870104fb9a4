import "server-only";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import Stripe from "stripe";
import type { OrderStatus } from "@/lib/constants";
import type { Db } from "@/server/db/client";
import { orderItems, orders, payouts } from "@/server/db/schema";
import { log } from "@/server/log";
import { idempotencyKeys, installationKey } from "@/server/stripe/idempotency-keys";
import { raiseMoneyIssue, settleMoneyIssues } from "@/server/stripe/money-issues";
import { isStripeUnavailable, isKeyInUse } from "@/server/stripe/stripe-errors";
import type { StripeClient } from "@/server/stripe/stripe-client";
import { idOf } from "@/server/stripe/stripe-states";

/** Who asked for a line's refund (order_items.refund_by): decides the mails once it is done. */
export type RefundActor = "customer" | "farm" | "admin" | "stripe";

/** A line whose money came back in this call: reported once, to the one caller that saw it. */
export type RefundDone = {
  orderId: number;
  lineId: number;
  by: RefundActor;
  /** The status the line took. */
  status: OrderStatus;
  /** All that went back on the line (ours and its share of refunds made at Stripe). */
  refundedCents: number;
  /**
   * This line was the last of a customer's cancel to come back: its caller, and only it, answers
   * the cancel and sends its mails (one winner however many callers finish lines of it).
   */
  completesCancel: boolean;
};

export type RefundSettlement = {
  done: RefundDone[];
  /** Lines Stripe refused or failed to refund: raised for the operators. */
  failed: { lineId: number; reason: string }[];
  /** Lines still asked for and not done: Stripe did not answer, or another request holds them. */
  waiting: number[];
  /** Stripe did not answer (a 5xx, a timeout): trying again later is safe. */
  unavailable: boolean;
  /** What our own refunds gave back, by line, as Stripe last said (for the messages and mails). */
  ownCents: Record<number, number>;
};

/** Order payment states that have a charge to refund or to read refunds of. */
const CHARGED = ["paid", "partially_refunded", "refunded"] as const;
/** Refund states in which the money is (or is about to be) back on the card. */
const COUNTED = new Set(["succeeded", "pending", "requires_action"]);

/**
 * Asks for the refund of some lines of a paid card order, in the caller's transaction and under
 * its lock (decision 0037): the lines are marked asked (`refund_requested_at`), with who asked
 * and the status each takes once its money is back. Nothing talks to Stripe here; a line already
 * refunded, or already asked for, keeps what it had. `settleOrderRefunds` does the rest, now or,
 * after a crash or a Stripe outage, later.
 *
 * @returns the ids of the lines now asked for (newly or before)
 */
export async function requestLineRefunds(
  tx: Db,
  {
    orderId,
    lineIds,
    by,
    to,
  }: { orderId: number; lineIds: readonly number[]; by: RefundActor; to: OrderStatus },
): Promise<number[]> {
  if (lineIds.length === 0) return [];
  const rows = await tx
    .update(orderItems)
    .set({
      refundRequestedAt: sql`coalesce(${orderItems.refundRequestedAt}, now())`,
      refundBy: sql`coalesce(${orderItems.refundBy}, ${by}::refund_actor)`,
      refundTo: sql`coalesce(${orderItems.refundTo}, ${to}::order_item_status)`,
    })
    .where(
      and(
        eq(orderItems.orderId, orderId),
        inArray(orderItems.id, [...lineIds]),
        isNull(orderItems.refundedAt),
      ),
    )
    .returning({ id: orderItems.id });
  return rows.map((row) => row.id);
}

/**
 * Finishes every refund asked for on one order, exactly once, whoever calls: the request that
 * asked, its retry, a webhook, the reconciler or an operator. Stripe is the truth: the order's
 * refunds are read from Stripe first and written onto the lines (a refund whose answer was lost,
 * one made in Stripe's dashboard, one another caller made a moment ago), and only what is still
 * owed is asked of Stripe, one Refund per line with the key `refund:{lineId}:{attempt}` and the
 * line in its metadata. A refusal (or a refund that failed after it was made) keeps the line asked,
 * records Stripe's reason and raises it for the operators; a 5xx or a timeout stops the run and
 * leaves the rest for the next caller. Then the reversals the refunded lines owe their farms.
 * No database lock is held while Stripe is called.
 */
export async function settleOrderRefunds(
  db: Db,
  stripe: StripeClient,
  orderId: number,
): Promise<RefundSettlement> {
  const settlement: RefundSettlement = {
    done: [],
    failed: [],
    waiting: [],
    unavailable: false,
    ownCents: {},
  };
  const [order] = await db
    .select({ paymentIntentId: orders.paymentIntentId })
    .from(orders)
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.paymentType, "card"),
        inArray(orders.paymentStatus, [...CHARGED]),
      ),
    );
  if (!order?.paymentIntentId) return settlement;
  const intentId = order.paymentIntentId;

  for (let round = 0; round < 2; round += 1) {
    let known: Stripe.Refund[];
    try {
      known = await listRefunds(stripe, intentId);
    } catch (error) {
      if (!isStripeUnavailable(error)) throw error;
      settlement.unavailable = true;
      settlement.waiting = await openRefundLines(db, orderId);
      return settlement;
    }
    const synced = await db.transaction((tx) => applyStripeRefunds(tx, orderId, known));
    settlement.done.push(...synced.done);
    settlement.failed.push(...synced.failed);
    settlement.ownCents = synced.ownCents;
    if (synced.owed.length === 0) break;

    const keys = await idempotencyKeys(db);
    const installation = await installationKey(db);
    const made: Stripe.Refund[] = [];
    const refused: { line: OwedRefund; reason: string; stale: boolean }[] = [];
    for (const line of synced.owed) {
      try {
        made.push(
          await stripe.refunds.create(
            {
              payment_intent: intentId,
              amount: line.amountCents,
              reason: "requested_by_customer",
              metadata: {
                order_id: String(orderId),
                order_item_id: String(line.id),
                attempt: String(line.attempt),
                installation,
              },
            },
            { idempotencyKey: keys.refund(line.id, line.attempt) },
          ),
        );
      } catch (error) {
        if (isStripeUnavailable(error)) {
          settlement.unavailable = true;
          break;
        }
        if (isKeyInUse(error)) continue; // another caller is making this very refund
        if (!(error instanceof Stripe.errors.StripeError)) throw error;
        // Refused: what Stripe knows is not what we read (a refund made meanwhile) or it will not
        // refund this card. The next try must be a new request either way.
        const stale = error.code === "amount_too_large" || error.code === "charge_already_refunded";
        refused.push({ line, reason: error.message, stale });
      }
    }
    const recorded = await db.transaction(async (tx) => {
      for (const { line, reason, stale } of refused)
        await recordRefundRefusal(tx, orderId, line, reason, stale);
      return applyStripeRefunds(tx, orderId, [...known, ...made]);
    });
    settlement.done.push(...recorded.done);
    settlement.ownCents = recorded.ownCents;
    settlement.failed.push(
      ...refused.filter((r) => !r.stale).map((r) => ({ lineId: r.line.id, reason: r.reason })),
    );
    // A stale refusal is read again from Stripe once; anything else waits for the next caller.
    if (settlement.unavailable || !refused.some((r) => r.stale)) break;
  }

  // The customer's money is back whatever happens to the farm's side: a reversal that fails here
  // is the reconciler's (a 5xx) or the operators' (raised inside), never this caller's error.
  await settleReversals(db, stripe, orderId).catch((error: unknown) => {
    if (!isStripeUnavailable(error))
      log.error({ err: error, orderId }, "payout reversals of a refunded order failed");
  });
  settlement.waiting = await openRefundLines(db, orderId);
  return settlement;
}

/** Every refund of the intent, newest first (Stripe pages them 100 at a time). */
async function listRefunds(stripe: StripeClient, intentId: string): Promise<Stripe.Refund[]> {
  return stripe.refunds.list({ payment_intent: intentId, limit: 100 }).autoPagingToArray({
    limit: 10_000,
  });
}

async function openRefundLines(db: Db, orderId: number): Promise<number[]> {
  const rows = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(
      and(
        eq(orderItems.orderId, orderId),
        sql`${orderItems.refundRequestedAt} is not null`,
        isNull(orderItems.refundedAt),
      ),
    );
  return rows.map((row) => row.id);
}

type OwedRefund = { id: number; amountCents: number; attempt: number };

/**
 * Writes what Stripe says of an order's refunds onto its lines, under the order's row lock, so any
 * number of callers with any order of reads end on Stripe's state and each line's change is seen
 * by one of them. Our refunds name their line in the metadata; money given back in Stripe's
 * dashboard names none and is shared out over the lines in line order, each up to what is left of
 * it. A line whose money is all back takes the status it was asked to take (`refunded` when
 * nobody asked: the dashboard); a line whose refund failed at Stripe after it was made is asked
 * again, with Stripe's reason, for the operators. The order becomes `refunded` when every line is,
 * `partially_refunded` when some money went back.
 */
export async function applyStripeRefunds(
  tx: Db,
  orderId: number,
  refunds: readonly Stripe.Refund[],
): Promise<{
  done: RefundDone[];
  failed: { lineId: number; reason: string }[];
  owed: OwedRefund[];
  ownCents: Record<number, number>;
}> {
  const [order] = await tx
    .select({
      paymentStatus: orders.paymentStatus,
      currency: orders.currency,
      customerId: orders.customerId,
      paymentIntentId: orders.paymentIntentId,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  if (!order || !(CHARGED as readonly string[]).includes(order.paymentStatus))
    return { done: [], failed: [], owed: [], ownCents: {} };
  const lines = await tx
    .select({
      id: orderItems.id,
      merchantId: orderItems.merchantId,
      totalCents: sql<number>`${orderItems.unitPriceCents} * ${orderItems.qty}`.mapWith(Number),
      refundedCents: orderItems.refundedCents,
      refundedAt: orderItems.refundedAt,
      requestedAt: orderItems.refundRequestedAt,
      refundBy: orderItems.refundBy,
      refundTo: orderItems.refundTo,
      refundId: orderItems.refundId,
      refundError: orderItems.refundError,
      attempt: orderItems.refundAttempt,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));

  const ids = new Set(lines.map((line) => line.id));
  const own = new Map<number, Stripe.Refund[]>();
  let dashboardCents = 0;
  for (const refund of refunds) {
    if (idOf(refund.payment_intent) !== order.paymentIntentId) continue;
    const lineId = Number(refund.metadata?.order_item_id);
    const ours = refund.metadata?.order_id === String(orderId) && ids.has(lineId);
    if (ours) own.set(lineId, [...(own.get(lineId) ?? []), refund]);
    else if (COUNTED.has(refund.status ?? "")) dashboardCents += refund.amount;
  }

  const done: RefundDone[] = [];
  const failed: { lineId: number; reason: string }[] = [];
  const owed: OwedRefund[] = [];
  const ownCentsByLine: Record<number, number> = {};
  let anyBack = false;
  let allBack = true;
  let cancelOpen = false;
  for (const line of lines) {
    const mine = own.get(line.id) ?? [];
    const counted = mine.filter((refund) => COUNTED.has(refund.status ?? ""));
    const ownCents = counted.reduce((sum, refund) => sum + refund.amount, 0);
    ownCentsByLine[line.id] = ownCents;
    const share = Math.max(0, Math.min(line.totalCents - ownCents, dashboardCents));
    dashboardCents -= share;
    const refundedCents = Math.min(line.totalCents, ownCents + share);
    const back = refundedCents >= line.totalCents;
    cancelOpen ||= line.refundBy === "customer" && !back;
    anyBack ||= refundedCents > 0;
    allBack &&= back;
    // Ours for the line's current attempt that Stripe failed after making it (none counts then).
    const failure =
      counted.length === 0
        ? mine.find(
            (refund) =>
              (refund.status === "failed" || refund.status === "canceled") &&
              (refund.metadata?.attempt ?? "0") === String(line.attempt),
          )
        : undefined;
    const refundId = counted[0]?.id ?? null;

    if (back && !line.refundedAt) {
      const by: RefundActor = line.refundBy ?? "stripe";
      const status: OrderStatus = line.refundTo ?? "refunded";
      const [changed] = await tx
        .update(orderItems)
        .set({
          refundedCents,
          refundedAt: sql`now()`,
          refundRequestedAt: sql`coalesce(${orderItems.refundRequestedAt}, now())`,
          refundBy: by,
          refundId: refundId ?? line.refundId,
          refundError: null,
          status,
          qualifiedToCancel: false,
          cancelledAt: sql`coalesce(${orderItems.cancelledAt}, now())`,
          statusUpdatedAt: sql`now()`,
        })
        .where(and(eq(orderItems.id, line.id), isNull(orderItems.refundedAt)))
        .returning({ id: orderItems.id });
      if (changed)
        done.push({ orderId, lineId: line.id, by, status, refundedCents, completesCancel: false });
      await settleMoneyIssues(
        tx,
        { kinds: ["refund_failed"], orderItemId: line.id },
        "Settled: the money went back to the card.",
      );
      continue;
    }
    if (!back && line.refundedAt) {
      // Counted as back before, and Stripe has since failed that refund: it is owed again.
      const reason = failureReason(failure);
      await tx
        .update(orderItems)
        .set({
          refundedCents,
          refundedAt: null,
          refundError: reason,
          refundAttempt: sql`${orderItems.refundAttempt} + 1`,
        })
        .where(eq(orderItems.id, line.id));
      failed.push({ lineId: line.id, reason });
      await raiseRefundFailed(tx, orderId, order, line, reason, failure?.id ?? line.refundId);
      continue;
    }
    if (refundedCents !== line.refundedCents)
      await tx.update(orderItems).set({ refundedCents }).where(eq(orderItems.id, line.id));
    if (back || !line.requestedAt) continue;
    if (failure && !line.refundError) {
      const reason = failureReason(failure);
      await tx
        .update(orderItems)
        .set({ refundError: reason, refundAttempt: sql`${orderItems.refundAttempt} + 1` })
        .where(eq(orderItems.id, line.id));
      failed.push({ lineId: line.id, reason });
      await raiseRefundFailed(tx, orderId, order, line, reason, failure.id);
      continue;
    }
    if (!line.refundError && !failure)
      owed.push({
        id: line.id,
        amountCents: line.totalCents - refundedCents,
        attempt: line.attempt,
      });
  }

  if (!cancelOpen)
    for (const entry of done) if (entry.by === "customer") entry.completesCancel = true;

  if (lines.length > 0) {
    const paymentStatus = allBack ? "refunded" : anyBack ? "partially_refunded" : "paid";
    if (paymentStatus !== order.paymentStatus)
      await tx
        .update(orders)
        .set({
          paymentStatus,
          refundedAt: anyBack ? sql`coalesce(${orders.refundedAt}, now())` : null,
          updatedAt: sql`now()`,
        })
        .where(eq(orders.id, orderId));
  }
  return { done, failed, owed, ownCents: ownCentsByLine };
}

function failureReason(refund: Stripe.Refund | undefined): string {
  const reason = refund?.failure_reason ?? "unknown";
  return `Stripe could not refund the card (${reason.replaceAll("_", " ")}).`;
}

async function raiseRefundFailed(
  tx: Db,
  orderId: number,
  order: { currency: "CAD" | "USD"; customerId: number; paymentIntentId: string | null },
  line: { id: number; merchantId: number; totalCents: number; attempt: number },
  reason: string,
  refundId: string | null,
): Promise<void> {
  await raiseMoneyIssue(tx, {
    kind: "refund_failed",
    key: `refund_failed:${line.id}:${line.attempt}:${refundId ?? "refused"}`,
    detail: reason,
    orderId,
    orderItemId: line.id,
    merchantId: line.merchantId,
    customerId: order.customerId,
    amountCents: line.totalCents,
    currency: order.currency,
    stripeIds: {
      ...(order.paymentIntentId ? { payment_intent: order.paymentIntentId } : {}),
      ...(refundId ? { refund: refundId } : {}),
    },
  });
}

/**
 * Stripe refused to make a line's refund. A stale refusal (more than is left: a refund made
 * meanwhile) is read again at once; any other keeps the line asked with Stripe's reason, for the
 * operators. Either way the next try is a new request (a new key).
 */
async function recordRefundRefusal(
  tx: Db,
  orderId: number,
  line: OwedRefund,
  reason: string,
  stale: boolean,
): Promise<void> {
  const [row] = await tx
    .update(orderItems)
    .set({
      refundAttempt: sql`${orderItems.refundAttempt} + 1`,
      ...(stale ? {} : { refundError: `Stripe refused the refund: ${reason}` }),
    })
    .where(
      and(
        eq(orderItems.id, line.id),
        eq(orderItems.orderId, orderId),
        eq(orderItems.refundAttempt, line.attempt),
      ),
    )
    .returning({ merchantId: orderItems.merchantId });
  if (!row || stale) return;
  const [order] = await tx
    .select({
      customerId: orders.customerId,
      currency: orders.currency,
      paymentIntentId: orders.paymentIntentId,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (order)
    await raiseRefundFailed(
      tx,
      orderId,
      order,
      {
        id: line.id,
        merchantId: row.merchantId,
        totalCents: line.amountCents,
        attempt: line.attempt,
      },
      `Stripe refused the refund: ${reason}`,
      null,
    );
}

/**
 * A line refunded after its farm was paid gives that line's payout back from the transfer
 * (`reversal:{lineId}:{attempt}`). Stripe first: a reversal already made for the line (an answer
 * lost) is only written down. The customer's refund never waits on this; a reversal Stripe
 * refuses (the farm's balance is short) is raised for the operators; a 5xx stops the run.
 */
export async function settleReversals(
  db: Db,
  stripe: StripeClient,
  orderId: number,
): Promise<void> {
  const owed = await db
    .select({
      id: orderItems.id,
      merchantId: orderItems.merchantId,
      transferId: orderItems.transferId,
      payoutCents: orderItems.payoutCents,
      attempt: orderItems.reversalAttempt,
      currency: orders.currency,
      customerId: orders.customerId,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orderItems.orderId, orderId),
        sql`${orderItems.refundedAt} is not null and ${orderItems.transferId} is not null and ${orderItems.transferReversalId} is null and ${orderItems.reversalError} is null`,
      ),
    );
  for (const line of owed) {
    const transferId = line.transferId!;
    const amountCents = line.payoutCents ?? 0;
    if (amountCents <= 0) continue;
    const existing = (
      await stripe.transfers.listReversals(transferId, { limit: 100 }).autoPagingToArray({
        limit: 1000,
      })
    ).find((reversal) => reversal.metadata?.order_item_id === String(line.id));
    let reversal = existing;
    if (!reversal) {
      const keys = await idempotencyKeys(db);
      try {
        reversal = await stripe.transfers.createReversal(
          transferId,
          {
            amount: amountCents,
            metadata: { order_id: String(orderId), order_item_id: String(line.id) },
          },
          { idempotencyKey: keys.reversal(line.id, line.attempt) },
        );
      } catch (error) {
        if (isStripeUnavailable(error) || isKeyInUse(error)) throw error;
        if (!(error instanceof Stripe.errors.StripeError)) throw error;
        log.warn({ err: error, orderId, lineId: line.id }, "a payout reversal was refused");
        await db.transaction(async (tx) => {
          await tx
            .update(orderItems)
            .set({
              reversalError: error.message,
              reversalAttempt: sql`${orderItems.reversalAttempt} + 1`,
            })
            .where(eq(orderItems.id, line.id));
          await raiseMoneyIssue(tx, {
            kind: "reversal_failed",
            key: `reversal_failed:${line.id}:${line.attempt}`,
            detail: `Stripe refused to take the farm's payout back: ${error.message}`,
            orderId,
            orderItemId: line.id,
            merchantId: line.merchantId,
            customerId: line.customerId,
            amountCents,
            currency: line.currency,
            stripeIds: { transfer: transferId },
          });
        });
        continue;
      }
    }
    const reversalId = reversal.id;
    await db.transaction(async (tx) => {
      const marked = await tx
        .update(orderItems)
        .set({ transferReversalId: reversalId, reversalError: null })
        .where(and(eq(orderItems.id, line.id), isNull(orderItems.transferReversalId)))
        .returning({ id: orderItems.id });
      if (marked.length > 0)
        await tx
          .update(payouts)
          .set({
            reversedCents: sql`${payouts.reversedCents} + ${reversal.amount}`,
            updatedAt: sql`now()`,
          })
          .where(eq(payouts.transferId, transferId));
      await settleMoneyIssues(
        tx,
        { kinds: ["reversal_failed"], orderItemId: line.id },
        "Settled: the farm's payout was taken back.",
      );
    });
  }
}
