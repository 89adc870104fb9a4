import "server-only";
import { createElement } from "react";
import { eq, sql } from "drizzle-orm";
import { SITE_NAME } from "@/lib/site";
import { PasswordSetByOperatorEmail } from "@/emails/password-set-by-operator-email";
import { hashPassword } from "@/server/auth/password";
import type { Db } from "@/server/db/client";
import { members } from "@/server/db/schema";
import { sendMail } from "@/server/email";
import { getEnv } from "@/server/env";
import { forbiddenError, notFoundError } from "@/server/errors";
import { log } from "@/server/log";
import { spendResetLinks } from "@/server/members/current-password";
import { recordAdminAction } from "./record-admin-action";

export const MEMBER_NOT_FOUND_MESSAGE = "There is no member with that id.";
export const ADMIN_PASSWORD_REFUSED_MESSAGE =
  "An admin's password is changed by that admin in Settings, not here.";
export const PASSWORD_UPDATED_MESSAGE = "The password has been updated.";

/**
 * An operator sets a member's password (Members Manager). The new password has passed the
 * registration rule (adminSetPasswordSchema). Every session of the member ends (session_version),
 * their unused reset links are spent, the audit trail records who did it (never the password),
 * and the member is mailed that an operator changed it, so a change they did not ask for is seen.
 * Another admin's password cannot be set here: one operator's account must not be able to take
 * over another's.
 *
 * @throws AppError not_found: no such member; forbidden: the member is an admin
 */
export async function updateMemberPassword(
  db: Db,
  { adminId, userId, password }: { adminId: number; userId: number; password: string },
): Promise<{ message: string }> {
  const passwordHash = await hashPassword(password);
  const member = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        id: members.id,
        memberType: members.memberType,
        email: members.email,
        firstName: members.firstName,
        sessionVersion: members.sessionVersion,
      })
      .from(members)
      .where(eq(members.id, userId))
      .for("update");
    if (!found) throw notFoundError(MEMBER_NOT_FOUND_MESSAGE);
    if (found.memberType === "admin") throw forbiddenError(ADMIN_PASSWORD_REFUSED_MESSAGE);
    const [updated] = await tx
      .update(members)
      .set({ passwordHash, sessionVersion: sql`${members.sessionVersion} + 1` })
      .where(eq(members.id, userId))
      .returning({ sessionVersion: members.sessionVersion });
    await spendResetLinks(tx, userId);
    await recordAdminAction(tx, {
      adminId,
      action: "password_reset",
      target: `member:${userId}`,
      before: { sessionVersion: found.sessionVersion },
      after: { sessionVersion: updated?.sessionVersion, sessionsEnded: true },
    });
    return found;
  });

  try {
    await sendMail(db, {
      to: member.email,
      subject: `Your ${SITE_NAME} password was changed`,
      react: createElement(PasswordSetByOperatorEmail, {
        firstName: member.firstName,
        appUrl: getEnv().APP_URL,
      }),
      category: "account",
      memberId: member.id,
    });
  } catch (error) {
    // The password is changed either way; the operator tells the member if the mail is lost.
    log.error({ err: error, memberId: member.id }, "password-set-by-operator mail not sent");
  }
  return { message: PASSWORD_UPDATED_MESSAGE };
}
