import "server-only";
import { eq, sql } from "drizzle-orm";
import { hashPassword, verifyPassword } from "@/server/auth/password";
import { accountLimitKey, SIGN_IN_LIMIT } from "@/server/auth/sign-in";
import type { Db } from "@/server/db/client";
import { members } from "@/server/db/schema";
import { AppError, notFoundError, validationError } from "@/server/errors";
import { consumeRateLimit, resetRateLimit } from "@/server/rate-limit";

export const WRONG_CURRENT_PASSWORD_MESSAGE = "The current password is incorrect.";
export const TOO_MANY_WRONG_PASSWORDS_MESSAGE =
  "Too many wrong passwords. Please wait 15 minutes and try again.";
export const PASSWORD_CHANGED_MESSAGE =
  "Your password has been changed. You were signed out everywhere else.";

/**
 * Changes the member's password after checking the current one, and bumps `session_version` so
 * every existing session token is refused from now on (the caller re-issues the member's own).
 *
 * @returns the new session version, for the caller's fresh token.
 * A wrong current password counts against the account's sign-in budget (10 in 15 minutes), so a
 * stolen session cannot guess the password faster than the login form allows.
 *
 * @throws AppError validation on `currentPassword` when it is wrong; rate_limited (429) once the
 * account's budget is spent; not_found for a vanished member.
 */
export async function changePassword(
  db: Db,
  {
    memberId,
    currentPassword,
    newPassword,
  }: { memberId: number; currentPassword: string; newPassword: string },
): Promise<{ sessionVersion: number }> {
  const [member] = await db
    .select({ passwordHash: members.passwordHash })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1);
  if (!member) throw notFoundError("The member could not be found.");
  // Counted before the check, like sign-in, so concurrent guesses cannot slip in together.
  const limitKey = accountLimitKey("", memberId);
  const budget = await consumeRateLimit(db, limitKey, SIGN_IN_LIMIT);
  if (!budget.allowed) {
    throw new AppError("rate_limited", TOO_MANY_WRONG_PASSWORDS_MESSAGE, {
      logMessage: `password change refused by the rate limit (member ${memberId})`,
    });
  }
  if (!(await verifyPassword(member.passwordHash, currentPassword))) {
    throw validationError({ currentPassword: [WRONG_CURRENT_PASSWORD_MESSAGE] });
  }
  await resetRateLimit(db, limitKey);

  const passwordHash = await hashPassword(newPassword);
  // Incremented in the database, so two changes at once still give two distinct versions.
  const [row] = await db
    .update(members)
    .set({ passwordHash, sessionVersion: sql`${members.sessionVersion} + 1` })
    .where(eq(members.id, memberId))
    .returning({ sessionVersion: members.sessionVersion });
  if (!row) throw notFoundError("The member could not be found.");
  return row;
}
