import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { PAGE_SIZES } from "@/lib/constants";
import type { Db } from "@/server/db/client";
import { conversations, members, messages } from "@/server/db/schema";
import { getConversationForMember, sideColumns } from "./conversation-side";
import { toMessageView, type MessageView } from "./message-view";

export type MessagePage = {
  /** Oldest first, as the conversation panel shows them. */
  results: MessageView[];
  /** Pass as `before` for the previous 20; null when there are no older messages. */
  nextCursor: number | null;
};

/**
 * The latest 20 messages of one of the caller's conversations, or the 20 before message
 * `before`. Messages from before the caller deleted the conversation stay hidden.
 *
 * @throws AppError not_found when the caller is not one of the two sides
 */
export async function listMessages(
  db: Db,
  {
    memberId,
    conversationId,
    before,
  }: { memberId: number; conversationId: number; before?: number | undefined },
): Promise<MessagePage> {
  const { conversation, side } = await getConversationForMember(db, { memberId, conversationId });
  const size = PAGE_SIZES.messages;
  // Read in SQL, not through a JS Date, which would drop the microseconds.
  const { deletedAt } = sideColumns(side);
  const hasDeleted = conversation[side === "merchant" ? "merchantDeletedAt" : "customerDeletedAt"];
  const rows = await db
    .select({
      id: messages.id,
      body: messages.body,
      createdAt: messages.createdAt,
      senderMemberId: messages.senderMemberId,
      senderUserKey: members.userKey,
      senderFirstName: members.firstName,
      senderLastName: members.lastName,
    })
    .from(messages)
    .leftJoin(members, eq(members.id, messages.senderMemberId))
    .where(
      and(
        eq(messages.conversationId, conversationId),
        hasDeleted
          ? sql`${messages.createdAt} > (select ${deletedAt} from ${conversations} where ${conversations.id} = ${conversationId})`
          : undefined,
        before
          ? sql`(${messages.createdAt}, ${messages.id}) < (select m.created_at, m.id from ${messages} as m where m.id = ${before} and m.conversation_id = ${conversationId})`
          : undefined,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(size + 1);

  const page = rows.slice(0, size);
  return {
    results: page.reverse().map((row) => toMessageView(row, conversation, memberId)),
    nextCursor: rows.length > size ? (page[0]?.id ?? null) : null,
  };
}
