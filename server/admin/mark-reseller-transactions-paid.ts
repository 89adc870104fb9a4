import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { resellerTransactions } from "@/server/db/schema";
import { recordAdminAction } from "./record-admin-action";

/**
 * Marks the pending transactions among `ids` paid, each exactly once: one conditional UPDATE
 * (`pay_status = 'pending'`), so of two admins marking at once each row goes to one of them, and
 * ids already paid or unknown change nothing. Answers the ids it marked, ascending; each gets a
 * "reseller_transactions_paid" audit row in the same transaction.
 */
export async function markResellerTransactionsPaid(
  db: Db,
  { adminId, ids }: { adminId: number; ids: number[] },
): Promise<number[]> {
  if (ids.length === 0) return [];
  return db.transaction(async (tx) => {
    const marked = await tx
      .update(resellerTransactions)
      .set({ payStatus: "paid", paidAt: sql`now()` })
      .where(
        and(
          eq(resellerTransactions.payStatus, "pending"),
          inArray(resellerTransactions.id, [...new Set(ids)]),
        ),
      )
      .returning({
        id: resellerTransactions.id,
        rate: resellerTransactions.rate,
        paidAt: resellerTransactions.paidAt,
      });
    marked.sort((a, b) => a.id - b.id);
    for (const row of marked) {
      await recordAdminAction(tx, {
        adminId,
        action: "reseller_transactions_paid",
        target: `reseller_transaction:${row.id}`,
        before: { payStatus: "pending" },
        after: { payStatus: "paid", paidAt: row.paidAt?.toISOString() ?? null, rate: row.rate },
      });
    }
    return marked.map((row) => row.id);
  });
}
