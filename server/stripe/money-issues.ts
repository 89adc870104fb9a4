import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { moneyIssues, type MoneyIssueKind } from "@/server/db/schema";
import { log } from "@/server/log";

export type MoneyIssueInput = {
  kind: MoneyIssueKind;
  /** What makes it one issue: raising the same key again changes nothing. */
  key: string;
  detail: string;
  orderId?: number | null;
  orderItemId?: number | null;
  merchantId?: number | null;
  customerId?: number | null;
  amountCents?: number | null;
  currency?: "CAD" | "USD" | null;
  stripeIds?: Record<string, string>;
};

/**
 * Puts money the marketplace could not settle by itself in front of the operators (the admin
 * Money page, decision 0037). Once per key: a webhook redelivered a hundred times, or a sweep
 * every few minutes, raises it once. Written in the caller's transaction where there is one, so an
 * issue never outlives the change that raised it, nor goes missing from it.
 */
export async function raiseMoneyIssue(db: Db, issue: MoneyIssueInput): Promise<boolean> {
  const raised = await db
    .insert(moneyIssues)
    .values({
      kind: issue.kind,
      key: issue.key,
      detail: issue.detail,
      orderId: issue.orderId ?? null,
      orderItemId: issue.orderItemId ?? null,
      merchantId: issue.merchantId ?? null,
      customerId: issue.customerId ?? null,
      amountCents: issue.amountCents ?? null,
      currency: issue.currency ?? null,
      stripeIds: issue.stripeIds ?? {},
    })
    .onConflictDoNothing({ target: moneyIssues.key })
    .returning({ id: moneyIssues.id });
  if (raised[0])
    log.warn({ issue: raised[0].id, kind: issue.kind, key: issue.key }, "money needs a person");
  return raised.length > 0;
}

/**
 * Closes the open issues of these kinds about one order line (or one order) once the step they
 * were about went through after all: the operators' list shows only what still needs them.
 */
export async function settleMoneyIssues(
  db: Db,
  where: { kinds: MoneyIssueKind[]; orderItemId?: number; orderId?: number; merchantId?: number },
  resolution: string,
): Promise<void> {
  const about =
    where.orderItemId !== undefined
      ? eq(moneyIssues.orderItemId, where.orderItemId)
      : where.orderId !== undefined
        ? eq(moneyIssues.orderId, where.orderId)
        : sql`false`;
  await db
    .update(moneyIssues)
    .set({ status: "resolved", resolution, resolvedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        about,
        where.merchantId !== undefined ? eq(moneyIssues.merchantId, where.merchantId) : undefined,
        inArray(moneyIssues.kind, where.kinds),
        eq(moneyIssues.status, "open"),
      ),
    );
}
