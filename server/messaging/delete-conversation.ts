import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { conversations } from "@/server/db/schema";
import { getConversationForMember } from "./conversation-side";

/**
 * Deletes a conversation for the caller's side only: it leaves their list, their unread counter
 * goes to 0, and the other side keeps it. A later message brings it back with only what follows.
 *
 * @throws AppError not_found when the caller is not one of the two sides
 */
export async function deleteConversation(
  db: Db,
  { memberId, conversationId }: { memberId: number; conversationId: number },
): Promise<void> {
  const { side } = await getConversationForMember(db, { memberId, conversationId });
  // At least the last message's time, so it hides even if the clocks of two instances differ.
  const at = sql`greatest(now(), ${conversations.lastMessageAt})`;
  await db
    .update(conversations)
    .set(
      side === "merchant"
        ? { merchantDeletedAt: at, merchantUnreadCount: 0 }
        : { customerDeletedAt: at, customerUnreadCount: 0 },
    )
    .where(eq(conversations.id, conversationId));
}
