/**
 * Signed-in requests. `mintSession` makes the session a sign-in would (the same next-auth JWT in
 * `_token`, signed with the same secret the bench gives the server, plus the `authenticated` and
 * `member_type` cookies): many members can be signed in without argon2 and without tripping the
 * sign-in rate limit, which counts attempts per address. `signIn` goes through the real call.
 */
import { encodeSessionToken, nowSeconds } from "@/server/auth/token";
import type { DbContext } from "../db/context";

export interface Session {
  email: string;
  token: string;
  /** The Cookie header a signed-in browser sends. */
  cookie: string;
}

export async function mintSession(ctx: DbContext, email: string): Promise<Session> {
  const { rows } = await ctx.raw.query<{
    id: number;
    session_version: number;
    member_type: string;
  }>("select id, session_version, member_type from members where lower(email) = lower($1)", [
    email,
  ]);
  const member = rows[0];
  if (!member) throw new Error(`no member ${email}`);
  const token = await encodeSessionToken({
    memberId: member.id,
    sessionVersion: member.session_version,
    signedInAt: nowSeconds(),
    // An admin's sign-in passes its second factor (decision 0053); the bench mints that session.
    ...(member.member_type === "admin" ? { secondFactorAt: nowSeconds() } : {}),
  });
  return {
    email,
    token,
    cookie: `_token=${token}; authenticated=true; member_type=${member.member_type}`,
  };
}

export async function signIn(origin: string, email: string, password: string): Promise<Session> {
  const res = await fetch(new URL("/api/users/login", origin), {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ login: email, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c): c is string => Boolean(c) && !c?.endsWith("="))
    .join("; ");
  return { email, token, cookie };
}
