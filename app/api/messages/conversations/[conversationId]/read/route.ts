import { route } from "@/server/http/route";
import { markConversationRead } from "@/server/messaging";
import { parseRowId } from "@/lib/row-id";
import { ok, segment } from "@/server/openapi/declare";
import { markedReadAnswer } from "@/server/openapi/answers";

// POST /api/messages/conversations/{conversationId}/read: the caller has opened it
export const POST = route<{ conversationId: string }>(
  {
    doc: {
      summary: "The caller has opened the conversation",
      responses: ok(markedReadAnswer),
      pathParams: { conversationId: segment() },
    },
  },
  async ({ member, db, params }) => {
    const conversationId = parseRowId(params.conversationId) ?? 0;
    return Response.json(await markConversationRead(db, { memberId: member.id, conversationId }));
  },
);
