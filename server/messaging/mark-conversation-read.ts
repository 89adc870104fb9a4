import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { conversations } from "@/server/db/schema";
import { getConversationForMember } from "./conversation-side";

/**
 * Sets the caller's unread counter of one conversation to 0; says whether it was unread, so the
 * header's count can go down by one.
 *
 * @throws AppError not_found when the caller is not one of the two sides
 */
export async function markConversationRead(
  db: Db,
  { memberId, conversationId }: { memberId: number; conversationId: number },
): Promise<{ wasUnread: boolean }> {
  const { conversation, side } = await getConversationForMember(db, { memberId, conversationId });
  const wasUnread =
    (side === "merchant" ? conversation.merchantUnreadCount : conversation.customerUnreadCount) > 0;
  if (wasUnread)
    await db
      .update(conversations)
      .set(side === "merchant" ? { merchantUnreadCount: 0 } : { customerUnreadCount: 0 })
      .where(eq(conversations.id, conversationId));
  return { wasUnread };
}
