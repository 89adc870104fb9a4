import "server-only";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { centsToDecimalString, formatMoney } from "@/lib/money";
import type { Db } from "@/server/db/client";
import { members, moneyIssues, orderItems, orders, type MoneyIssueKind } from "@/server/db/schema";
import { lastRunOf } from "@/server/money/job-lease";
import { RECONCILE_JOB } from "@/server/money/reconcile";

export const MONEY_ISSUES_PAGE_SIZE = 20;

/** What an operator can do about an issue; each has its own call under /api/admin/money/{id}. */
export type MoneyIssueAction = "retry_refund" | "retry_reversal" | "pay_farm" | "resolve";

export type MoneyIssueView = {
  id: number;
  kind: MoneyIssueKind;
  detail: string;
  createdAt: string;
  order: { id: number; orderNo: string } | null;
  farm: { name: string; username: string; email: string } | null;
  customer: { name: string; email: string } | null;
  /** In the issue's currency ("$12.99"), or null when the issue names no amount. */
  amount: string | null;
  currency: "CAD" | "USD" | null;
  /** Stripe's ids of the objects involved, by kind (`payment_intent`, `refund`, `transfer`...). */
  stripeIds: Record<string, string>;
  /** The actions that apply, in the page's order; a non-null `disabledReason` is shown beside it. */
  actions: { action: MoneyIssueAction; disabledReason: string | null }[];
};

export type LastMoneyCheck = {
  finishedAt: string | null;
  counts: Record<string, number>;
  /** Why the last run stopped early (Stripe did not answer), or null. */
  stoppedBy: string | null;
};

export const CARD_PAYMENTS_OFF_REASON =
  "Card payments are not configured here, so Stripe cannot be asked.";
export const LINE_GONE_REASON = "The order line no longer exists: mark it resolved with a note.";
export const REFUND_BACK_REASON = "The money of this line is already back on the card.";
export const REVERSAL_DONE_REASON = "The farm's payout of this line was already taken back.";
export const NO_ORDER_REASON = "No order of this marketplace is involved: there is no farm to pay.";

const farms = alias(members, "farm");
const customers = alias(members, "customer");

/**
 * The open money issues (decision 0037), newest first, 20 at a time: `before` is the id of the last
 * issue already shown (keyset paging on money_issues_open_idx's order, so an issue raised or closed
 * meanwhile never shifts the pages). Each comes with its order, farm and customer (the member, or
 * else the order's contact), its amount in its currency and the actions that apply; the answer
 * also carries how many are open and what the reconciler's last sweep did. `cardPayments` says
 * whether Stripe can be asked here: without it, retrying and paying are shown disabled, with why.
 */
