import "server-only";
import { and, eq, or, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { conversations } from "@/server/db/schema";
import { isRowId } from "@/lib/row-id";
import { conversationNotFound } from "./messages";

export type ConversationRow = typeof conversations.$inferSelect;
/** Which side of a conversation the caller is on. */
export type Side = "merchant" | "customer";

export type ConversationForMember = { conversation: ConversationRow; side: Side };

/**
 * The conversation `conversationId` if `memberId` is one of its two sides, with that side; a
 * missing conversation, a malformed id and another member's conversation all throw the same 404.
 */
export async function getConversationForMember(
  db: Db,
  { memberId, conversationId }: { memberId: number; conversationId: number },
): Promise<ConversationForMember> {
  if (!isRowId(conversationId)) throw conversationNotFound();
  const [conversation] = await db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.id, conversationId),
        or(eq(conversations.merchantId, memberId), eq(conversations.customerId, memberId)),
      ),
    )
    .limit(1);
  if (!conversation) throw conversationNotFound();
  return { conversation, side: conversation.merchantId === memberId ? "merchant" : "customer" };
}

/** The caller's own columns of a conversation row. */
export function sideColumns(side: Side) {
  return side === "merchant"
    ? { unread: conversations.merchantUnreadCount, deletedAt: conversations.merchantDeletedAt }
    : { unread: conversations.customerUnreadCount, deletedAt: conversations.customerDeletedAt };
}

/**
 * A side sees a conversation unless it deleted it and nothing was written since: deleting hides
 * what was there, and a new message brings the conversation back with only what came after.
 */
export function visibleTo(side: Side) {
  const { deletedAt } = sideColumns(side);
  return sql`(${deletedAt} is null or ${conversations.lastMessageAt} > ${deletedAt})`;
}
