import { route } from "@/server/http/route";
import { countUnreadConversations } from "@/server/messaging";
import { ok } from "@/server/openapi/declare";
import { unreadCountAnswer } from "@/server/openapi/answers";

// GET /api/messages/unread: how many of the caller's conversations hold unopened messages
export const GET = route(
  {
    doc: {
      summary: "How many of the caller's conversations hold unopened messages",
      responses: ok(unreadCountAnswer),
    },
  },
  async ({ member, db }) => Response.json({ count: await countUnreadConversations(db, member.id) }),
);
