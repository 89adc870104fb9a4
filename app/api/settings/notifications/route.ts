import { notificationSettingSchema } from "@/lib/validation/profile";
import { route } from "@/server/http/route";
import {
  getNotificationPreferences,
  setNotificationPreference,
} from "@/server/members/notification-preferences";
import { json, ok } from "@/server/openapi/declare";
import { notificationsAnswer, notificationsSavedAnswer } from "@/server/openapi/answers";

// GET /api/settings/notifications: the member's email preferences (a type never set is on)
export const GET = route(
  { doc: { summary: "The member's email preferences", responses: ok(notificationsAnswer) } },
  async ({ member, db }) => {
    return Response.json({ notifications: await getNotificationPreferences(db, member.id) });
  },
);

// POST /api/settings/notifications: turn one type of email on or off
export const POST = route(
  {
    doc: {
      summary: "Turn one type of email on or off",
      responses: ok(notificationsSavedAnswer),
      body: json(notificationSettingSchema),
    },
  },
  async ({ req, member, db }) => {
    const { type, allow } = notificationSettingSchema.parse(await req.json());
    const notifications = await setNotificationPreference(db, member.id, type, allow);
    return Response.json({ message: "Notification settings saved.", notifications });
  },
);
