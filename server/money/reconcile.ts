import "server-only";
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, lte, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type Stripe from "stripe";
import type { Db } from "@/server/db/client";
import {
  members,
  orderItems,
  orders,
  payouts,
  stripeEvents,
  subscriptions,
} from "@/server/db/schema";
import { log } from "@/server/log";
import { sendRefundEmails } from "@/server/orders/send-refund-emails";
import { HANDLED_EVENT_TYPES, handleStripeEvent } from "@/server/money/handle-stripe-event";
import { installationKey } from "@/server/stripe/idempotency-keys";
import { markOrderPaid } from "@/server/checkout/mark-order-paid";
import { followStockChanges, releaseCardHolds } from "@/server/catalog/product-stock";
import { raiseMoneyIssue } from "@/server/stripe/money-issues";
import { settleOrderRefunds, settleReversals } from "@/server/payments/refunds";
import type { StripeClient } from "@/server/stripe/stripe-client";
import { isStripeUnavailable } from "@/server/stripe/stripe-errors";
import { idOf, paymentOutcome } from "@/server/stripe/stripe-states";
import { writePayoutAccount } from "@/server/payouts/account-updated";
import { payMerchant, payOwedPayouts } from "@/server/payouts/pay-merchant";
import { readSubscription, syncSubscription } from "@/server/subscriptions/sync-subscription";
import { followUpStripeEvent } from "./event-follow-ups";
import { releaseLease, takeLease } from "./job-lease";

export const RECONCILE_JOB = "reconcile";
/** How far back a first run (or `--since`) reads Stripe: live webhooks are retried for 3 days. */
export const DEFAULT_LOOKBACK_MS = 3 * 24 * 60 * 60 * 1000;
/** The next run reads events again from this long before this run started (clock skew, lag). */
const CURSOR_MARGIN_MS = 10 * 60 * 1000;
/** A payout owed this long is put in front of the operators. */
export const PAYOUT_OVERDUE_DAYS = 7;
/** Most rows of each kind one run looks at: a backlog is worked off over several runs. */
const BATCH = 100;
/** An order awaiting payment younger than this is the customer's, on the payment page now. */
const FRESH_MS = 2 * 60 * 1000;

export type ReconcileOptions = {
  /** Read Stripe's events and objects from this moment (default: where the last run left off). */
  since?: Date;
  /** Say what would be done; change nothing, here or at Stripe. */
  dryRun?: boolean;
  /** Who runs it (the lease's holder). */
  holder?: string;
  now?: Date;
};

export type ReconcileReport = {
  ran: boolean;
  dryRun: boolean;
  since: string;
  startedAt: string;
  finishedAt: string;
  /** Set when Stripe stopped answering: the rest waits for the next run. */
  stoppedBy: string | null;
  counts: Record<string, number>;
  /** One line per thing done (or, dry, to do). */
  actions: string[];
};

class StopSweep extends Error {}

/** Walks a Stripe list a page (up to 100 objects) at a time. */
async function eachPage<T>(
  list: AsyncIterable<T>,
  handle: (page: T[]) => Promise<void>,
): Promise<void> {
  let page: T[] = [];
  for await (const item of list) {
    page.push(item);
    if (page.length === 100) {
      await handle(page);
      page = [];
    }
  }
  if (page.length > 0) await handle(page);
}

/** Thrown inside a step when a money step reported that Stripe did not answer. */
class StripeDown extends Error {}

/**
 * The money reconciler (decision 0037): finds every money step that stopped half way and finishes
 * it, exactly once, with Stripe as the truth; what it cannot settle it raises for the operators.
 * Run every few minutes inside the app (`startMoneySweep`) and by `npm run reconcile`, one at a
 * time across instances (a lease in the database). In order:
 *
 * 1. Stripe's events since the last run that were never processed here (a delivery lost, refused
 *    or not yet retried) go through the webhook's own handler, so the same rules apply once.
 * 2. Card orders awaiting payment: an intent that succeeded places its order; one cancelled at
 *    Stripe frees the customer's checkout. Then the stock holds that ran out are given back
 *    (decision 0042): the database alone says which, so this step never waits for Stripe.
 * 3. Refunds asked and not done, then reversals owed to the platform.
 * 4. Payouts owed to a farm whose account is ready (its account read again when it is not),
 *    and payouts owed for more than a week raised.
 * 5. Plans whose period ended without a word from Stripe are read again.
 * 6. Charges and transfers Stripe made for this installation (or with no owner) that no row knows.
 *
 * Stripe answering 5xx or not at all stops the run: it reports, and the next run goes on. Nothing
 * is marked done that Stripe did not say is done; every write is keyed, so a rerun changes nothing.
 */
