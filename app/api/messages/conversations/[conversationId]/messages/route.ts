import { conversationMessageSchema, messageListQuerySchema } from "@/lib/validation/messaging";
import { afterResponse } from "@/server/base/follow-ups";
import { route } from "@/server/http/route";
import { listMessages, mailAfterMessage, sendMessage } from "@/server/messaging";
import { parseRowId } from "@/lib/row-id";
import { created, json, ok, segment } from "@/server/openapi/declare";
import { messagePageAnswer, messagePostedAnswer } from "@/server/openapi/answers";

type Params = { conversationId: string };

// GET /api/messages/conversations/{conversationId}/messages?before=: the latest 20, or 20 older
export const GET = route<Params>(
  {
    doc: {
      summary: "The latest 20 messages of a conversation, or 20 older",
      responses: ok(messagePageAnswer),
      pathParams: { conversationId: segment() },
      query: [messageListQuerySchema],
    },
  },
  async ({ req, member, db, params }) => {
    const { before } = messageListQuerySchema.parse(
      Object.fromEntries(new URL(req.url).searchParams),
    );
    const conversationId = parseRowId(params.conversationId) ?? 0;
    return Response.json(await listMessages(db, { memberId: member.id, conversationId, before }));
  },
);

// POST /api/messages/conversations/{conversationId}/messages: write in it (a farmer needs a plan)
export const POST = route<Params>(
  {
    doc: {
      summary: "Write in a conversation (a farmer needs a plan)",
      pathParams: { conversationId: segment() },
      body: json(conversationMessageSchema),
      responses: created("The message was sent", messagePostedAnswer),
    },
  },
  async ({ req, member, db, params }) => {
    const { message } = conversationMessageSchema.parse(await req.json());
    const conversationId = parseRowId(params.conversationId) ?? 0;
    const result = await sendMessage(db, { memberId: member.id, conversationId, body: message });
    await afterResponse("message mail", () => mailAfterMessage(db, { messageId: result.id }));
    return Response.json({ result }, { status: 201 });
  },
);
