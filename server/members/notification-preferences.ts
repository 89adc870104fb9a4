import "server-only";
import { and, eq } from "drizzle-orm";
import { NOTIFICATION_TYPES, type NotificationType } from "@/lib/constants";
import type { Db } from "@/server/db/client";
import { notificationPreferences } from "@/server/db/schema";

export type NotificationPreferences = Record<NotificationType, boolean>;

/**
 * A member's email preferences for term, promotion and order notifications. A type without a row
 * is allowed (spec part 1 section 3: "the default is on when missing"). The one read the settings
 * page, the unsubscribe flow and the mailers share.
 */
export async function getNotificationPreferences(
  db: Db,
  memberId: number,
): Promise<NotificationPreferences> {
  const rows = await db
    .select({ type: notificationPreferences.type, allowed: notificationPreferences.allowed })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.memberId, memberId));
  const preferences = Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => [type, true]),
  ) as NotificationPreferences;
  for (const row of rows) preferences[row.type] = row.allowed;
  return preferences;
}

/** Whether one type of email may be sent to the member (missing row = allowed). */
export async function isNotificationAllowed(
  db: Db,
  memberId: number,
  type: NotificationType,
): Promise<boolean> {
  const [row] = await db
    .select({ allowed: notificationPreferences.allowed })
    .from(notificationPreferences)
    .where(
      and(eq(notificationPreferences.memberId, memberId), eq(notificationPreferences.type, type)),
    )
    .limit(1);
  return row?.allowed ?? true;
}

/** Sets one type's allow flag (an upsert, so repeating it changes nothing) and returns all three. */
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