export async function reconcile(
  db: Db,
  stripe: StripeClient,
  options: ReconcileOptions = {},
): Promise<ReconcileReport> {
  const now = options.now ?? new Date();
  const dryRun = options.dryRun ?? false;
  const holder = options.holder ?? `reconcile:${process.pid}`;
  const report: ReconcileReport = {
    ran: false,
    dryRun,
    since: "",
    startedAt: now.toISOString(),
    finishedAt: "",
    stoppedBy: null,
    counts: {},
    actions: [],
  };
  const lease = dryRun
    ? null
    : await takeLease(db, { name: RECONCILE_JOB, holder, ttlMs: 10 * 60_000 });
  if (!dryRun && !lease) {
    report.finishedAt = new Date().toISOString();
    report.actions.push("another instance is reconciling; nothing done");
    return report;
  }
  const from = lease?.cursorAt ?? new Date(now.getTime() - DEFAULT_LOOKBACK_MS);
  const since = options.since ?? from;
  // Only a run that read from where the last one left off (or earlier) may move the cursor on:
  // a `--since` later than it leaves the events in between for the next run.
  const coversCursor = since.getTime() <= from.getTime();
  report.ran = true;
  report.since = since.toISOString();
  const sweep = new Sweep(db, stripe, report, dryRun, now, since);
  let complete = false;
  try {
    await sweep.step("events", () => sweep.replayEvents());
    await sweep.step("payments", () => sweep.awaitingPayment());
    await sweep.step("holds", () => sweep.expiredHolds());
    await sweep.step("refunds", () => sweep.refunds());
    await sweep.step("reversals", () => sweep.reversals());
    await sweep.step("payouts", () => sweep.payouts());
    await sweep.step("subscriptions", () => sweep.subscriptions());
    await sweep.step("unknown", () => sweep.unknownObjects());
    complete = true;
  } catch (error) {
    if (!(error instanceof StopSweep)) throw error;
  } finally {
    report.finishedAt = new Date().toISOString();
    if (lease)
      await releaseLease(db, lease, {
        report: report as unknown as Record<string, unknown>,
        cursorAt: complete && coversCursor ? new Date(now.getTime() - CURSOR_MARGIN_MS) : null,
      });
  }
  return report;
}

class Sweep {
  constructor(
    private readonly db: Db,
    private readonly stripe: StripeClient,
    private readonly report: ReconcileReport,
    private readonly dryRun: boolean,
    private readonly now: Date,
    private readonly since: Date,
  ) {}

  private count(what: string, by = 1) {
    this.report.counts[what] = (this.report.counts[what] ?? 0) + by;
  }

  private did(line: string) {
    this.report.actions.push(this.dryRun ? `would ${line}` : line);
  }

  /**
   * One row's step: Stripe not answering stops the run (thrown on); anything else is logged and
   * counted, and the sweep goes on to the next row, so one bad row never stalls every sweep.
   */
  private async perItem<T>(what: string, run: () => Promise<T>): Promise<T | null> {
    try {
      return await run();
    } catch (error) {
      if (isStripeUnavailable(error)) throw error;
      log.error({ err: error, item: what }, "reconcile: a money step failed");
      this.count("steps that failed");
      this.report.actions.push(`${what} failed (see the log); the next run tries again`);
      return null;
    }
  }

  /** Runs one step; Stripe not answering stops the whole run (the next one goes on). */
  async step(name: string, run: () => Promise<void>): Promise<void> {
    try {
      await run();
    } catch (error) {
      if (!isStripeUnavailable(error) && !(error instanceof StripeDown)) throw error;
      this.report.stoppedBy = `Stripe did not answer during ${name}; the rest waits for the next run`;
      log.warn({ err: error, step: name }, "reconcile stopped: Stripe did not answer");
      throw new StopSweep();
    }
  }

  private get createdSince() {
    return { gte: Math.floor(this.since.getTime() / 1000) };
  }

