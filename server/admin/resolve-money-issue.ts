import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { moneyIssues, type MoneyIssueKind } from "@/server/db/schema";
import { conflict, notFoundError } from "@/server/errors";
import { recordAdminAction } from "./record-admin-action";

export const MONEY_ISSUE_NOT_FOUND_MESSAGE = "There is no money issue with that id.";
export const alreadyResolvedMessage = (resolution: string | null) =>
  resolution
    ? `This issue has already been resolved: ${resolution}`
    : "This issue has already been resolved.";
export const MONEY_ISSUE_RESOLVED_MESSAGE = "The issue is marked resolved.";

export type ClosedMoneyIssue = {
  id: number;
  kind: MoneyIssueKind;
  detail: string;
  orderId: number | null;
  orderItemId: number | null;
  merchantId: number | null;
};

/**
 * Closes one open money issue for an operator: one conditional UPDATE (`status = 'open'`), so of
 * two admins acting at once exactly one closes it and the other is told who was first. Call it
 * inside the transaction that records the action.
 *
 * @throws AppError not_found (no such issue); conflict (already resolved, with how)
 */
export async function closeMoneyIssue(
  tx: Db,
  { id, adminId, resolution }: { id: number; adminId: number; resolution: string },
): Promise<ClosedMoneyIssue> {
  const [closed] = await tx
    .update(moneyIssues)
    .set({
      status: "resolved",
      resolvedBy: adminId,
      resolution,
      resolvedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(moneyIssues.id, id), eq(moneyIssues.status, "open")))
    .returning({
      id: moneyIssues.id,
      kind: moneyIssues.kind,
      detail: moneyIssues.detail,
      orderId: moneyIssues.orderId,
      orderItemId: moneyIssues.orderItemId,
      merchantId: moneyIssues.merchantId,
    });
  if (closed) return closed;
  const [issue] = await tx
    .select({ resolution: moneyIssues.resolution })
    .from(moneyIssues)
    .where(eq(moneyIssues.id, id));
  if (!issue) throw notFoundError(MONEY_ISSUE_NOT_FOUND_MESSAGE);
  throw conflict(alreadyResolvedMessage(issue.resolution));
}

/**
 * An operator marks a money issue resolved with a note saying what settled it (a refund made by
 * hand in Stripe's dashboard, a dispute lost, an amount mismatch answered): it leaves the Money
 * page, and the audit trail keeps the note with the issue as it was, in the same transaction.
 *
 * @throws AppError not_found; conflict: already resolved (by another admin or by the money step)
 */
export async function resolveMoneyIssue(
  db: Db,
  { adminId, id, note }: { adminId: number; id: number; note: string },
): Promise<{ message: string }> {
  await db.transaction(async (tx) => {
    const issue = await closeMoneyIssue(tx, { id, adminId, resolution: note });
    await recordAdminAction(tx, {
      adminId,
      action: "money_resolve",
      target: `money_issue:${id}`,
      before: { status: "open", kind: issue.kind, detail: issue.detail },
      after: { status: "resolved", resolution: note },
    });
  });
  return { message: MONEY_ISSUE_RESOLVED_MESSAGE };
}
