import "server-only";
import { eq, sql } from "drizzle-orm";
import { hashPassword, verifyPassword } from "@/server/auth/password";
import type { Db } from "@/server/db/client";
import { members } from "@/server/db/schema";
import { notFoundError, validationError } from "@/server/errors";

export const WRONG_CURRENT_PASSWORD_MESSAGE = "The current password is incorrect.";
export const PASSWORD_CHANGED_MESSAGE =
  "Your password has been changed. You were signed out everywhere else.";

/**
 * Changes the member's password after checking the current one, and bumps `session_version` so
 * every existing session token is refused from now on (the caller re-issues the member's own).
 *
 * @returns the new session version, for the caller's fresh token.
 * @throws AppError validation on `currentPassword` when it is wrong; not_found for a vanished member.
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
  if (!(await verifyPassword(member.passwordHash, currentPassword))) {
    throw validationError({ currentPassword: [WRONG_CURRENT_PASSWORD_MESSAGE] });
  }

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
