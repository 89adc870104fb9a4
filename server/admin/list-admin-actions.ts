import "server-only";
import { desc, eq, lt } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { adminActions, members, type AdminAction } from "@/server/db/schema";

export const AUDIT_PAGE_SIZE = 20;

export type AdminActionEntry = {
  id: number;
  adminUsername: string;
  action: AdminAction;
  target: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
};

/**
 * The audit trail, newest first, 20 at a time: `before` is the id of the last entry already shown
 * (keyset paging on admin_actions_created_idx's order, so a new action never shifts the pages).
 * `nextBefore` is null on the last page.
 */
export async function listAdminActions(
  db: Db,
  { before }: { before?: number | undefined } = {},
): Promise<{ entries: AdminActionEntry[]; nextBefore: number | null }> {
  const rows = await db
    .select({
      id: adminActions.id,
      adminUsername: members.username,
      action: adminActions.action,
      target: adminActions.target,
      before: adminActions.before,
      after: adminActions.after,
      createdAt: adminActions.createdAt,
    })
    .from(adminActions)
    .innerJoin(members, eq(members.id, adminActions.adminId))
    .where(before ? lt(adminActions.id, before) : undefined)
    // ids grow with time: the newest entry has the largest id
    .orderBy(desc(adminActions.id))
    .limit(AUDIT_PAGE_SIZE + 1);
  const entries = rows.slice(0, AUDIT_PAGE_SIZE).map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
  }));
  const last = entries.at(-1);
  return { entries, nextBefore: rows.length > AUDIT_PAGE_SIZE && last ? last.id : null };
}
