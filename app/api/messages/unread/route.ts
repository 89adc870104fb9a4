import { route } from "@/server/http/route";
import { countUnreadConversations } from "@/server/messaging";

// GET /api/messages/unread: how many of the caller's conversations hold unopened messages
export const GET = route(
  { doc: { summary: "How many of the caller's conversations hold unopened messages" } },
  async ({ member, db }) => Response.json({ count: await countUnreadConversations(db, member.id) }),
);
