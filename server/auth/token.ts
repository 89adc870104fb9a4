import "server-only";
import { decode, encode } from "next-auth/jwt";
import { getEnv } from "@/server/env";

/** One day: the cookie lifetime, the token lifetime and the hard limit after sign-in (spec: "1 day"). */
export const SESSION_MAX_AGE_SECONDS = 24 * 60 * 60;

/** The next-auth session cookie (the spec calls it `_token`). */
export const SESSION_COOKIE = "_token";

/**
 * The three cookies login sets and logout clears, in one place so next-auth's configuration, the
 * login/logout handlers, `proxy.ts` and the session reader agree. `authenticated` and `member_type`
 * are readable by the UI on purpose; they are hints for menus and redirects, never for authorization.
 */
export const AUTH_COOKIES = {
  session: { name: SESSION_COOKIE, httpOnly: true },
  authenticated: { name: "authenticated", httpOnly: false },
  memberType: { name: "member_type", httpOnly: false },
  sameSite: "lax",
  path: "/",
  maxAge: SESSION_MAX_AGE_SECONDS,
} as const;

export type AuthCookieKind = "session" | "authenticated" | "memberType";

export type AuthCookieOptions = {
  httpOnly: boolean;
  sameSite: "lax";
  path: string;
  maxAge: number;
  secure: boolean;
};

/** Secure cookies only where the browser will send them back: production served over https. */
export function isSecureCookieEnv(): boolean {
  const env = getEnv();
  return env.NODE_ENV === "production" && new URL(env.APP_URL).protocol === "https:";
}

/** Options for `cookies().set(AUTH_COOKIES[kind].name, value, authCookieOptions(kind))`. */
export function authCookieOptions(kind: AuthCookieKind): AuthCookieOptions {
  return {
    httpOnly: AUTH_COOKIES[kind].httpOnly,
    sameSite: AUTH_COOKIES.sameSite,
    path: AUTH_COOKIES.path,
    maxAge: AUTH_COOKIES.maxAge,
    secure: isSecureCookieEnv(),
  };
}

/**
 * The `cookies.sessionToken` entry for next-auth's options, so next-auth writes `_token` (and not
 * `__Secure-next-auth.session-token`). next-auth also needs `secret: getEnv().authSecret`,
 * `session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS }` and `jwt: { maxAge: SESSION_MAX_AGE_SECONDS }`.
 */
export function nextAuthSessionCookie() {
  const { httpOnly, sameSite, path, secure } = authCookieOptions("session");
  return { name: SESSION_COOKIE, options: { httpOnly, sameSite, path, secure } };
}

/** What our session token carries besides next-auth's own `iat`, `exp` and `jti`. */
export type SessionClaims = {
  memberId: number;
  /** The member's `session_version` at sign-in; bumping it ends every session. */
  sessionVersion: number;
  /** Sign-in time in epoch seconds. next-auth re-signs `iat`/`exp` on every read; this never moves. */
  signedInAt: number;
  /**
   * When this session last passed its second factor (epoch seconds), for members who have one
   * (decision 0053); absent otherwise. Such a member's session without it is no session.
   */
  secondFactorAt?: number;
};

/** Epoch seconds. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/**
 * Issue a session token exactly as next-auth's JWT session does (same `encode`, same secret, default
 * salt), so tokens from either side are interchangeable. Claims: `sub` = member id, `sv`, `sat`, and `sfa` when the second factor was checked.
 */
export async function encodeSessionToken(
  claims: SessionClaims,
  maxAgeSeconds: number = SESSION_MAX_AGE_SECONDS,
): Promise<string> {
  return encode({
    secret: getEnv().authSecret,
    maxAge: maxAgeSeconds,
    token: sessionTokenClaims(claims),
  });
}

/** The claims as the token carries them (next-auth's `jwt` callback makes the same at sign-in). */
export function sessionTokenClaims(claims: SessionClaims): Record<string, string | number> {
  return {
    sub: String(claims.memberId),
    sv: claims.sessionVersion,
    sat: claims.signedInAt,
    ...(claims.secondFactorAt === undefined ? {} : { sfa: claims.secondFactorAt }),
  };
}

/**
 * The claims of a token this server issued, or null for anything else: a malformed or forged token,
 * one encrypted with another secret, an expired one, or one missing our claims. Never throws.
 * It does not check the database or the sign-in age: see `server/auth/session.ts`.
 */
export async function decodeSessionToken(jwt: string): Promise<SessionClaims | null> {
  if (!jwt) return null;
  let payload: Record<string, unknown> | null;
  try {
    payload = await decode({ secret: getEnv().authSecret, token: jwt });
  } catch {
    return null;
  }
  return readSessionClaims(payload);
}

/** Our claims out of a decoded token's payload (`sub`, `sv`, `sat`), or null when one is missing. */
export function readSessionClaims(payload: Record<string, unknown> | null): SessionClaims | null {
  if (!payload) return null;
  const memberId =
    typeof payload.sub === "string" && /^[1-9]\d{0,15}$/.test(payload.sub)
      ? Number(payload.sub)
      : NaN;
  const { sv, sat, sfa } = payload;
  if (!Number.isSafeInteger(memberId)) return null;
  if (typeof sv !== "number" || !Number.isInteger(sv)) return null;
  if (typeof sat !== "number" || !Number.isInteger(sat)) return null;
  if (sfa !== undefined && (typeof sfa !== "number" || !Number.isInteger(sfa))) return null;
  return {
    memberId,
    sessionVersion: sv,
    signedInAt: sat,
    ...(sfa === undefined ? {} : { secondFactorAt: sfa }),
  };
}

/** Allowed clock skew for a sign-in time slightly in the future (several app instances). */
const CLOCK_SKEW_SECONDS = 60;

/** True while the sign-in is less than one day old: the limit no re-signing can extend. */
export function isWithinSignInLimit(signedInAt: number, now: number = nowSeconds()): boolean {
  const age = now - signedInAt;
  return age < SESSION_MAX_AGE_SECONDS && age > -CLOCK_SKEW_SECONDS;
}
