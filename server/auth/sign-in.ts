import "server-only";
import { eq, sql } from "drizzle-orm";
import type { MemberType } from "@/server/auth/session";
import { verifyAgainstDummy, verifyPassword } from "@/server/auth/password";
import type { Db } from "@/server/db/client";
import { members } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { consumeRateLimit, refundRateLimit, resetRateLimit } from "@/server/rate-limit";
import { recordSignIn } from "@/server/security";

/** Spec part 1 section 8: one message for every failed sign-in, so it never says which part was wrong. */
export const LOGIN_FAILED_MESSAGE = "Invalid Login Credentials. Please try again.";
export const LOGIN_RATE_LIMITED_MESSAGE =
  "Too many sign-in attempts. Please wait 15 minutes and try again.";

/** 10 failures in 15 minutes, per account and per client IP. */
export const SIGN_IN_LIMIT = { limit: 10, windowMs: 15 * 60 * 1000 } as const;

export type SignInInput = {
  /** Email or username. */
  login: string;
  password: string;
  /** Rate-limit key for the client; null skips the per-IP limit. */
  rateLimitIp: string | null;
  /** For the security access record (server/security). */
  ip: string | null;
  userAgent: string | null;
};

export type SignedInMember = {
  id: number;
  userKey: string;
  username: string;
  memberType: MemberType;
  sessionVersion: number;
};

export function accountLimitKey(login: string, memberId: number | undefined): string {
  // Keyed by member when known, so trying the email and the username does not double the budget.
  return memberId === undefined ? `signin:login:${login}` : `signin:member:${memberId}`;
}

export function ipLimitKey(ip: string): string {
  return `signin:ip:${ip}`;
}

/**
 * Checks an email-or-username and password. Throws `rate_limited` (429) once the account or the
 * client IP has 10 failures in 15 minutes, even for the right password; `unauthorized` (401) with
 * the spec's message for any wrong or unknown credentials. An unknown account still costs one
 * password verify, so timing does not tell which accounts exist. On success the account's failures
 * are forgotten and the sign-in is recorded for the security block (new browsers get an email).
 */
export async function signInWithPassword(db: Db, input: SignInInput): Promise<SignedInMember> {
  const login = input.login.trim().toLowerCase();
  const member = login ? await findByLogin(db, login) : undefined;

  const keys = [accountLimitKey(login, member?.id)];
  if (input.rateLimitIp) keys.push(ipLimitKey(input.rateLimitIp));
  // Counted before the check so concurrent guesses cannot all slip in under the limit; a success
  // gives its attempt back below, so only failures add up.
  const results = await Promise.all(keys.map((key) => consumeRateLimit(db, key, SIGN_IN_LIMIT)));
  if (results.some((r) => !r.allowed)) {
    throw new AppError("rate_limited", LOGIN_RATE_LIMITED_MESSAGE, {
      logMessage: `sign-in refused by the rate limit (${member ? `member ${member.id}` : "unknown login"})`,
    });
  }

  const isValid = member
    ? await verifyPassword(member.passwordHash, input.password)
    : (await verifyAgainstDummy(input.password), false);
  if (!member || !isValid || !input.password) {
    throw new AppError("unauthorized", LOGIN_FAILED_MESSAGE, {
      logMessage: member
        ? `wrong password for member ${member.id}`
        : "sign-in for an unknown login",
    });
  }

  await resetRateLimit(db, keys[0]!);
  if (keys[1]) await refundRateLimit(db, keys[1]);
  await recordSignIn(db, { memberId: member.id, userAgent: input.userAgent, ip: input.ip });

  const { passwordHash: _hash, ...signedIn } = member;
  return signedIn;
}

async function findByLogin(db: Db, login: string) {
  // Usernames never contain "@" and emails always do: one lookup, on the right unique index.
  const where = login.includes("@")
    ? sql`lower(${members.email}) = ${login}`
    : eq(members.username, login);
  const [row] = await db
    .select({
      id: members.id,
      userKey: members.userKey,
      username: members.username,
      memberType: members.memberType,
      sessionVersion: members.sessionVersion,
      passwordHash: members.passwordHash,
    })
    .from(members)
    .where(where)
    .limit(1);
  return row;
}
