import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { members } from "./members";
import { createdAt, happenedAt } from "./columns";

/** Contact Us submissions to the site's admins. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    /** Set when a signed-in member wrote it. */
    memberId: integer("member_id").references(() => members.id, { onDelete: "set null" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    content: text("content").notNull(),
    ip: text("ip"),
    /** An admin marked it handled in the inbox (and who). */
    handledAt: happenedAt("handled_at"),
    handledBy: integer("handled_by").references(() => members.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("contact_messages_created_idx").on(t.createdAt.desc().nullsFirst()),
    // The inbox opens on what is still to answer, newest first.
    index("contact_messages_open_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.handledAt} is null`),
  ],
);
