import "server-only";
import { sql } from "drizzle-orm";
import { createElement } from "react";
import { RegistrationAttemptEmail } from "@/emails/registration-attempt-email";
import { hashPassword } from "@/server/auth/password";
import type { Db } from "@/server/db/client";
import { members } from "@/server/db/schema";
import { sendMail, sendWelcomeEmail } from "@/server/email";
import { getEnv } from "@/server/env";
import { validationError } from "@/server/errors";
import { afterResponse } from "@/server/base/follow-ups";
import { consumeRateLimit } from "@/server/rate-limit";

export const USERNAME_TAKEN_MESSAGE = "This username is already taken.";
/** For a profile's new email; registration never says it (decision 0023). */
export const EMAIL_TAKEN_MESSAGE = "This email is already registered.";
export const REGISTERED_MESSAGE = "Thanks for signing up! Now you can log in.";

type NewMember = Omit<typeof members.$inferInsert, "passwordHash" | "id" | "userKey"> & {
  password: string;
};

export type RegisteredMember = { id: number; userKey: string; username: string; email: string };

/**
 * Shared by both registrations. A taken username is refused (422 on `username`: usernames are
 * public). A taken email (any case) creates nothing and returns null, and the account's owner is
 * mailed that someone tried (decision 0023): the caller answers exactly as for a new account, so
 * the answer never tells whether an email has an account. Either way the password is hashed and
 * the mail goes out after the answer, so the two take about the same time. Notification
 * preferences need no row: a missing preference means "on" (spec part 1 section 3).
 *
 * @throws AppError validation on `username` when it is taken
 */
export async function insertNewMember(
  db: Db,
  { password, ...values }: NewMember,
): Promise<RegisteredMember | null> {
  const taken = await findTaken(db, values.username, values.email);
  if (taken.username) throw validationError({ username: [USERNAME_TAKEN_MESSAGE] });
  const passwordHash = await hashPassword(password);
  if (taken.email) {
    await mailRegistrationAttempt(values.email);
    return null;
  }

  let row: RegisteredMember | undefined;
  try {
    [row] = await db
      .insert(members)
      .values({ ...values, passwordHash })
      .returning({
        id: members.id,
        userKey: members.userKey,
        username: members.username,
        email: members.email,
      });
  } catch (error) {
    // Two sign-ups racing for one name: the unique index decides; the loser of an email race gets
    // the same silent answer as any taken email.
    const field = uniqueViolationField(error);
    if (field === "username") throw validationError({ username: [USERNAME_TAKEN_MESSAGE] });
    if (field === "email") {
      await mailRegistrationAttempt(values.email);
      return null;
    }
    throw error;
  }
  const welcome = {
    id: row!.id,
    email: row!.email,
    firstName: values.firstName,
    memberType: values.memberType ?? "customer",
  };
  await afterResponse("welcome email", () => sendWelcomeEmail(db, welcome));
  return row!;

  function mailRegistrationAttempt(email: string): Promise<void> {
    return afterResponse("registration attempt email", () =>
      sendRegistrationAttemptEmail(db, email),
    );
  }
}

async function findTaken(
  db: Db,
  username: string,
  email: string,
): Promise<{ username: boolean; email: boolean }> {
  const rows = await db
    .select({ username: members.username, email: members.email })
    .from(members)
    .where(sql`${members.username} = ${username} or lower(${members.email}) = lower(${email})`);
  return {
    username: rows.some((r) => r.username === username),
    email: rows.some((r) => r.email.toLowerCase() === email.toLowerCase()),
  };
}

/** At most 3 "someone tried" mails an hour to one address: sign-ups must not flood an owner's inbox. */
export const REGISTRATION_ATTEMPT_MAIL_LIMIT = { limit: 3, windowMs: 60 * 60 * 1000 } as const;

/** To the owner of `email`: someone tried to sign up with it (decision 0023). */
async function sendRegistrationAttemptEmail(db: Db, email: string): Promise<void> {
  const key = `register:attempt-mail:${email.toLowerCase()}`;
  if (!(await consumeRateLimit(db, key, REGISTRATION_ATTEMPT_MAIL_LIMIT)).allowed) return;
  const [owner] = await db
    .select({ id: members.id, email: members.email, firstName: members.firstName })
    .from(members)
    .where(sql`lower(${members.email}) = lower(${email})`)
    .limit(1);
  if (!owner) return;
  await sendMail(db, {
    to: owner.email,
    subject: "Someone tried to sign up with your email",
    react: createElement(RegistrationAttemptEmail, {
      firstName: owner.firstName,
      appUrl: getEnv().APP_URL,
    }),
    category: "account",
    memberId: owner.id,
  });
}

/** "username" or "email" for a unique-index violation on those columns, else null. */
function uniqueViolationField(error: unknown): "username" | "email" | null {
  for (
    let e: unknown = error, depth = 0;
    e && depth < 4;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const pg = e as { code?: string; constraint?: string; message?: string };
    if (pg.code !== "23505") continue;
    const text = `${pg.constraint ?? ""} ${pg.message ?? ""}`;
    if (text.includes("email")) return "email";
    if (text.includes("username")) return "username";
  }
  return null;
}
