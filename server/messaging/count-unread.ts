import "server-only";
import { and, eq, gt, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { conversations } from "@/server/db/schema";

/**
 * How many of the member's conversations hold messages they have not opened, from the kept
 * counters, as one scalar SQL expression: each side is its own count on its partial index
 * (conversations_*_unread_idx holds only rows with unread messages), index-only, so a farm with
 * thousands of conversations reads only the unread ones. A member is never both sides of one
 * conversation, so the two counts add up.
 */
function unreadCount(memberId: SQL | number): SQL<number> {
  return sql<number>`((select count(*) from ${conversations}
      where ${and(eq(conversations.merchantId, memberId), gt(conversations.merchantUnreadCount, 0))})
    + (select count(*) from ${conversations}
      where ${and(eq(conversations.customerId, memberId), gt(conversations.customerUnreadCount, 0))}))::int`;
}

/**
 * The header's count as a scalar subquery, so the viewer answer reads it in its one statement;
 * `memberId` is the outer query's member id. Never counts messages.
 */
export function unreadConversationCountSql(memberId: SQL): SQL<number> {
  return unreadCount(memberId);
}

/** How many of the member's conversations hold messages they have not opened. */
export async function countUnreadConversations(db: Db, memberId: number): Promise<number> {
  const { rows } = await db.execute<{ count: number }>(
    sql`select ${unreadCount(memberId)} as count`,
  );
  return Number(rows[0]?.count ?? 0);
}