export async function listMoneyIssues(
  db: Db,
  { before, cardPayments }: { before?: number | undefined; cardPayments: boolean },
): Promise<{
  issues: MoneyIssueView[];
  nextBefore: number | null;
  count: number;
  lastCheck: LastMoneyCheck | null;
}> {
  const open = eq(moneyIssues.status, "open");
  // A refund_failed issue names its line only: its order is the line's.
  const orderId = sql`coalesce(${moneyIssues.orderId}, ${orderItems.orderId})`;
  const cursor = before
    ? sql`(${moneyIssues.createdAt}, ${moneyIssues.id}) < (select m.created_at, m.id from ${moneyIssues} as m where m.id = ${before})`
    : undefined;
  const [rows, [total], lastRun] = await Promise.all([
    db
      .select({
        id: moneyIssues.id,
        kind: moneyIssues.kind,
        detail: moneyIssues.detail,
        createdAt: moneyIssues.createdAt,
        amountCents: moneyIssues.amountCents,
        currency: moneyIssues.currency,
        stripeIds: moneyIssues.stripeIds,
        orderItemId: moneyIssues.orderItemId,
        line: {
          id: orderItems.id,
          refundedAt: orderItems.refundedAt,
          transferReversalId: orderItems.transferReversalId,
        },
        order: {
          id: orders.id,
          orderNo: orders.orderNo,
          firstName: orders.firstName,
          lastName: orders.lastName,
          email: orders.email,
        },
        farm: {
          firstName: farms.firstName,
          lastName: farms.lastName,
          username: farms.username,
          email: farms.email,
        },
        customer: {
          firstName: customers.firstName,
          lastName: customers.lastName,
          email: customers.email,
        },
      })
      .from(moneyIssues)
      .leftJoin(orderItems, eq(orderItems.id, moneyIssues.orderItemId))
      .leftJoin(orders, eq(orders.id, orderId))
      .leftJoin(
        farms,
        eq(farms.id, sql`coalesce(${moneyIssues.merchantId}, ${orderItems.merchantId})`),
      )
      .leftJoin(
        customers,
        eq(customers.id, sql`coalesce(${moneyIssues.customerId}, ${orders.customerId})`),
      )
      .where(and(open, cursor))
      .orderBy(desc(moneyIssues.createdAt), desc(moneyIssues.id))
      .limit(MONEY_ISSUES_PAGE_SIZE + 1),
    // One count on the partial index of open issues.
    db.select({ count: count() }).from(moneyIssues).where(open),
    lastRunOf(db, RECONCILE_JOB),
  ]);

  const issues = rows.slice(0, MONEY_ISSUES_PAGE_SIZE).map((row): MoneyIssueView => ({
    id: row.id,
    kind: row.kind,
    detail: row.detail,
    createdAt: row.createdAt.toISOString(),
    order: row.order ? { id: row.order.id, orderNo: row.order.orderNo } : null,
    farm: row.farm
      ? {
          name: `${row.farm.firstName} ${row.farm.lastName}`,
          username: row.farm.username,
          email: row.farm.email,
        }
      : null,
    customer: row.customer
      ? { name: `${row.customer.firstName} ${row.customer.lastName}`, email: row.customer.email }
      : row.order
        ? { name: `${row.order.firstName} ${row.order.lastName}`, email: row.order.email }
        : null,
    amount: amountOf(row.amountCents, row.currency),
    currency: row.currency,
    stripeIds: row.stripeIds,
    actions: actionsOf(row, cardPayments),
  }));
  const last = issues.at(-1);
  return {
    issues,
    nextBefore: rows.length > MONEY_ISSUES_PAGE_SIZE && last ? last.id : null,
    count: total?.count ?? 0,
    lastCheck: lastRun ? lastCheckOf(lastRun) : null,
  };
}

function amountOf(cents: number | null, currency: "CAD" | "USD" | null): string | null {
  if (cents === null) return null;
  // An object Stripe made in another currency (unknown_stripe_object): the number, said plainly.
  return currency
    ? formatMoney(cents, currency)
    : `${centsToDecimalString(cents)} (another currency)`;
}

type IssueState = {
  kind: MoneyIssueKind;
  orderItemId: number | null;
  line: { id: number; refundedAt: Date | null; transferReversalId: string | null } | null;
  order: { id: number } | null;
};

/**
 * What an operator may do about an issue, decided from the rows as they are now. Retrying and
 * paying ask Stripe; marking resolved always applies (an amount mismatch, an unknown Stripe
 * object or a dispute lost are settled outside the marketplace, and the note says how).
 */
function actionsOf(issue: IssueState, cardPayments: boolean): MoneyIssueView["actions"] {
  const stripeStep = (action: MoneyIssueAction, reason: string | null) => ({
    action,
    disabledReason: cardPayments ? reason : CARD_PAYMENTS_OFF_REASON,
  });
  const resolve = { action: "resolve" as const, disabledReason: null };
  switch (issue.kind) {
    case "refund_failed":
      return [
        stripeStep(
          "retry_refund",
          !issue.line ? LINE_GONE_REASON : issue.line.refundedAt ? REFUND_BACK_REASON : null,
        ),
        resolve,
      ];
    case "reversal_failed":
      return [
        stripeStep(
          "retry_reversal",
          !issue.line
            ? LINE_GONE_REASON
            : issue.line.transferReversalId
              ? REVERSAL_DONE_REASON
              : null,
        ),
        resolve,
      ];
    case "payout_overdue":
    case "dispute_opened":
      return [stripeStep("pay_farm", issue.order ? null : NO_ORDER_REASON), resolve];
    default:
      return [resolve];
  }
}

function lastCheckOf(run: {
  finishedAt: Date | null;
  report: Record<string, unknown> | null;
}): LastMoneyCheck {
  const counts = run.report?.counts;
  const stoppedBy = run.report?.stoppedBy;
  return {
    finishedAt: run.finishedAt?.toISOString() ?? null,
    counts:
      counts && typeof counts === "object"
        ? Object.fromEntries(
            Object.entries(counts).filter(
              (entry): entry is [string, number] => typeof entry[1] === "number",
            ),
          )
        : {},
    stoppedBy: typeof stoppedBy === "string" ? stoppedBy : null,
  };
}
