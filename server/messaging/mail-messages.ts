import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { createElement } from "react";
import { MessageVisitorReplyEmail } from "@/emails/message-visitor-reply-email";
import { MessagesWaitingEmail } from "@/emails/messages-waiting-email";
import { canMessage } from "@/lib/entitlement";
import type { Db } from "@/server/db/client";
import { conversations, members, messages } from "@/server/db/schema";
import { sendMail } from "@/server/email";
import { getEnv } from "@/server/env";
import { log } from "@/server/log";
import { startPeriodicJob } from "@/server/base/periodic-job";
import { getEntitlement } from "@/server/subscriptions";
import type { Side } from "./conversation-side";
import { recipientRegisterUrl } from "./recipient-token";

/** At most one mail per conversation and side in this time (the `*_mailed_at` columns). */
export const MAIL_THROTTLE_MS = 60 * 60 * 1000;
/** Messages still unread this long after the last one are mailed about. */
export const UNREAD_MAIL_AFTER_MS = 15 * 60 * 1000;
/**
 * Message mails have their own notification type (issue 42, item 5); a member who has not set it
 * follows their order mails' flag, as before the split (NOTIFICATION_FOLLOWS).
 */
const CATEGORY = "message";

const fullName = (first: string | null, last: string | null) =>
  `${first ?? ""} ${last ?? ""}`.trim() || "Someone";

/**
 * The mail a new message causes at once (after the answer went out):
 * - a farmer's reply to a visitor (no account, no inbox) goes to the visitor's address with the
 *   link to register and keep the conversation, unless the visitor was mailed in the last hour
 *   (the replies since then wait for the sweep, `mailVisitorReplies`);
 * - the first message of a conversation tells the other member, unless that side was mailed in
 *   the last hour. Later messages are the unread sweep's (`mailUnreadMessages`).
 */
