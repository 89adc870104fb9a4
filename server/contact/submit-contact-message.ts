import "server-only";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { ContactMessageEmail } from "@/emails/contact-message-email";
import { ContactReceiptEmail } from "@/emails/contact-receipt-email";
import { formatDateTimeDMY } from "@/lib/format";
import type { Contact } from "@/lib/validation/contact";
import type { Db } from "@/server/db/client";
import { contactMessages, members } from "@/server/db/schema";
import { sendMail } from "@/server/email";
import { getEnv } from "@/server/env";
import { rateLimited } from "@/server/errors";
import { log } from "@/server/log";
import { consumeRateLimit } from "@/server/rate-limit";

const HOUR_MS = 60 * 60 * 1000;
/** A person writes to the operators a few times at most; a script filling the inbox is held back. */
export const CONTACT_LIMIT_PER_EMAIL = { limit: 5, windowMs: HOUR_MS };
export const CONTACT_LIMIT_PER_CLIENT = { limit: 10, windowMs: HOUR_MS };

export const CONTACT_MESSAGES = {
  /** Spec part 2 section 8, "Contact", success. */
  sent: "Thanks for contacting us! We will come back to you shortly!",
  tooMany:
    "You have sent several messages in a short time. Please wait an hour before sending another one.",
} as const;

export type SubmitContactMessageOptions = {
  input: Contact;
  /** The signed-in member, or null for a visitor. */
  memberId: number | null;
  clientIp: string | null;
};

/**
 * Contact Us: stores the message, then mails it to the operators (every admin member, and
 * CONTACT_EMAIL when set) and a receipt to the sender. The message is kept even when a mail cannot be sent: the inbox is the
 * record, the mails only say that something arrived.
 *
 * @throws AppError rate_limited past 5 an hour for one email or 10 for one client address
 */
export async function submitContactMessage(
  db: Db,
  { input, memberId, clientIp }: SubmitContactMessageOptions,
): Promise<{ id: number }> {
  const email = input.email.toLowerCase();
  const limits = [consumeRateLimit(db, `contact:email:${email}`, CONTACT_LIMIT_PER_EMAIL)];
  if (clientIp)
    limits.push(consumeRateLimit(db, `contact:ip:${clientIp}`, CONTACT_LIMIT_PER_CLIENT));
  if ((await Promise.all(limits)).some((r) => !r.allowed))
    throw rateLimited(CONTACT_MESSAGES.tooMany);

  const [row] = await db
    .insert(contactMessages)
    .values({
      memberId,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      content: input.content,
      ip: clientIp,
    })
    .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });

  await mailOperators(db, { ...input, id: row!.id, memberId, createdAt: row!.createdAt });
  await mailReceipt(db, { ...input, id: row!.id, createdAt: row!.createdAt });
  return { id: row!.id };
}

/**
 * The sender's receipt (issue 42): their message arrived, with what they wrote. To the address
 * they typed, which the rate limits above already bound (5 an hour per address, 10 per client),
 * so the form cannot be used to mail a stranger more than a few times.
 */
async function mailReceipt(
  db: Db,
  message: Contact & { id: number; createdAt: Date },
): Promise<void> {
  try {
    await sendMail(db, {
      to: message.email,
      subject: "We received your message",
      react: createElement(ContactReceiptEmail, {
        appUrl: getEnv().APP_URL,
        firstName: message.firstName,
        content: message.content,
        sentAt: formatDateTimeDMY(message.createdAt, { utc: true }) + " UTC",
      }),
      category: "account",
    });
  } catch (error) {
    log.error({ err: error, contactMessageId: message.id }, "contact receipt not sent");
  }
}

async function mailOperators(
  db: Db,
  message: Contact & { id: number; memberId: number | null; createdAt: Date },
): Promise<void> {
  const env = getEnv();
  const admins = await db
    .select({ email: members.email })
    .from(members)
    .where(eq(members.memberType, "admin"));
  const sender = message.memberId
    ? await db.query.members.findFirst({
        columns: { username: true },
        where: (m, { eq: equals }) => equals(m.id, message.memberId!),
      })
    : undefined;
  const recipients = new Map<string, string>();
  for (const address of [...admins.map((a) => a.email), env.CONTACT_EMAIL ?? ""])
    if (address) recipients.set(address.toLowerCase(), address);

  const react = createElement(ContactMessageEmail, {
    appUrl: env.APP_URL,
    firstName: message.firstName,
    lastName: message.lastName,
    email: message.email,
    content: message.content,
    username: sender?.username ?? null,
    sentAt: formatDateTimeDMY(message.createdAt, { utc: true }) + " UTC",
  });
  for (const to of recipients.values()) {
    try {
      await sendMail(db, {
        to,
        subject: `Contact Us: ${message.firstName} ${message.lastName}`,
        react,
        category: "account",
      });
    } catch (error) {
      // Logged with the message id: the message itself is safe in the inbox.
      log.error(
        { err: error, contactMessageId: message.id },
        "contact mail to an operator not sent",
      );
    }
  }
  if (recipients.size === 0)
    log.warn({ contactMessageId: message.id }, "contact message with no operator to mail");
}
