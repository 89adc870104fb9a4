import "server-only";
import { eq, sql } from "drizzle-orm";
import { readDeviceCookie } from "@/server/auth/device-cookie";
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

/**
 * 10 failures in 15 minutes: an account's budget for browsers it does not know, and each known
 * browser's own budget for its account (decision 0023).
 */
export const SIGN_IN_LIMIT = { limit: 10, windowMs: 15 * 60 * 1000 } as const;

/**
 * 20 failures in 15 minutes from one address, whatever accounts they tried: the address is refused,
 * not the accounts. Larger than an account's budget because an address may be shared (an office, a
 * school); known browsers do not count against it (decision 0023).
 */
export const SIGN_IN_ADDRESS_LIMIT = { limit: 20, windowMs: 15 * 60 * 1000 } as const;

export type SignInInput = {
  /** Email or username. */
  login: string;
  password: string;
  /** Rate-limit key for the client; null skips the per-IP limit. */
  rateLimitIp: string | null;
  /** The browser's `_device` cookie, as sent (server/auth/device-cookie.ts). */
  deviceCookie?: string | null;
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
  /** Set when the member has two-step sign-in on (server/auth/second-factor). */
  totpEnabledAt: Date | null;
};

export function accountLimitKey(login: string, memberId: number | undefined): string {
  // Keyed by member when known, so trying the email and the username does not double the budget.
  return memberId === undefined ? `signin:login:${login}` : `signin:member:${memberId}`;
}

export function ipLimitKey(ip: string): string {
  return `signin:ip:${ip}`;
}

export function deviceLimitKey(memberId: number, nonce: string): string {
  return `signin:device:${memberId}:${nonce}`;
}

/**
 * Checks an email-or-username and password (decision 0023 for the budgets). A browser whose
 * `_device` cookie belongs to the account spends only its own budget (10 failures in 15 minutes);
 * any other attempt spends the client address's budget (20 failures) and then the account's
 * budget for unknown browsers (10 failures), so a stranger who spends the latter never locks out
 * the owner's own browsers. A spent budget throws `rate_limited` (429), even for the right
 * password; wrong or unknown credentials throw `unauthorized` (401) with the spec's message. An
 * unknown account still costs one password verify and has a budget of its own, so neither timing
 * nor answers tell which accounts exist. Only failures add up: a success gives its attempt back.
 */
export async function signInWithPassword(db: Db, input: SignInInput): Promise<SignedInMember> {
  const login = input.login.trim().toLowerCase();
  const member = login ? await findByLogin(db, login) : undefined;
  const device = readDeviceCookie(input.deviceCookie);
  const knownDevice = member && device?.memberId === member.id ? device : null;

  // Address first: an address over its budget is refused without spending the accounts' budgets.
  const keys = knownDevice
    ? [deviceLimitKey(knownDevice.memberId, knownDevice.nonce)]
    : [
        ...(input.rateLimitIp ? [ipLimitKey(input.rateLimitIp)] : []),
        accountLimitKey(login, member?.id),
      ];
  // Counted before the check so concurrent guesses cannot all slip in under the limit.
  const refusedBy = await spendBudgets(db, keys);
  if (refusedBy) {
    throw new AppError("rate_limited", LOGIN_RATE_LIMITED_MESSAGE, {
      logMessage: `sign-in refused by the rate limit ${refusedBy.split(":")[1]} (${member ? `member ${member.id}` : "unknown login"})`,
    });
  }

  const isValid = member
    ? await verifyPassword(member.passwordHash, input.password)
    : (await verifyAgainstDummy(input.password), false);
  if (!member || !isValid || !input.password) {
    throw new AppError("unauthorized", LOGIN_FAILED_MESSAGE, {
      logMessage: member
        ? `wrong password for member ${member.id}${knownDevice ? " from a known browser" : ""}`
        : "sign-in for an unknown login",
    });
  }

  // The budget that was spent forgets its failures; the address only gets this attempt back.
  await resetRateLimit(db, keys.at(-1)!);
  if (keys.length > 1) await refundRateLimit(db, keys[0]!);
  await recordSignIn(db, { memberId: member.id, userAgent: input.userAgent, ip: input.ip });

  const { passwordHash: _hash, ...signedIn } = member;
  return signedIn;
}

/**
 * Spends one attempt of each key in order and returns the first key over its budget (after giving
 * back the attempts spent before it: a refused attempt is no failure), or null when all allow it.
 */
async function spendBudgets(db: Db, keys: string[]): Promise<string | null> {
  for (const [i, key] of keys.entries()) {
    const rule = key.startsWith("signin:ip:") ? SIGN_IN_ADDRESS_LIMIT : SIGN_IN_LIMIT;
    if ((await consumeRateLimit(db, key, rule)).allowed) continue;
    for (const spent of keys.slice(0, i)) await refundRateLimit(db, spent);
    return key;
  }
  return null;
}

/** The columns of a `SignedInMember`, for every step of a sign-in that reads the member. */
export const SIGNED_IN_COLUMNS = {
  id: members.id,
  userKey: members.userKey,
  username: members.username,
  memberType: members.memberType,
  sessionVersion: members.sessionVersion,
  totpEnabledAt: members.totpEnabledAt,
};

async function findByLogin(db: Db, login: string) {
  // Usernames never contain "@" and emails always do: one lookup, on the right unique index.
  const where = login.includes("@")
    ? sql`lower(${members.email}) = ${login}`
    : eq(members.username, login);
  const [row] = await db
    .select({ ...SIGNED_IN_COLUMNS, passwordHash: members.passwordHash })
    .from(members)
    .where(where)
    .limit(1);
  return row;
}
