import "server-only";
import type { Db } from "@/server/db/client";
import { adminActions, type AdminAction } from "@/server/db/schema";

/** A transaction or the database: the audit row goes in with the change it records. */
type Executor = Pick<Db, "insert">;

export type AdminActionRecord = {
  adminId: number;
  action: AdminAction;
  /** `{kind}:{id}`: "member:12", "order_item:40", "reseller:7", "reseller_transaction:3". */
  target: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

/**
 * Writes one row of the audit trail. Call it inside the transaction that makes the change, so the
 * change and its record land together or not at all. Never put a secret in before/after (a
 * password reset records that it happened, not the password).
 */
export async function recordAdminAction(db: Executor, record: AdminActionRecord): Promise<void> {
  await db.insert(adminActions).values({
    adminId: record.adminId,
    action: record.action,
    target: record.target,
    before: record.before ?? null,
    after: record.after ?? null,
  });
}
