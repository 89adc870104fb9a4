import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { verifyPassword } from "@/server/auth/password";
import { SIGN_IN_LIMIT } from "@/server/auth/sign-in";
import type { Db, DbTransaction } from "@/server/db/client";
import { passwordResetTokens } from "@/server/db/schema";
import { AppError, validationError } from "@/server/errors";
import { consumeRateLimit, resetRateLimit } from "@/server/rate-limit";

export const WRONG_CURRENT_PASSWORD_MESSAGE = "The current password is incorrect.";
export const TOO_MANY_WRONG_PASSWORDS_MESSAGE =
  "Too many wrong passwords. Please wait 15 minutes and try again.";

/**
 * Checks the signed-in member's current password before a change that could take the account
 * (a new password, a new email). Wrong ones have a budget of their own, as large as a browser's at
 * the login form (10 in 15 minutes), so a stolen session guesses no faster than one more browser;
 * it is not the account's sign-in budget, which strangers can spend (decision 0023).
 *
 * @throws AppError validation on `currentPassword` when it is wrong; rate_limited (429) once the
 * budget is spent.
 */
export async function checkCurrentPassword(
  db: Db,
  member: { id: number; passwordHash: string },
  currentPassword: string,
): Promise<void> {
  // Counted before the check, like sign-in, so concurrent guesses cannot slip in together.
  const limitKey = `current-password:member:${member.id}`;
  const budget = await consumeRateLimit(db, limitKey, SIGN_IN_LIMIT);
  if (!budget.allowed) {
    throw new AppError("rate_limited", TOO_MANY_WRONG_PASSWORDS_MESSAGE, {
      logMessage: `current password check refused by the rate limit (member ${member.id})`,
    });
  }
  if (!(await verifyPassword(member.passwordHash, currentPassword))) {
    throw validationError({ currentPassword: [WRONG_CURRENT_PASSWORD_MESSAGE] });
  }
  await resetRateLimit(db, limitKey);
}

/** Spends the member's outstanding password reset links (after a new password or email). */
export async function spendResetLinks(db: Db | DbTransaction, memberId: number): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.memberId, memberId), isNull(passwordResetTokens.usedAt)));
}
