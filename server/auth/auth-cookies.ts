import "server-only";
import { AUTH_COOKIES, authCookieOptions, type AuthCookieKind } from "@/server/auth/token";
import type { MemberType } from "@/server/auth/session";

/** What both `cookies()` of next/headers and `NextResponse#cookies` offer. */
export type CookieWriter = {
  set(name: string, value: string, options: ReturnType<typeof authCookieOptions>): unknown;
};

/**
 * The readable cookies of a sign-in (`authenticated=true`, `member_type`), and `_token` when the
 * caller issues the token itself (next-auth writes its own).
 */
export function setSignInCookies(
  target: CookieWriter,
  { memberType, token }: { memberType: MemberType; token?: string },
): void {
  if (token !== undefined)
    target.set(AUTH_COOKIES.session.name, token, authCookieOptions("session"));
  target.set(AUTH_COOKIES.authenticated.name, "true", authCookieOptions("authenticated"));
  target.set(AUTH_COOKIES.memberType.name, memberType, authCookieOptions("memberType"));
}

const ALL_KINDS: readonly AuthCookieKind[] = ["session", "authenticated", "memberType"];

/** Expires the three login cookies with the attributes they were set with, so the browser drops them. */
export function clearAuthCookies(target: CookieWriter): void {
  for (const kind of ALL_KINDS)
    target.set(AUTH_COOKIES[kind].name, "", { ...authCookieOptions(kind), maxAge: 0 });
}
