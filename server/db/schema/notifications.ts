import { relations } from "drizzle-orm";
import { boolean, integer, pgEnum, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { members } from "./members";
import { updatedAt } from "./columns";
import { NOTIFICATION_TYPES } from "@/lib/constants";

export const notificationTypeEnum = pgEnum("notification_type", NOTIFICATION_TYPES);

/** Email preferences; a missing row means allowed. */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    type: notificationTypeEnum("type").notNull(),
    allowed: boolean("allowed").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ name: "notification_preferences_pkey", columns: [t.memberId, t.type] })],
);

export const notificationPreferencesRelations = relations(notificationPreferences, ({ one }) => ({
  member: one(members, { fields: [notificationPreferences.memberId], references: [members.id] }),
}));
