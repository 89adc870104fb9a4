import "server-only";
import { and, eq, gt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { conversations } from "@/server/db/schema";

/** The member's conversations holding messages they have not opened, from the kept counters. */
function hasUnread(memberId: SQL | number): SQL | undefined {
  return or(
    and(eq(conversations.merchantId, memberId), gt(conversations.merchantUnreadCount, 0)),
    and(eq(conversations.customerId, memberId), gt(conversations.customerUnreadCount, 0)),
  );
}

/**
 * The header's count as a scalar subquery, so the viewer answer reads it in its one statement;
 * `memberId` is the outer query's member id. Never counts messages.
 */
export function unreadConversationCountSql(memberId: SQL): SQL<number> {
  return sql<number>`(select count(*)::int from ${conversations} where ${hasUnread(memberId)})`;
}

/** How many of the member's conversations hold messages they have not opened. */
export async function countUnreadConversations(db: Db, memberId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(conversations)
    .where(hasUnread(memberId));
  return Number(row?.count ?? 0);
}
