import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { NOTIFICATION_TYPES, type NotificationType } from "@/lib/constants";
import type { Db } from "@/server/db/client";
import { members } from "@/server/db/schema";
import { forbiddenError, notFoundError } from "@/server/errors";
import { setNotificationPreference } from "@/server/members/notification-preferences";
import { verifyNotificationLink } from "./sign";

const INVALID_LINK = "This link is not valid. Please use the link from your latest email.";

/** The body of POST /api/notifications/unsubscribe and /subscribe. `userId` is the member's user_key. */
export const notificationLinkSchema = z.object({
  type: z.enum(NOTIFICATION_TYPES, { error: "Unknown notification type." }),
  userId: z.uuid({ error: "Invalid link." }),
  sig: z.string({ error: "Invalid link." }).min(1, "Invalid link.").max(128, "Invalid link."),
});

export type NotificationLinkInput = z.infer<typeof notificationLinkSchema>;

const LABELS: Record<NotificationType, string> = {
  term: "terms and policy",
  promotion: "promotion",
  order: "order",
  back_in_stock: "back-in-stock",
  message: "message",
  review_reply: "review reply",
  pickup_reminder: "pickup reminder",
};

/**
 * Turns one type of email off (unsubscribe) or on again (subscribe back) for the member a signed
 * link names. Repeating it changes nothing.
 *
 * @throws AppError forbidden when the signature does not match the type and member (forged, altered)
 * @throws AppError not_found when the member no longer exists
 */
export async function changeNotificationByLink(
  db: Db,
  { type, userId, sig, allowed }: NotificationLinkInput & { allowed: boolean },
): Promise<string> {
  if (!verifyNotificationLink(type, userId, sig)) throw forbiddenError(INVALID_LINK);
  const [member] = await db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.userKey, userId))
    .limit(1);
  if (!member) throw notFoundError("This account no longer exists.");
  await setNotificationPreference(db, member.id, type, allowed);
  return allowed
    ? `You are subscribed to ${LABELS[type]} emails again.`
    : `You have been unsubscribed from ${LABELS[type]} emails.`;
}