export async function mailAfterMessage(
  db: Db,
  { messageId }: { messageId: number },
): Promise<void> {
  const [row] = await db
    .select({
      conversationId: conversations.id,
      body: messages.body,
      senderMemberId: messages.senderMemberId,
      merchantId: conversations.merchantId,
      customerId: conversations.customerId,
      visitorFirstName: conversations.visitorFirstName,
      visitorLastName: conversations.visitorLastName,
      isFirst: sql<boolean>`not exists (select 1 from ${messages} as m where m.conversation_id = ${messages.conversationId} and m.id < ${messages.id})`,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(eq(messages.id, messageId))
    .limit(1);
  if (!row) return;
  const fromMerchant = row.senderMemberId !== null && row.senderMemberId === row.merchantId;

  if (fromMerchant && row.customerId === null) {
    await mailVisitorReplies(db, { conversationId: row.conversationId });
    return;
  }
  if (!row.isFirst) return;

  const side: Side = fromMerchant ? "customer" : "merchant";
  const recipientId = fromMerchant ? row.customerId : row.merchantId;
  if (recipientId === null || !(await claimMail(db, row.conversationId, side, new Date()))) return;
  const from =
    row.senderMemberId === null
      ? fullName(row.visitorFirstName, row.visitorLastName)
      : await memberName(db, row.senderMemberId);
  await mailMember(db, recipientId, {
    from,
    kind: "new",
    message: row.body,
    planNeeded: side === "merchant" && !canMessage(await getEntitlement(db, recipientId)),
  });
}

/**
 * The unread sweep, run every minute on each instance: each side of a conversation whose messages
 * have waited unread for UNREAD_MAIL_AFTER_MS, and that was not mailed since they came nor in the
 * last hour, gets one mail; a visitor gets the farm's replies held back by the hour's limit. A side is claimed (its `*_mailed_at` set) with `for update skip
 * locked` before mailing, so two instances never mail it twice.
 *
 * @returns how many mails were sent
 */
export async function mailUnreadMessages(
  db: Db,
  { now = new Date(), limit = 100 }: { now?: Date; limit?: number } = {},
): Promise<number> {
  let sent = await mailVisitorReplies(db, { now, limit });
  for (const side of ["merchant", "customer"] as const) {
    const { rows } = await db.execute<{
      id: number;
      recipient_id: number;
      other_id: number | null;
      visitor_first_name: string | null;
      visitor_last_name: string | null;
    }>(claimUnreadSql(side, now, limit));
    for (const row of rows) {
      const from =
        row.other_id === null
          ? fullName(row.visitor_first_name, row.visitor_last_name)
          : await memberName(db, row.other_id);
      try {
        await mailMember(db, row.recipient_id, {
          from,
          kind: "unread",
          planNeeded:
            side === "merchant" && !canMessage(await getEntitlement(db, row.recipient_id)),
        });
        sent += 1;
      } catch (error) {
        log.error({ err: error, conversationId: row.id, side }, "unread message mail failed");
      }
    }
  }
  return sent;
}

/**
 * Mails visitors the farm's replies they have not been mailed, one mail per conversation with
 * every such reply, at most one an hour per conversation (members get the same limit from the
 * unread sweep). The visitor has no inbox, so the mail is their reading: the conversation is
 * claimed and its customer unread count cleared in one statement, under `for update skip locked`,
 * and the count it had says how many of the farm's last messages the mail carries. A reply
 * appended meanwhile waits for the row's lock and counts for the next mail, so none is mailed
 * twice or lost, on any number of instances.
 *
 * @returns how many mails were sent
 */
export async function mailVisitorReplies(
  db: Db,
  {
    conversationId,
    now = new Date(),
    limit = 100,
  }: { conversationId?: number; now?: Date; limit?: number },
): Promise<number> {
  const at = now.toISOString();
  const { rows } = await db.execute<{
    id: number;
    merchant_id: number;
    visitor_email: string;
    visitor_first_name: string | null;
    replies: number;
  }>(sql`
    with due as (
      select id, customer_unread_count as replies from conversations
      where customer_id is null
        and customer_unread_count > 0
        and visitor_email is not null
        and (customer_mailed_at is null
          or customer_mailed_at <= ${at}::timestamptz - ${`${MAIL_THROTTLE_MS} milliseconds`}::interval)
        ${conversationId === undefined ? sql`` : sql`and id = ${conversationId}`}
      order by last_message_at
      limit ${limit}
      for update skip locked
    )
    update conversations as c set customer_mailed_at = ${at}::timestamptz, customer_unread_count = 0
    from due where c.id = due.id
    returning c.id, c.merchant_id, c.visitor_email, c.visitor_first_name, due.replies`);
  let sent = 0;
  for (const row of rows) {
    try {
      const replies = await db
        .select({ body: messages.body })
        .from(messages)
        .where(
          and(eq(messages.conversationId, row.id), eq(messages.senderMemberId, row.merchant_id)),
        )
        .orderBy(desc(messages.id))
        .limit(row.replies);
      if (replies.length === 0) continue;
      const farmer = await memberName(db, row.merchant_id);
      await sendMail(db, {
        to: row.visitor_email,
        subject: `${farmer} replied to your question`,
        category: CATEGORY,
        react: createElement(MessageVisitorReplyEmail, {
          appUrl: getEnv().APP_URL,
          firstName: row.visitor_first_name ?? "there",
          farmer,
          messages: replies.map((reply) => reply.body).reverse(),
          registerUrl: recipientRegisterUrl(row.visitor_email),
        }),
      });
      sent += 1;
    } catch (error) {
      log.error({ err: error, conversationId: row.id }, "visitor reply mail failed");
    }
  }
  return sent;
}

function claimUnreadSql(side: Side, now: Date, limit: number) {
  const own = sql.raw(side);
  const at = now.toISOString();
  const recipient = sql.raw(side === "merchant" ? "merchant_id" : "customer_id");
  const otherId = sql.raw(side === "merchant" ? "customer_id" : "merchant_id");
  return sql`
    update conversations set ${own}_mailed_at = ${at}::timestamptz
    where id in (
      select id from conversations
      where ${own}_unread_count > 0
        and ${recipient} is not null
        and last_message_at <= ${at}::timestamptz - ${`${UNREAD_MAIL_AFTER_MS} milliseconds`}::interval
        and (${own}_mailed_at is null
          or (${own}_mailed_at <= ${at}::timestamptz - ${`${MAIL_THROTTLE_MS} milliseconds`}::interval
            and ${own}_mailed_at < last_message_at))
        and (${own}_deleted_at is null or last_message_at > ${own}_deleted_at)
      order by last_message_at
      limit ${limit}
      for update skip locked
    )
    returning id, ${recipient} as recipient_id, ${otherId} as other_id,
      visitor_first_name, visitor_last_name`;
}

/** Sets the side's mailed-at unless it was mailed within the hour; true when this call won. */
async function claimMail(db: Db, conversationId: number, side: Side, now: Date) {
  const column =
    side === "merchant" ? conversations.merchantMailedAt : conversations.customerMailedAt;
  const claimed = await db
    .update(conversations)
    .set(side === "merchant" ? { merchantMailedAt: now } : { customerMailedAt: now })
    .where(
      and(
        eq(conversations.id, conversationId),
        sql`(${column} is null or ${column} <= ${new Date(now.getTime() - MAIL_THROTTLE_MS).toISOString()}::timestamptz)`,
      ),
    )
    .returning({ id: conversations.id });
  return claimed.length > 0;
}

async function memberName(db: Db, memberId: number): Promise<string> {
  const [member] = await db
    .select({ firstName: members.firstName, lastName: members.lastName })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1);
  return fullName(member?.firstName ?? null, member?.lastName ?? null);
}

async function mailMember(
  db: Db,
  memberId: number,
  content: { from: string; kind: "new" | "unread"; message?: string; planNeeded?: boolean },
): Promise<void> {
  const [member] = await db
    .select({ email: members.email, firstName: members.firstName })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1);
  if (!member) return;
  await sendMail(db, {
    to: member.email,
    memberId,
    category: CATEGORY,
    subject:
      content.kind === "new"
        ? `${content.from} sent you a message`
        : `You have unread messages from ${content.from}`,
    react: createElement(MessagesWaitingEmail, {
      appUrl: getEnv().APP_URL,
      firstName: member.firstName,
      ...content,
    }),
  });
}

const SWEEP_EVERY_MS = 60_000;

/** Starts the unread sweep on this instance (instrumentation.ts); a second call does nothing. */
export function startUnreadMessageMailer(getDb: () => Promise<Db>): void {
  startPeriodicJob("unread message sweep", SWEEP_EVERY_MS, () =>
    getDb().then((db) => mailUnreadMessages(db)),
  );
}
