import "server-only";
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { hashPassword } from "@/server/auth/password";
import type { Db } from "@/server/db/client";
import { members, passwordResetTokens } from "@/server/db/schema";
import { badRequest } from "@/server/errors";
import { hashResetCode } from "./request-password-reset";

/** Spec part 2 section 8. */
export const RESET_PASSWORD_SUCCESS =
  "The password has been reset successfully. You can log in with the updated password.";
export const RESET_LINK_INVALID =
  "This reset link is invalid, used or expired. Please ask for a new one.";

/**
 * Sets a new password from a reset link and ends every session of the member (session_version + 1).
 * The token is spent by one conditional UPDATE, so of any number of concurrent uses exactly one wins.
 * The member's other outstanding links are spent too.
 *
 * @throws AppError bad_request when the code is unknown, already used or older than an hour
 */
export async function resetPassword(
  db: Db,
  { code, password }: { code: string; password: string },
): Promise<string> {
  // A code that cannot be spent is refused before any hashing: argon2 costs ~100 ms and 19 MiB, and
  // this call needs no sign-in, so random codes must not buy that work.
  const tokenHash = hashResetCode(code);
  const [usable] = await db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  if (!usable) throw badRequest(RESET_LINK_INVALID);
  // Hash before spending the token: argon2 takes ~100 ms, too long to hold a transaction open.
  const passwordHash = await hashPassword(password);

  await db.transaction(async (tx) => {
    const [token] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: passwordResetTokens.id, memberId: passwordResetTokens.memberId });
    if (!token) throw badRequest(RESET_LINK_INVALID);

    await tx
      .update(members)
      .set({ passwordHash, sessionVersion: sql`${members.sessionVersion} + 1` })
      .where(eq(members.id, token.memberId));
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetTokens.memberId, token.memberId),
          ne(passwordResetTokens.id, token.id),
          isNull(passwordResetTokens.usedAt),
        ),
      );
  });
  return RESET_PASSWORD_SUCCESS;
}
