import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgEnum, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt, happenedAt } from "./columns";

export const emailStatusEnum = pgEnum("email_status", ["pending", "sent", "failed"]);

/**
 * Outgoing mail. With no SMTP_URL on the embedded database it is the mailbox shown at /dev/mailbox;
 * otherwise it can queue mail for retry.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: serial("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    /** Extra headers such as List-Unsubscribe. */
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    status: emailStatusEnum("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: happenedAt("sent_at"),
  },
  (t) => [
    index("email_outbox_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("email_outbox_pending_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
