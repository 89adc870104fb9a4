import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db, DbTransaction } from "@/server/db/client";
import { conversations, messages } from "@/server/db/schema";
import type { Side } from "./conversation-side";
import { notifyNewMessage } from "./live/notify-new-message";

export type AppendMessageInput = {
  conversationId: number;
  /** The side that writes. */
  from: Side;
  /** Null for a visitor. */
  senderMemberId: number | null;
  body: string;
};

/**
 * Stores one message and, in the same transaction, moves the conversation to the top of both
 * lists and raises the other side's unread counter (a kept counter, so the header never counts),
 * and queues the live notification, sent when the transaction commits (decision 0020).
 */
export async function appendMessage(db: Db | DbTransaction, input: AppendMessageInput) {
  const [message] = await db
    .insert(messages)
    .values({
      conversationId: input.conversationId,
      senderMemberId: input.senderMemberId,
      body: input.body,
    })
    .returning();
  const [sides] = await db
    .update(conversations)
    .set({
      lastMessageAt: message!.createdAt,
      ...(input.from === "merchant"
        ? { customerUnreadCount: sql`${conversations.customerUnreadCount} + 1` }
        : { merchantUnreadCount: sql`${conversations.merchantUnreadCount} + 1` }),
    })
    .where(eq(conversations.id, input.conversationId))
    .returning({ merchantId: conversations.merchantId, customerId: conversations.customerId });
  await notifyNewMessage(db, {
    conversationId: input.conversationId,
    messageId: message!.id,
    memberIds: sides ? [sides.merchantId, sides.customerId].filter((id) => id !== null) : [],
  });
  return message!;
}