  async replayEvents(): Promise<void> {
    const list = this.stripe.events.list({
      types: HANDLED_EVENT_TYPES,
      created: this.createdSince,
      limit: 100,
    });
    let page: Stripe.Event[] = [];
    const flush = async () => {
      if (page.length === 0) return;
      const ids = page.map((event) => event.id);
      const seen = new Set(
        (
          await this.db
            .select({ id: stripeEvents.id })
            .from(stripeEvents)
            .where(inArray(stripeEvents.id, ids))
        ).map((row) => row.id),
      );
      // Oldest first, as Stripe sent them.
      for (const event of [...page].reverse()) {
        this.count("events read");
        if (seen.has(event.id)) continue;
        this.did(`process ${event.type} ${event.id} (never processed here)`);
        this.count("events replayed");
        if (this.dryRun) continue;
        const { duplicate, ...effect } = await handleStripeEvent(this.db, this.stripe, event);
        if (!duplicate) await followUpStripeEvent(this.db, this.stripe, effect);
      }
      page = [];
    };
    for await (const event of list) {
      page.push(event);
      if (page.length === 100) await flush();
    }
    await flush();
  }

  async awaitingPayment(): Promise<void> {
    const open = await this.db
      .select({ id: orders.id, orderNo: orders.orderNo, intentId: orders.paymentIntentId })
      .from(orders)
      .where(
        and(
          eq(orders.paymentType, "card"),
          inArray(orders.paymentStatus, ["pending", "failed"]),
          isNotNull(orders.paymentIntentId),
          gte(orders.updatedAt, this.since),
          lt(orders.updatedAt, new Date(this.now.getTime() - FRESH_MS)),
        ),
      )
      .orderBy(asc(orders.updatedAt))
      .limit(BATCH);
    for (const order of open) {
      this.count("orders awaiting payment checked");
      const intent = await this.perItem(`order ${order.orderNo}`, () =>
        this.stripe.paymentIntents.retrieve(order.intentId!),
      );
      if (!intent) continue;
      const outcome = paymentOutcome(intent.status);
      if (outcome === "succeeded") {
        this.did(`place order ${order.orderNo}: its payment ${intent.id} succeeded at Stripe`);
        this.count("orders placed");
        if (this.dryRun) continue;
        // Placing it schedules its mails (they go out before this returns, outside a request).
        await markOrderPaid(this.db, intent);
      } else if (outcome === "cancelled") {
        this.did(`close order ${order.orderNo}: its payment ${intent.id} was cancelled at Stripe`);
        this.count("orders abandoned");
        if (this.dryRun) continue;
        await this.db
          .update(orders)
          .set({ paymentStatus: "abandoned", updatedAt: sql`now()` })
          .where(
            and(eq(orders.id, order.id), inArray(orders.paymentStatus, ["pending", "failed"])),
          );
        const { changes } = await releaseCardHolds(this.db, sql`o.id = ${order.id}`);
        await followStockChanges(this.db, changes);
      }
    }
  }

  /**
   * Card orders whose stock hold ran out give the stock back (decision 0042), oldest first, a
   * batch at a time. Each hold is let go by a conditional update, so two sweeps, or a sweep and
   * the payment that places the order, never give it back twice; a payment that comes later
   * still places its order and takes the stock again (markOrderPaid).
   */
  async expiredHolds(): Promise<void> {
    const expired = sql`o.id in (select id from orders
      where stock_held_until is not null and stock_held_until < ${this.now.toISOString()}::timestamptz
      order by stock_held_until limit ${BATCH})`;
    if (this.dryRun) {
      const { rows } = await this.db.execute<{ n: number }>(
        sql`select count(*)::int as n from orders o where ${expired}`,
      );
      const n = Number(rows[0]?.n ?? 0);
      if (n > 0) this.did(`give back the stock of ${n} card orders whose hold ran out`);
      this.count("stock holds released", n);
      return;
    }
    const { changes, counted } = await releaseCardHolds(this.db, expired);
    if (counted === 0) return;
    this.did(`give back the stock of ${counted} card orders whose hold ran out`);
    this.count("stock holds released", counted);
    await followStockChanges(this.db, changes);
  }

