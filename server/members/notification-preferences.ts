import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { NOTIFICATION_TYPES, type NotificationType } from "@/lib/constants";
import { flagOf, typeAndFollowed } from "@/lib/notification-flags";
import type { Db } from "@/server/db/client";
import { notificationPreferences } from "@/server/db/schema";

export type NotificationPreferences = Record<NotificationType, boolean>;

/**
 * A member's email preferences, one flag per notification type. A type without a row is allowed
 * (spec part 1 section 3: "the default is on when missing"), unless it was split off another type
 * and follows that one's row (NOTIFICATION_FOLLOWS: `message` follows `order`). The one read the
 * settings page, the unsubscribe flow and the mailers share.
 */
export async function getNotificationPreferences(
  db: Db,
  memberId: number,
): Promise<NotificationPreferences> {
  const rows = await db
    .select({ type: notificationPreferences.type, allowed: notificationPreferences.allowed })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.memberId, memberId));
  const flags = new Map(rows.map((row) => [row.type, row.allowed]));
  return Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => [type, flagOf(flags, type)]),
  ) as NotificationPreferences;
}

/** Whether one type of email may be sent to the member (missing row = allowed). */
export async function isNotificationAllowed(
  db: Db,
  memberId: number,
  type: NotificationType,
): Promise<boolean> {
  const rows = await db
    .select({ type: notificationPreferences.type, allowed: notificationPreferences.allowed })
    .from(notificationPreferences)
    .where(
      and(
        eq(notificationPreferences.memberId, memberId),
        inArray(notificationPreferences.type, typeAndFollowed(type)),
      ),
    );
  return flagOf(new Map(rows.map((row) => [row.type, row.allowed])), type);
}

/** Sets one type's allow flag (an upsert, so repeating it changes nothing) and returns them all. */
export async function setNotificationPreference(
  db: Db,
  memberId: number,
  type: NotificationType,
  allowed: boolean,
): Promise<NotificationPreferences> {
  await db
    .insert(notificationPreferences)
    .values({ memberId, type, allowed })
    .onConflictDoUpdate({
      target: [notificationPreferences.memberId, notificationPreferences.type],
      set: { allowed, updatedAt: new Date() },
    });
  return getNotificationPreferences(db, memberId);
}
