import "server-only";
import { eq, sql } from "drizzle-orm";
import { hashPassword } from "@/server/auth/password";
import type { Db } from "@/server/db/client";
import { members } from "@/server/db/schema";
import { notFoundError } from "@/server/errors";
import {
  checkCurrentPassword,
  spendResetLinks,
  TOO_MANY_WRONG_PASSWORDS_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
} from "./current-password";

export { TOO_MANY_WRONG_PASSWORDS_MESSAGE, WRONG_CURRENT_PASSWORD_MESSAGE };
export const PASSWORD_CHANGED_MESSAGE =
  "Your password has been changed. You were signed out everywhere else.";

/**
 * Changes the member's password after checking the current one, and bumps `session_version` so
 * every existing session token is refused from now on (the caller re-issues the member's own).
 * Outstanding reset links are spent. A wrong current password counts against the account's sign-in
 * budget (current-password.ts).
 *
 * @returns the new session version, for the caller's fresh token.
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
  await checkCurrentPassword(
    db,
    { id: memberId, passwordHash: member.passwordHash },
    currentPassword,
  );

  const passwordHash = await hashPassword(newPassword);
  // Incremented in the database, so two changes at once still give two distinct versions.
  const [row] = await db
    .update(members)
    .set({ passwordHash, sessionVersion: sql`${members.sessionVersion} + 1` })
    .where(eq(members.id, memberId))
    .returning({ sessionVersion: members.sessionVersion });
  if (!row) throw notFoundError("The member could not be found.");
  await spendResetLinks(db, memberId);
  return row;
}
