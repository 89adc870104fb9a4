import "server-only";
import type { ConversationRow } from "./conversation-side";

/** A message as the wire carries it (spec part 1 section 3 "Message", plus `id` and `mine`). */
export type MessageView = {
  id: number;
  /** The sender's user key; null when a visitor wrote it. */
  userKey: string | null;
  message: string;
  /** ISO 8601. */
  postedOn: string;
  firstName: string;
  lastName: string;
  /** True when the caller wrote it. */
  mine: boolean;
};

export type MessageRowWithSender = {
  id: number;
  body: string;
  createdAt: Date;
  senderMemberId: number | null;
  senderUserKey: string | null;
  senderFirstName: string | null;
  senderLastName: string | null;
};

export function toMessageView(
  row: MessageRowWithSender,
  conversation: Pick<ConversationRow, "visitorFirstName" | "visitorLastName">,
  callerId: number,
): MessageView {
  const byVisitor = row.senderMemberId === null;
  return {
    id: row.id,
    userKey: row.senderUserKey,
    message: row.body,
    postedOn: row.createdAt.toISOString(),
    firstName: (byVisitor ? conversation.visitorFirstName : row.senderFirstName) ?? "",
    lastName: (byVisitor ? conversation.visitorLastName : row.senderLastName) ?? "",
    mine: row.senderMemberId === callerId,
  };
}
