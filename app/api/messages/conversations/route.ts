import { conversationListQuerySchema } from "@/lib/validation/messaging";
import { route } from "@/server/http/route";
import { listConversations } from "@/server/messaging";
import { ok } from "@/server/openapi/declare";
import { conversationPageAnswer } from "@/server/openapi/answers";

// GET /api/messages/conversations?cursor=: the caller's contacts, 20 a page, latest first
export const GET = route(
  {
    doc: {
      summary: "The caller's contacts, 20 a page, latest first",
      responses: ok(conversationPageAnswer),
      query: [conversationListQuerySchema],
    },
  },
  async ({ req, member, db }) => {
    const { cursor } = conversationListQuerySchema.parse(
      Object.fromEntries(new URL(req.url).searchParams),
    );
    return Response.json(await listConversations(db, { memberId: member.id, cursor }));
  },
);
