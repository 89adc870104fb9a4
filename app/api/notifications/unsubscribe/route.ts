import { route } from "@/server/http/route";
import { changeNotificationByLink, notificationLinkSchema } from "@/server/notifications";
import { body, ok } from "@/server/openapi/declare";
import { LINK_BODY_MEDIA_TYPES, readLinkBody } from "../read-link-body";
import { messageAnswer } from "@/server/openapi/answers";

// POST /api/notifications/unsubscribe: turn one type of email off, from a signed link
export const POST = route(
  {
    public: true,
    doc: {
      summary: "Turn one type of email off, from a signed link",
      responses: ok(messageAnswer),
      body: body(notificationLinkSchema, ...LINK_BODY_MEDIA_TYPES),
    },
  },
  async ({ req, db }) => {
    const input = notificationLinkSchema.parse(await readLinkBody(req));
    const message = await changeNotificationByLink(db, { ...input, allowed: false });
    return Response.json({ message });
  },
);
