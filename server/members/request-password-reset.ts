import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { createElement } from "react";
import { PasswordResetEmail } from "@/emails/password-reset-email";
import type { Db } from "@/server/db/client";
import { members, passwordResetTokens } from "@/server/db/schema";
import { sendMail } from "@/server/email";
import { getEnv } from "@/server/env";
import { rateLimited } from "@/server/errors";
import { log } from "@/server/log";
import { consumeRateLimit } from "@/server/rate-limit";

/** Spec part 2 section 8: the answer to every accepted request, whether or not the email exists. */
export const FORGOT_PASSWORD_SUCCESS =
  "The reset password link is sent via email. Please check your email and reset your password. If you don't see the email, please check the spam mailbox.";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
export const FORGOT_LIMIT_PER_EMAIL = { limit: 5, windowMs: HOUR_MS };
export const FORGOT_LIMIT_PER_CLIENT = { limit: 20, windowMs: HOUR_MS };

/** The link carries 32 random bytes; the database keeps only their SHA-256 (a leaked table opens nothing). */
export function hashResetCode(code: string): string {
  return createHash("sha256").update(code).digest("hex");
}

export type RequestPasswordResetInput = {
  /** Already trimmed and lowercased by forgotPasswordSchema. */
  email: string;
  /** The caller's IP when known (trusted proxy), for the per-client limit. */
  clientIp: string | null;
  /**
   * Runs the part that differs between a known and an unknown email (storing the token, sending
   * the mail) so the answer does not wait for it: the route passes next/server's `after`. Inline
   * by default (tests).
   */
  defer?: (task: () => Promise<void>) => void;
};

/**
 * Forgot password: answers the same, in about the same time, whether or not an account has this
 * email. The work done before answering is identical either way (one lookup, a token and its hash,
 * the mail rendered); storing the token and delivering the mail happen afterwards through `defer`.
 *
 * @throws AppError rate_limited past 5 requests an hour for one email or 20 for one client
 */
export async function requestPasswordReset(
  db: Db,
  input: RequestPasswordResetInput,
): Promise<string> {
  const limits = [
    consumeRateLimit(db, `forgot-password:email:${input.email}`, FORGOT_LIMIT_PER_EMAIL),
  ];
  if (input.clientIp)
    limits.push(
      consumeRateLimit(db, `forgot-password:ip:${input.clientIp}`, FORGOT_LIMIT_PER_CLIENT),
    );
  const results = await Promise.all(limits);
  if (results.some((r) => !r.allowed)) throw rateLimited();

  const [member] = await db
    .select({ id: members.id, email: members.email, firstName: members.firstName })
    .from(members)
    .where(sql`lower(${members.email}) = ${input.email}`)
    .limit(1);

  const code = randomBytes(32).toString("base64url");
  const tokenHash = hashResetCode(code);
  const appUrl = getEnv().APP_URL;
  const resetUrl = `${appUrl}/resetPassword/${code}`;
  const email = createElement(PasswordResetEmail, {
    firstName: member?.firstName ?? "there",
    appUrl,
    resetUrl,
  });
  // Render now in both cases (sendMail renders again, cheaply): equal work before the answer.
  const { render } = await import("@react-email/components");
  await render(email);

  if (!member) {
    log.info("password reset asked for an unknown email");
    return FORGOT_PASSWORD_SUCCESS;
  }

  const deliver = async () => {
    try {
      await db.insert(passwordResetTokens).values({
        memberId: member.id,
        tokenHash,
        expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
      });
      await sendMail(db, {
        to: member.email,
        subject: "Reset your password",
        react: email,
        category: "account",
        memberId: member.id,
      });
    } catch (error) {
      log.error({ err: error, memberId: member.id }, "password reset mail not sent");
    }
  };
  if (input.defer) input.defer(deliver);
  else await deliver();
  return FORGOT_PASSWORD_SUCCESS;
}
