import "server-only";
import { render } from "@react-email/components";
import { and, eq, inArray } from "drizzle-orm";
import { cloneElement, type ReactElement } from "react";
import type { NotificationType } from "@/lib/constants";
import { flagOf, typeAndFollowed } from "@/lib/notification-flags";
import type { Db } from "@/server/db/client";
import { emailOutbox, members, notificationPreferences } from "@/server/db/schema";
import { getEnv } from "@/server/env";
import { log } from "@/server/log";
import { metrics } from "@/server/base/metrics";
import { oneClickUnsubscribeUrl, unsubscribePageUrl } from "@/server/notifications/sign";
import { getTransport, senderAddress } from "./transport";

/** "account" mails (reset, security, welcome) always go out; the others follow the member's settings. */
export type MailCategory = "account" | NotificationType;

export type SendMailInput = {
  to: string;
  subject: string;
  /**
   * The mail. A mail the member can switch off gets the prop `unsubscribeUrl` (its type's signed
   * /unsubscribe page) when it goes to the member's own address, for its footer link; else null.
   */
  react: ReactElement;
  category: MailCategory;
  /** The recipient member, when there is one: needed for preferences and unsubscribe headers. */
  memberId?: number;
};

export type SendMailResult =
  { delivered: "smtp" | "outbox" } | { delivered: false; reason: "unsubscribed" };

/**
 * Renders the React Email element to HTML and plain text and delivers it: through nodemailer when
 * SMTP_URL is set, else into `email_outbox` (the /dev/mailbox of the embedded demo). Term,
 * promotion and order mails to a member carry RFC 8058 one-click unsubscribe headers and are
 * skipped when the member turned that type off.
 *
 * Rejects when the SMTP server refuses the mail (after logging it): callers whose answer must not
 * depend on delivery (forgot password, sign-in) catch it.
 */
export async function sendMail(db: Db, input: SendMailInput): Promise<void> {
  await deliverMail(db, input);
}

/** sendMail, telling the caller what happened (tests, the mailbox); counted for the metrics. */
export async function deliverMail(db: Db, input: SendMailInput): Promise<SendMailResult> {
  const via = getEnv().SMTP_URL ? "smtp" : "outbox";
  let outcome: "delivered" | "failed" | "skipped" = "failed";
  try {
    const result = await deliverOnce(db, input);
    outcome = result.delivered ? "delivered" : "skipped";
    return result;
  } finally {
    metrics().countMail(via, outcome);
  }
}

async function deliverOnce(db: Db, input: SendMailInput): Promise<SendMailResult> {
  const env = getEnv();
  const headers: Record<string, string> = {};
  let unsubscribeUrl: string | null = null;

  if (input.category !== "account" && input.memberId !== undefined) {
    const recipient = await getRecipient(db, input.memberId, input.category);
    if (!recipient) {
      log.warn({ memberId: input.memberId }, "mail to an unknown member not sent");
      return { delivered: false, reason: "unsubscribed" };
    }
    if (!recipient.allowed) {
      log.debug(
        { memberId: input.memberId, category: input.category },
        "mail skipped: member unsubscribed",
      );
      return { delivered: false, reason: "unsubscribed" };
    }
    // The one-click link turns the member's mail off: it goes only to the member's own address,
    // not to a contact typed in at checkout, who must not be able to change the member's settings.
    if (input.to.trim().toLowerCase() === recipient.email.toLowerCase()) {
      const mailto = `mailto:${senderAddress(env.MAIL_FROM)}?subject=${encodeURIComponent(`unsubscribe ${input.category} ${recipient.userKey}`)}`;
      headers["List-Unsubscribe"] =
        `<${oneClickUnsubscribeUrl(input.category, recipient.userKey)}>, <${mailto}>`;
      headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
      unsubscribeUrl = unsubscribePageUrl(input.category, recipient.userKey);
    }
  }

  // Only a template (a component) takes the prop; a bare element would pass it on to the DOM.
  const react =
    input.category !== "account" && typeof input.react.type === "function"
      ? cloneElement(input.react as ReactElement<{ unsubscribeUrl?: string | null }>, {
          unsubscribeUrl,
        })
      : input.react;
  const [html, text] = await Promise.all([render(react), render(react, { plainText: true })]);

  if (env.SMTP_URL) {
    try {
      await getTransport(env.SMTP_URL).sendMail({
        from: env.MAIL_FROM,
        to: input.to,
        subject: input.subject,
        html,
        text,
        headers,
      });
    } catch (error) {
      log.error(
        { err: error, category: input.category, memberId: input.memberId },
        "SMTP delivery failed",
      );
      throw error;
    }
    return { delivered: "smtp" };
  }

  // No SMTP server: the outbox is the mailbox. "sent" = delivered there, nothing left to retry.
  await db.insert(emailOutbox).values({
    to: input.to,
    subject: input.subject,
    html,
    text,
    headers,
    status: "sent",
    attempts: 1,
    sentAt: new Date(),
  });
  return { delivered: "outbox" };
}

async function getRecipient(
  db: Db,
  memberId: number,
  type: NotificationType,
): Promise<{ userKey: string; email: string; allowed: boolean } | undefined> {
  // The type's row and, for a type split off another, that one's (at most two rows).
  const rows = await db
    .select({
      userKey: members.userKey,
      email: members.email,
      type: notificationPreferences.type,
      allowed: notificationPreferences.allowed,
    })
    .from(members)
    .leftJoin(
      notificationPreferences,
      and(
        eq(notificationPreferences.memberId, members.id),
        inArray(notificationPreferences.type, typeAndFollowed(type)),
      ),
    )
    .where(eq(members.id, memberId));
  const [row] = rows;
  if (!row) return undefined;
  const flags = new Map(
    rows.flatMap((r) =>
      r.type === null || r.allowed === null ? [] : ([[r.type, r.allowed]] as const),
    ),
  );
  // No preference row means allowed (spec: "The default is on when missing").
  return { userKey: row.userKey, email: row.email, allowed: flagOf(flags, type) };
}
