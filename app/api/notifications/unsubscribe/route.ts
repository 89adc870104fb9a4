import { route } from "@/server/http/route";
import { changeNotificationByLink, notificationLinkSchema } from "@/server/notifications";
import { readLinkBody } from "../read-link-body";

// POST /api/notifications/unsubscribe: turn one type of email off, from a signed link
export const POST = route({ public: true }, async ({ req, db }) => {
  const input = notificationLinkSchema.parse(await readLinkBody(req));
  const message = await changeNotificationByLink(db, { ...input, allowed: false });
  return Response.json({ message });
});
