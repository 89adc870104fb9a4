import "server-only";
import { and, eq, gt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { conversations } from "@/server/db/schema";

/**
 * The header's count: how many of the member's conversations hold messages they have not
 * opened. Read from the kept per-side counters, never by counting messages. `memberId` is a SQL
 * expression so the viewer answer can embed it in its one statement.
 */
export function unreadConversationCountSql(memberId: SQL | number): SQL<number> {
  return sql<number>`(select count(*)::int from ${conversations} where ${or(
    and(eq(conversations.merchantId, memberId as number), gt(conversations.merchantUnreadCount, 0)),
    and(eq(conversations.customerId, memberId as number), gt(conversations.customerUnreadCount, 0)),
  )})`;
}

export async function countUnreadConversations(db: Db, memberId: number): Promise<number> {
  const [row] = await db
    .select({ count: unreadConversationCountSql(memberId) })
    .from(sql`(select 1) as one`);
  return Number(row?.count ?? 0);
}
