import "server-only";
import { sql } from "drizzle-orm";
import type { Db, DbTransaction } from "@/server/db/client";

/** The one channel every app instance listens on (decision 0020). */
export const NEW_MESSAGE_CHANNEL = "new_message";

/**
 * What a notification carries: ids only, never the text. Each instance reads the message itself,
 * and only for members whose streams are open there and who are a side of the conversation.
 */
export type NewMessageNotice = {
  conversationId: number;
  messageId: number;
  /** Both sides' member ids (a visitor side has none): the sender's other tabs follow too. */
  memberIds: number[];
};

/**
 * Queues a notification in the caller's transaction: PostgreSQL delivers it when (and only if)
 * the transaction that stored the message commits, so a stream never announces a message that a
 * rollback took back.
 */
export async function notifyNewMessage(
  db: Db | DbTransaction,
  notice: NewMessageNotice,
): Promise<void> {
  await db.execute(sql`select pg_notify(${NEW_MESSAGE_CHANNEL}, ${JSON.stringify(notice)})`);
}

/** A payload off the channel, or null for anything that is not one of ours. */
export function parseNewMessageNotice(payload: string): NewMessageNotice | null {
  try {
    const value = JSON.parse(payload) as Partial<NewMessageNotice>;
    const isId = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) > 0;
    if (
      !isId(value.conversationId) ||
      !isId(value.messageId) ||
      !Array.isArray(value.memberIds) ||
      !value.memberIds.every(isId)
    )
      return null;
    return {
      conversationId: value.conversationId,
      messageId: value.messageId,
      memberIds: value.memberIds,
    };
  } catch {
    return null;
  }
}
