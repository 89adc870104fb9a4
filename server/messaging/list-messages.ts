import "server-only";
import { and, desc, eq, or, sql } from "drizzle-orm";
import { PAGE_SIZES } from "@/lib/constants";
import type { Db } from "@/server/db/client";
import { canMessage } from "@/lib/entitlement";
import { conversations, members, messages, subscriptions } from "@/server/db/schema";
import { entitlementOfRow } from "@/server/subscriptions";
import { isRowId } from "@/lib/row-id";
import { conversationNotFound } from "./messages";
import { toMessageView, type MessageView } from "./message-view";

export type MessagePage = {
  /** Oldest first, as the conversation panel shows them. */
  results: MessageView[];
  /** Pass as `before` for the previous 20; null when there are no older messages. */
  nextCursor: number | null;
  /**
   * Whether the conversation's farm can write now (its plan includes messaging): the farm sees the
   * plan gate when it opens the conversation, and the customer knows before writing that the
   * answer may come another way (issue 42, item 2).
   */
  farmCanReply: boolean;
  /** Whether the caller is the conversation's farm or its customer. */
  side: "merchant" | "customer";
};

/**
 * The latest 20 messages of one of the caller's conversations, or the 20 before message
 * `before`. Messages from before the caller deleted the conversation stay hidden. One statement:
 * the conversation (by primary key, only if the caller is one of its two sides) joined to its
 * page of messages, read in order on `messages_conversation_created_idx`, and to the farm's
 * subscription (by its unique member id), which says whether the farm can reply.
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
  if (!isRowId(conversationId)) throw conversationNotFound();
  const size = PAGE_SIZES.messages;
  // The caller's side's deletion time, read in SQL (a JS Date would drop the microseconds).
  const deletedAt = sql`(select case when c.merchant_id = ${memberId} then c.merchant_deleted_at else c.customer_deleted_at end from ${conversations} as c where c.id = ${conversationId})`;
  const page = db
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      body: messages.body,
      createdAt: messages.createdAt,
      senderMemberId: messages.senderMemberId,
    })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        sql`${messages.createdAt} > coalesce(${deletedAt}, '-infinity'::timestamptz)`,
        before
          ? sql`(${messages.createdAt}, ${messages.id}) < (select m.created_at, m.id from ${messages} as m where m.id = ${before} and m.conversation_id = ${conversationId})`
          : undefined,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(size + 1)
    .as("page");
  const rows = await db
    .select({
      visitorFirstName: conversations.visitorFirstName,
      visitorLastName: conversations.visitorLastName,
      merchantId: conversations.merchantId,
      farmSubscription: subscriptions,
      id: page.id,
      body: page.body,
      createdAt: page.createdAt,
      senderMemberId: page.senderMemberId,
      senderUserKey: members.userKey,
      senderFirstName: members.firstName,
      senderLastName: members.lastName,
    })
    .from(conversations)
    .leftJoin(page, eq(page.conversationId, conversations.id))
    .leftJoin(members, eq(members.id, page.senderMemberId))
    .leftJoin(subscriptions, eq(subscriptions.memberId, conversations.merchantId))
    .where(
      and(
        eq(conversations.id, conversationId),
        or(eq(conversations.merchantId, memberId), eq(conversations.customerId, memberId)),
      ),
    )
    .orderBy(desc(page.createdAt), desc(page.id));
  const conversation = rows[0];
  if (!conversation) throw conversationNotFound();

  const found = rows.flatMap((row) =>
    row.id === null || row.body === null || row.createdAt === null
      ? []
      : [{ ...row, id: row.id, body: row.body, createdAt: row.createdAt }],
  );
  const shown = found.slice(0, size);
  return {
    results: shown.reverse().map((row) => toMessageView(row, conversation, memberId)),
    nextCursor: found.length > size ? (shown[0]?.id ?? null) : null,
    farmCanReply: canMessage(entitlementOfRow(conversation.farmSubscription, new Date())),
    side: conversation.merchantId === memberId ? "merchant" : "customer",
  };
}
