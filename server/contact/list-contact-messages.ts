import "server-only";
import { count, desc, eq, isNotNull, isNull, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "@/server/db/client";
import { contactMessages, members } from "@/server/db/schema";

export const CONTACT_INBOX_PAGE_SIZE = 20;
export const CONTACT_STATUSES = ["open", "handled"] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export type ContactMessageView = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  content: string;
  /** ISO 8601. */
  createdAt: string;
  handledAt: string | null;
  /** The username of the admin who marked it handled. */
  handledBy: string | null;
  /** The sender's username when they were signed in. */
  memberUsername: string | null;
};

export type ContactInboxPage = {
  messages: ContactMessageView[];
  count: number;
  page: number;
  perPage: number;
};

/**
 * The admin inbox: open messages newest first (the partial index contact_messages_open_idx), or
 * handled ones most recently handled first; 20 a page.
 */
export async function listContactMessages(
  db: Db,
  { status, page }: { status: ContactStatus; page: number },
): Promise<ContactInboxPage> {
  const where: SQL =
    status === "open" ? isNull(contactMessages.handledAt) : isNotNull(contactMessages.handledAt);
  const order =
    status === "open"
      ? [desc(contactMessages.createdAt), desc(contactMessages.id)]
      : [desc(contactMessages.handledAt), desc(contactMessages.id)];
  const handler = alias(members, "handler");
  const sender = alias(members, "sender");

  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: contactMessages.id,
        firstName: contactMessages.firstName,
        lastName: contactMessages.lastName,
        email: contactMessages.email,
        content: contactMessages.content,
        createdAt: contactMessages.createdAt,
        handledAt: contactMessages.handledAt,
        handledBy: handler.username,
        memberUsername: sender.username,
      })
      .from(contactMessages)
      .leftJoin(handler, eq(handler.id, contactMessages.handledBy))
      .leftJoin(sender, eq(sender.id, contactMessages.memberId))
      .where(where)
      .orderBy(...order)
      .limit(CONTACT_INBOX_PAGE_SIZE)
      .offset((page - 1) * CONTACT_INBOX_PAGE_SIZE),
    db.select({ n: count() }).from(contactMessages).where(where),
  ]);
  return {
    messages: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      handledAt: row.handledAt?.toISOString() ?? null,
    })),
    count: counted?.n ?? 0,
    page,
    perPage: CONTACT_INBOX_PAGE_SIZE,
  };
}
