import "server-only";
import { desc, eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { emailOutbox } from "@/server/db/schema";
import { getEnv } from "@/server/env";

/**
 * /dev/mailbox exists only for the embedded demo without a mail server: there the outbox is the
 * only place mail goes. With DATABASE_URL or SMTP_URL it would expose real people's mail.
 */
export function isMailboxEnabled(): boolean {
  const env = getEnv();
  return env.embedded && !env.SMTP_URL;
}

export type MailboxEntry = { id: number; to: string; subject: string; createdAt: Date };

/** Newest first. */
export async function listMailbox(
  db: Db,
  { limit = 100 }: { limit?: number } = {},
): Promise<MailboxEntry[]> {
  return db
    .select({
      id: emailOutbox.id,
      to: emailOutbox.to,
      subject: emailOutbox.subject,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit);
}

export type MailboxMail = MailboxEntry & {
  html: string;
  text: string;
  headers: Record<string, string>;
};

export async function getMailboxMail(db: Db, id: number): Promise<MailboxMail | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const [row] = await db
    .select({
      id: emailOutbox.id,
      to: emailOutbox.to,
      subject: emailOutbox.subject,
      createdAt: emailOutbox.createdAt,
      html: emailOutbox.html,
      text: emailOutbox.text,
      headers: emailOutbox.headers,
    })
    .from(emailOutbox)
    .where(eq(emailOutbox.id, id))
    .limit(1);
  return row ?? null;
}
