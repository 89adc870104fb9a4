import { route } from "@/server/http/route";
import { deleteConversation, MESSAGING_MESSAGES } from "@/server/messaging";
import { parseRowId } from "@/lib/row-id";
import { ok, segment } from "@/server/openapi/declare";
import { messageAnswer } from "@/server/openapi/answers";

// DELETE /api/messages/conversations/{conversationId}: delete it from the caller's side only
export const DELETE = route<{ conversationId: string }>(
  {
    doc: {
      summary: "Delete a conversation from the caller's side only",
      responses: ok(messageAnswer),
      pathParams: { conversationId: segment() },
    },
  },
  async ({ member, db, params }) => {
    const conversationId = parseRowId(params.conversationId) ?? 0;
    await deleteConversation(db, { memberId: member.id, conversationId });
    return Response.json({ message: MESSAGING_MESSAGES.deleted });
  },
);
