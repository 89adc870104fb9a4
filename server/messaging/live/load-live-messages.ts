import "server-only";
import { and, asc, eq, gt, or, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { conversations, members, messages } from "@/server/db/schema";
import { toMessageView, type MessageRowWithSender, type MessageView } from "../message-view";

/** One event of a member's stream: a message of one of their conversations, as they see it. */
export type LiveMessage = { conversationId: number; message: MessageView };

/** A reconnect is answered with at most this many missed messages, oldest first. */
export const REPLAY_LIMIT = 200;

const selection = {
  id: messages.id,
  conversationId: messages.conversationId,
  body: messages.body,
  createdAt: messages.createdAt,
  senderMemberId: messages.senderMemberId,
  senderUserKey: members.userKey,
  senderFirstName: members.firstName,
  senderLastName: members.lastName,
  merchantId: conversations.merchantId,
  customerId: conversations.customerId,
  visitorFirstName: conversations.visitorFirstName,
  visitorLastName: conversations.visitorLastName,
};

export type NotifiedMessageRow = MessageRowWithSender & {
  conversationId: number;
  merchantId: number;
  customerId: number | null;
  visitorFirstName: string | null;
  visitorLastName: string | null;
};
type Row = NotifiedMessageRow;

/**
 * One message with what each side needs to see it, read once per notification however many
 * streams wait for it. The caller keeps only the sides the row names (`merchantId`,
 * `customerId`): the notification's member ids are never trusted on their own.
 */
export async function loadNotifiedMessage(
  db: Db,
  { conversationId, messageId }: { conversationId: number; messageId: number },
): Promise<Row | null> {
  const [row] = await db
    .select(selection)
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .leftJoin(members, eq(members.id, messages.senderMemberId))
    .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)))
    .limit(1);
  return row ?? null;
}

/** The row as `memberId` sees it, or null when they are not one of its two sides. */
export function toLiveMessage(row: Row, memberId: number): LiveMessage | null {
  if (row.merchantId !== memberId && row.customerId !== memberId) return null;
  return { conversationId: row.conversationId, message: toMessageView(row, row, memberId) };
}

/**
 * What a reconnecting stream missed: the messages of the member's own conversations with an id
 * above the last one it received (`Last-Event-ID`), oldest first, up to REPLAY_LIMIT. Messages a
 * side deleted stay hidden, as on the page.
 */
export async function listMessagesAfter(
  db: Db,
  { memberId, afterId }: { memberId: number; afterId: number },
): Promise<LiveMessage[]> {
  const rows = await db
    .select(selection)
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .leftJoin(members, eq(members.id, messages.senderMemberId))
    .where(
      and(
        gt(messages.id, afterId),
        or(
          and(
            eq(conversations.merchantId, memberId),
            sql`(${conversations.merchantDeletedAt} is null or ${messages.createdAt} > ${conversations.merchantDeletedAt})`,
          ),
          and(
            eq(conversations.customerId, memberId),
            sql`(${conversations.customerDeletedAt} is null or ${messages.createdAt} > ${conversations.customerDeletedAt})`,
          ),
        ),
      ),
    )
    .orderBy(asc(messages.id))
    .limit(REPLAY_LIMIT);
  return rows.flatMap((row) => toLiveMessage(row, memberId) ?? []);
}
