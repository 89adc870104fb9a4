import "server-only";
import { eq, type SQL } from "drizzle-orm";
import { cookies } from "next/headers";
import { cache } from "react";
import {
  AUTH_COOKIES,
  SESSION_COOKIE,
  decodeSessionToken,
  isWithinSignInLimit,
  type SessionClaims,
} from "@/server/auth/token";
import { requiresSecondFactor } from "@/server/auth/second-factor/rules";
import { getDb } from "@/server/db/client";
import { members } from "@/server/db/schema";
import { readCookie } from "@/server/base/cookie-header";

export type MemberType = "customer" | "merchant" | "admin";

/** The signed-in member as pages and handlers see it. */
export type SessionMember = {
  id: number;
  userKey: string;
  username: string;
  memberType: MemberType;
  firstName: string;
  currency: string | null;
  phone: string | null;
  /** Spec: a profile with missing currency or phone is incomplete (notice require_info). */
  hasCompleteProfile: boolean;
  /** When this session last passed two-step sign-in (epoch seconds); absent when it never did. */
  secondFactorAt?: number;
};

/**
 * The member behind the `_token` cookie, for server components and server actions; null for a
 * visitor or an invalid, stale or expired session. With no cookie it returns without a query.
 */
export const getSessionMember: () => Promise<SessionMember | null> = cache(async () => {
  // cache(): the layout, the page and their components share one lookup per request.
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!token) return null;
  return resolveSessionToken(token);
});

/** The member behind a request: `Authorization: Bearer <jwt>` first, else the `_token` cookie. */
export async function getSessionMemberFromRequest(req: Request): Promise<SessionMember | null> {
  const credential = readSessionCredential(req);
  if (!credential) return null;
  return resolveSessionToken(credential.token);
}

export type SessionCredential = { token: string; source: "bearer" | "cookie" };

/**
 * The token a request presents and where it came from (the same-origin check applies to cookies
 * only). A request with an Authorization header is judged by it alone, with no fallback to the cookie.
 */
export function readSessionCredential(req: Request): SessionCredential | null {
  const authorization = req.headers.get("authorization");
  if (authorization !== null) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    return match?.[1] ? { token: match[1], source: "bearer" } : null;
  }
  const token = readCookie(req.headers.get("cookie"), SESSION_COOKIE);
  return token ? { token, source: "cookie" } : null;
}

/** Whether a request still carries a login cookie (the session behind it may be gone). */
export function carriesLoginCookies(req: Request): boolean {
  const header = req.headers.get("cookie");
  return [AUTH_COOKIES.session, AUTH_COOKIES.authenticated, AUTH_COOKIES.memberType].some(
    ({ name }) => readCookie(header, name) !== undefined,
  );
}

/**
 * For route() and the functions above: a token is a session only if it decodes with our secret, its
 * sign-in is less than a day old, its session version is the member's current one (a password
 * reset, an admin reset or a security block bumps it), and, for an admin or a member with two-step
 * sign-in, it passed the second factor. One primary-key query, only after decoding.
 */
export async function resolveSessionToken(token: string): Promise<SessionMember | null> {
  return (await resolveSessionTokenWith(token, {}))?.member ?? null;
}

const SESSION_COLUMNS = {
  id: members.id,
  userKey: members.userKey,
  username: members.username,
  memberType: members.memberType,
  firstName: members.firstName,
  currency: members.currency,
  phone: members.phone,
  sessionVersion: members.sessionVersion,
  totpEnabledAt: members.totpEnabledAt,
};
type SessionRow = Omit<SessionMember, "hasCompleteProfile" | "secondFactorAt"> & {
  sessionVersion: number;
  totpEnabledAt: Date | null;
};

/** Values read in the same statement as the session, by name: scalar subqueries on `members.id`. */
export type SessionExtras = Record<string, SQL<unknown>>;
export type SessionExtraValues<E extends SessionExtras> = {
  [K in keyof E]: E[K] extends SQL<infer T> ? T : never;
};

/**
 * `resolveSessionToken` plus whatever else the caller needs about the member, in the same single
 * statement (the header's counts, the My Local setting, the viewer's own review...): each extra is
 * a column of the member's row, typically a scalar subquery correlated on `members.id`. The extras
 * are read before the session version is checked and dropped with the session when it is stale.
 */
export async function resolveSessionTokenWith<E extends SessionExtras>(
  token: string,
  extras: E,
): Promise<{ member: SessionMember; extras: SessionExtraValues<E> } | null> {
  return resolveSessionClaimsWith(await decodeSessionToken(token), extras);
}

/**
 * The same checks for claims next-auth has already decoded (its `jwt` callback): the member behind
 * them, or null when the sign-in is over a day old or the session was ended (logout, reset, block).
 */
export async function resolveSessionClaims(
  claims: SessionClaims | null,
): Promise<SessionMember | null> {
  return (await resolveSessionClaimsWith(claims, {}))?.member ?? null;
}

async function resolveSessionClaimsWith<E extends SessionExtras>(
  claims: SessionClaims | null,
  extras: E,
): Promise<{ member: SessionMember; extras: SessionExtraValues<E> } | null> {
  if (!claims || !isWithinSignInLimit(claims.signedInAt)) return null;
  const db = await getDb();
  const rows = await db
    .select({ ...extras, ...SESSION_COLUMNS })
    .from(members)
    .where(eq(members.id, claims.memberId))
    .limit(1);
  // The spread of a generic record loses the column types; the session's own are these.
  const row = rows[0] as (SessionRow & Record<string, unknown>) | undefined;
  if (!row || row.sessionVersion !== claims.sessionVersion) return null;
  // An admin, or a member with two-step sign-in on, is signed in only by a session that passed
  // it: a token from before it was turned on (or minted from a password alone) is no session.
  if (requiresSecondFactor(row) && claims.secondFactorAt === undefined) return null;
  const member: SessionMember = {
    id: row.id,
    userKey: row.userKey,
    username: row.username,
    memberType: row.memberType,
    firstName: row.firstName,
    currency: row.currency,
    phone: row.phone,
    hasCompleteProfile: Boolean(row.phone?.trim() && row.currency),
    ...(claims.secondFactorAt === undefined ? {} : { secondFactorAt: claims.secondFactorAt }),
  };
  const values = {} as Record<string, unknown>;
  for (const key of Object.keys(extras)) values[key] = row[key];
  return { member, extras: values as SessionExtraValues<E> };
}
