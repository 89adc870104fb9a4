import "server-only";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Currency } from "@/lib/constants";
import type { Db } from "@/server/db/client";
import {
  members,
  orderItems,
  orders,
  payoutAccounts,
  payouts,
  type PayoutRequirements,
} from "@/server/db/schema";

/** Most payouts the ledger lists at once, newest first. */
export const LEDGER_SIZE = 20;

export type PayoutLedgerRow = {
  orderNo: string;
  currency: Currency;
  lines: { name: string; qty: number }[];
  grossCents: number;
  feesCents: number;
  /** What the farm keeps: the transfer less what was reversed for refunded lines. */
  netCents: number;
  status: "paid" | "owed";
  reason: string | null;
  date: Date;
};

export type PayoutsOverview = {
  /** none: never started; pending: Stripe still needs something; ready: paid out. */
  account: "none" | "pending" | "ready";
  requirements: PayoutRequirements | null;
  ledger: PayoutLedgerRow[];
  /** Paid out, net of reversals, per currency. */
  totals: { currency: Currency; thisMonthCents: number; allTimeCents: number }[];
};

/**
 * The farmer's Payouts section: where their payout account stands (from Stripe's last
 * account.updated) and the ledger of what each card order paid them or owes them. Four statements
 * whatever the number of payouts.
 */
export async function getPayoutsOverview(db: Db, merchantId: number): Promise<PayoutsOverview> {
  const [[member], rows, totals] = await Promise.all([
    db
      .select({
        accountId: members.stripeAccountId,
        ready: members.payoutAcctSet,
        requirements: payoutAccounts.requirements,
      })
      .from(members)
      .leftJoin(payoutAccounts, eq(payoutAccounts.memberId, members.id))
      .where(eq(members.id, merchantId))
      .limit(1),
    db
      .select({
        orderId: payouts.orderId,
        orderNo: orders.orderNo,
        currency: payouts.currency,
        grossCents: payouts.grossCents,
        feesCents: payouts.feesCents,
        amountCents: payouts.amountCents,
        reversedCents: payouts.reversedCents,
        status: payouts.status,
        reason: payouts.failureReason,
        createdAt: payouts.createdAt,
        paidAt: payouts.paidAt,
      })
      .from(payouts)
      .innerJoin(orders, eq(orders.id, payouts.orderId))
      .where(eq(payouts.merchantId, merchantId))
      .orderBy(desc(payouts.createdAt), desc(payouts.id))
      .limit(LEDGER_SIZE),
    db
      .select({
        currency: payouts.currency,
        thisMonthCents:
          sql<number>`coalesce(sum(${payouts.amountCents} - ${payouts.reversedCents}) filter (where ${payouts.paidAt} >= date_trunc('month', now())), 0)`.mapWith(
            Number,
          ),
        allTimeCents:
          sql<number>`coalesce(sum(${payouts.amountCents} - ${payouts.reversedCents}), 0)`.mapWith(
            Number,
          ),
      })
      .from(payouts)
      .where(and(eq(payouts.merchantId, merchantId), eq(payouts.status, "paid")))
      .groupBy(payouts.currency),
  ]);
  const lines =
    rows.length === 0
      ? []
      : await db
          .select({
            orderId: orderItems.orderId,
            name: orderItems.productName,
            qty: orderItems.qty,
          })
          .from(orderItems)
          .where(
            and(
              eq(orderItems.merchantId, merchantId),
              inArray(
                orderItems.orderId,
                rows.map((row) => row.orderId),
              ),
            ),
          )
          .orderBy(orderItems.id);

  return {
    account: !member?.accountId ? "none" : member.ready ? "ready" : "pending",
    requirements: member?.requirements ?? null,
    ledger: rows.map((row) => ({
      orderNo: row.orderNo,
      currency: row.currency,
      lines: lines
        .filter((line) => line.orderId === row.orderId)
        .map(({ name, qty }) => ({ name, qty })),
      grossCents: row.grossCents,
      feesCents: row.feesCents,
      netCents: row.amountCents - row.reversedCents,
      status: row.status,
      reason: row.status === "owed" ? row.reason : null,
      date: row.paidAt ?? row.createdAt,
    })),
    totals,
  };
}
