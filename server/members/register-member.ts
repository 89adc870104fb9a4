import "server-only";
import { sql } from "drizzle-orm";
import { hashPassword } from "@/server/auth/password";
import type { Db } from "@/server/db/client";
import { members } from "@/server/db/schema";
import { sendWelcomeEmail } from "@/server/email";
import { validationError, type FieldErrors } from "@/server/errors";

export const USERNAME_TAKEN_MESSAGE = "This username is already taken.";
export const EMAIL_TAKEN_MESSAGE = "This email is already registered.";
export const REGISTERED_MESSAGE = "Thanks for signing up! Now you can log in.";

type NewMember = Omit<typeof members.$inferInsert, "passwordHash" | "id" | "userKey"> & {
  password: string;
};

export type RegisteredMember = { id: number; userKey: string; username: string; email: string };

/**
 * Shared by both registrations: refuses a taken username or email with per-field errors (422,
 * both at once when both are taken), hashes the password, inserts, and sends the welcome mail.
 * Notification preferences need no row: a missing preference means "on" (spec part 1 section 3).
 */
export async function insertNewMember(
  db: Db,
  { password, ...values }: NewMember,
): Promise<RegisteredMember> {
  const taken = await findTakenFields(db, values.username, values.email);
  if (taken) throw validationError(taken);

  let row: RegisteredMember | undefined;
  try {
    [row] = await db
      .insert(members)
      .values({ ...values, passwordHash: await hashPassword(password) })
      .returning({
        id: members.id,
        userKey: members.userKey,
        username: members.username,
        email: members.email,
      });
  } catch (error) {
    // Two sign-ups racing for one name: the unique index decides and the loser gets the field error.
    const field = uniqueViolationField(error);
    if (field)
      throw validationError({
        [field]: [field === "username" ? USERNAME_TAKEN_MESSAGE : EMAIL_TAKEN_MESSAGE],
      });
    throw error;
  }
  await sendWelcomeEmail(db, {
    id: row!.id,
    email: row!.email,
    firstName: values.firstName,
    memberType: values.memberType ?? "customer",
  });
  return row!;
}

async function findTakenFields(
  db: Db,
  username: string,
  email: string,
): Promise<FieldErrors | null> {
  const rows = await db
    .select({ username: members.username, email: members.email })
    .from(members)
    .where(sql`${members.username} = ${username} or lower(${members.email}) = lower(${email})`);
  const errors: FieldErrors = {};
  if (rows.some((r) => r.username === username)) errors.username = [USERNAME_TAKEN_MESSAGE];
  if (rows.some((r) => r.email.toLowerCase() === email.toLowerCase()))
    errors.email = [EMAIL_TAKEN_MESSAGE];
  return Object.keys(errors).length ? errors : null;
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