  async refunds(): Promise<void> {
    const open = await this.db
      .selectDistinct({ orderId: orderItems.orderId })
      .from(orderItems)
      .where(
        and(
          isNotNull(orderItems.refundRequestedAt),
          isNull(orderItems.refundedAt),
          isNull(orderItems.refundError),
        ),
      )
      .limit(BATCH);
    for (const { orderId } of open) {
      this.count("orders with refunds to finish");
      this.did(`finish the refunds of order #${orderId}`);
      if (this.dryRun) continue;
      const settled = await this.perItem(`order #${orderId}`, () =>
        settleOrderRefunds(this.db, this.stripe, orderId),
      );
      if (!settled) continue;
      this.count("refunds finished", settled.done.length);
      this.count("refunds refused", settled.failed.length);
      await sendRefundEmails(this.db, settled.done, settled.ownCents);
      if (settled.unavailable) throw new StripeDown();
    }
  }

  async reversals(): Promise<void> {
    const owed = await this.db
      .selectDistinct({ orderId: orderItems.orderId })
      .from(orderItems)
      .where(
        sql`${orderItems.refundedAt} is not null and ${orderItems.transferId} is not null and ${orderItems.transferReversalId} is null and ${orderItems.reversalError} is null`,
      )
      .limit(BATCH);
    for (const { orderId } of owed) {
      this.count("orders with reversals owed");
      this.did(`take back the payouts of refunded lines of order #${orderId}`);
      if (!this.dryRun)
        await this.perItem(`order #${orderId}`, () =>
          settleReversals(this.db, this.stripe, orderId),
        );
    }
  }

  async payouts(): Promise<void> {
    const owed = await this.db
      .select({
        id: payouts.id,
        orderId: payouts.orderId,
        merchantId: payouts.merchantId,
        amountCents: payouts.amountCents,
        currency: payouts.currency,
        createdAt: payouts.createdAt,
        reason: payouts.failureReason,
        ready: members.payoutAcctSet,
        accountId: members.stripeAccountId,
        disputedAt: orders.disputedAt,
        orderNo: orders.orderNo,
        customerId: orders.customerId,
      })
      .from(payouts)
      .innerJoin(members, eq(members.id, payouts.merchantId))
      .innerJoin(orders, eq(orders.id, payouts.orderId))
      .where(eq(payouts.status, "owed"))
      .orderBy(asc(payouts.createdAt))
      .limit(BATCH);

    // A farm owed money whose account we think is not ready: Stripe may have said otherwise in
    // an event we never got (Connect events are not in the platform's event list).
    const unready = [
      ...new Map(
        owed.filter((p) => !p.ready && p.accountId).map((p) => [p.merchantId, p.accountId!]),
      ),
    ];
    for (const [merchantId, accountId] of unready) {
      this.count("payout accounts read");
      const readAt = new Date();
      const account = await this.perItem(`account ${accountId}`, () =>
        this.stripe.accounts.retrieve(accountId),
      );
      if (!account) continue;
      if (this.dryRun) continue;
      const effect = await this.db.transaction((tx) => writePayoutAccount(tx, account, readAt));
      if (effect.readyMerchantId) {
        this.did(`pay what farm #${merchantId} is owed: its payout account is ready at Stripe`);
        this.count("farms found ready");
        await payOwedPayouts(this.db, this.stripe, merchantId);
      }
    }

    const overdueBefore = this.now.getTime() - PAYOUT_OVERDUE_DAYS * 24 * 60 * 60 * 1000;
    for (const payout of owed) {
      if (payout.ready && !payout.disputedAt && !unready.some(([id]) => id === payout.merchantId)) {
        this.did(`pay farm #${payout.merchantId} for order ${payout.orderNo}`);
        this.count("payouts tried");
        if (!this.dryRun) {
          const outcome = await payMerchant(this.db, this.stripe, {
            orderId: payout.orderId,
            merchantId: payout.merchantId,
          });
          if (outcome.status === "paid") {
            this.count("payouts paid");
            continue;
          }
        }
      }
      if (payout.createdAt.getTime() > overdueBefore || this.dryRun) continue;
      const raised = await raiseMoneyIssue(this.db, {
        kind: "payout_overdue",
        key: `payout_overdue:${payout.id}`,
        detail:
          `The farm has been owed this payout for more than ${PAYOUT_OVERDUE_DAYS} days. ${payout.reason ?? ""}`.trim(),
        orderId: payout.orderId,
        merchantId: payout.merchantId,
        customerId: payout.customerId,
        amountCents: payout.amountCents,
        currency: payout.currency,
      });
      if (raised) {
        this.did(`raise payout ${payout.id} of order ${payout.orderNo}: owed for over a week`);
        this.count("issues raised");
      }
    }
  }

