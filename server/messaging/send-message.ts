import "server-only";
import { eq } from "drizzle-orm";
import { canMessage } from "@/lib/entitlement";
import type { Db } from "@/server/db/client";
import { members } from "@/server/db/schema";
import { getEntitlement } from "@/server/subscriptions";
import { appendMessage } from "./append-message";
import { getConversationForMember } from "./conversation-side";
import { subscriptionRequired } from "./messages";
import { toMessageView, type MessageView } from "./message-view";

export type SendMessageOptions = { memberId: number; conversationId: number; body: string };

/**
 * Posts a message in one of the caller's conversations. The farmer's side needs a plan with
 * messaging (Engager or Harvest); the customer's side may always write.
 *
 * @throws AppError not_found when the caller is not one of the two sides
 * @throws AppError forbidden with `errors.plan = ["subscription_required"]` for a farmer without
 *   messaging
 */
export async function sendMessage(
  db: Db,
  { memberId, conversationId, body }: SendMessageOptions,
): Promise<MessageView> {
  const { conversation, side } = await getConversationForMember(db, { memberId, conversationId });
  if (side === "merchant" && !canMessage(await getEntitlement(db, memberId)))
    throw subscriptionRequired();

  const message = await db.transaction((tx) =>
    appendMessage(tx, { conversationId, from: side, senderMemberId: memberId, body }),
  );
  const [sender] = await db
    .select({ userKey: members.userKey, firstName: members.firstName, lastName: members.lastName })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1);
  return toMessageView(
    {
      id: message.id,
      body: message.body,
      createdAt: message.createdAt,
      senderMemberId: memberId,
      senderUserKey: sender?.userKey ?? null,
      senderFirstName: sender?.firstName ?? null,
      senderLastName: sender?.lastName ?? null,
    },
    conversation,
    memberId,
  );
}