  async subscriptions(): Promise<void> {
    // A plan that should have renewed or ended by now, and that nothing from Stripe moved on.
    const stale = await this.db
      .select({ id: subscriptions.id, subscriptionId: subscriptions.stripeSubscriptionId })
      .from(subscriptions)
      .where(
        and(
          isNotNull(subscriptions.stripeSubscriptionId),
          // Written as the partial index's own predicate, so the planner can use it.
          sql`${subscriptions.status} not in ('expired', 'incomplete')`,
          lte(subscriptions.currentPeriodEnd, this.now),
        ),
      )
      .limit(BATCH);
    for (const row of stale) {
      this.count("plans read");
      const read = await this.perItem(`plan ${row.subscriptionId}`, () =>
        readSubscription(this.stripe, row.subscriptionId!),
      );
      if (!read) continue;
      const { sub, readAt } = read;
      if (this.dryRun) continue;
      const written = await syncSubscription(this.db, sub, readAt);
      if (written) {
        this.did(`bring plan ${row.subscriptionId} up to date with Stripe (${sub.status})`);
        this.count("plans updated");
      }
    }
  }

  async unknownObjects(): Promise<void> {
    const installation = await installationKey(this.db);
    const mine = (metadata: Stripe.Metadata | null | undefined) =>
      !metadata?.installation || metadata.installation === installation;

    // A page of Stripe's list at a time, each checked against the database in one statement.
    await eachPage(
      this.stripe.transfers.list({ created: this.createdSince, limit: 100 }),
      async (page) => {
        this.count("transfers read", page.length);
        const ours = page.filter((transfer) => mine(transfer.metadata));
        const known = await this.knownValues(
          payouts.transferId,
          ours.map((t) => t.id),
        );
        for (const transfer of ours.filter((t) => !known.has(t.id)))
          await this.raiseUnknown("transfer", transfer.id, transfer.amount, transfer.currency, {
            transfer: transfer.id,
            ...(transfer.destination ? { account: idOf(transfer.destination)! } : {}),
          });
      },
    );

    await eachPage(
      this.stripe.charges.list({ created: this.createdSince, limit: 100 }),
      async (page) => {
        this.count("charges read", page.length);
        const ours = page.filter(
          (charge) => charge.status === "succeeded" && mine(charge.metadata),
        );
        const intents = ours.flatMap((charge) => idOf(charge.payment_intent) ?? []);
        const customers = ours.flatMap((charge) => idOf(charge.customer) ?? []);
        const [ordered, members_] = await Promise.all([
          this.knownValues(orders.paymentIntentId, intents),
          this.knownValues(members.stripeCustomerId, customers),
        ]);
        for (const charge of ours) {
          const intentId = idOf(charge.payment_intent);
          if (intentId && ordered.has(intentId)) continue;
          // A farmer's plan payment: the customer is a member's, the invoice is Stripe Billing's.
          const customerId = idOf(charge.customer);
          if (customerId && members_.has(customerId) && !charge.metadata?.order_id) continue;
          await this.raiseUnknown("charge", charge.id, charge.amount, charge.currency, {
            charge: charge.id,
            ...(intentId ? { payment_intent: intentId } : {}),
          });
        }
      },
    );
  }

  /** Which of `values` a unique text column holds, in one statement. */
  private async knownValues(column: AnyPgColumn, values: string[]): Promise<Set<string>> {
    if (values.length === 0) return new Set();
    const rows = await this.db
      .select({ value: column })
      .from(column.table)
      .where(inArray(column, values));
    return new Set(rows.map((row) => String(row.value)));
  }

  private async raiseUnknown(
    kind: "transfer" | "charge",
    id: string,
    amount: number,
    currency: string,
    stripeIds: Record<string, string>,
  ) {
    const upper = currency.toUpperCase();
    if (this.dryRun) {
      this.did(`raise the ${kind} ${id}: no order or payout here knows it`);
      return;
    }
    const raised = await raiseMoneyIssue(this.db, {
      kind: "unknown_stripe_object",
      key: `unknown:${kind}:${id}`,
      detail: `Stripe has a ${kind} that no order or payout here knows (made in Stripe's dashboard, or by a lost write).`,
      amountCents: amount,
      currency: upper === "CAD" || upper === "USD" ? upper : null,
      stripeIds,
    });
    if (raised) {
      this.did(`raise the ${kind} ${id}: no order or payout here knows it`);
      this.count("issues raised");
    }
  }
}
