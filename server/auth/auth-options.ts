import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { cookies } from "next/headers";
import { clearAuthCookies, setSignInCookies } from "@/server/auth/auth-cookies";
import { readSignInClient } from "@/server/auth/client-ip";
import { endAllSessions } from "@/server/auth/end-sessions";
import type { MemberType } from "@/server/auth/session";
import { signInWithPassword } from "@/server/auth/sign-in";
import { mergeCartCookiesOnSignIn, VisitorCookies } from "@/server/cart";
import { SESSION_MAX_AGE_SECONDS, nextAuthSessionCookie, nowSeconds } from "@/server/auth/token";
import { getDb } from "@/server/db/client";
import { getEnv } from "@/server/env";
import { GENERIC_ERROR_MESSAGE, isAppError } from "@/server/errors";
import { log } from "@/server/log";

declare module "next-auth" {
  interface User {
    memberType: MemberType;
    sessionVersion: number;
  }
}

/**
 * next-auth (v4) with one Credentials provider: email or username + password, JWT sessions in the
 * `_token` cookie for one day. The token carries only `sub` (member id), `sv` (session_version)
 * and `sat` (sign-in time), exactly what `decodeSessionToken` reads; everything else about the
 * member is read from the database on each request (server/auth/session.ts).
 *
 * The same checks serve `POST /api/users/login` (server/auth/sign-in.ts).
 */
export function getAuthOptions(): NextAuthOptions {
  const env = getEnv();
  // next-auth v4 builds its callback URLs from NEXTAUTH_URL; the app's own address is the one.
  process.env.NEXTAUTH_URL ??= env.APP_URL;
  return {
    secret: env.authSecret,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    jwt: { maxAge: SESSION_MAX_AGE_SECONDS },
    cookies: { sessionToken: nextAuthSessionCookie() },
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        name: "Email or username",
        credentials: {
          login: { label: "Email or Username", type: "text" },
          password: { label: "Password", type: "password" },
        },
        async authorize(credentials, req) {
          const client = readSignInClient(req.headers ?? {});
          try {
            const member = await signInWithPassword(await getDb(), {
              login: String(credentials?.login ?? ""),
              password: String(credentials?.password ?? ""),
              ...client,
            });
            return {
              id: String(member.id),
              name: member.username,
              memberType: member.memberType,
              sessionVersion: member.sessionVersion,
            };
          } catch (error) {
            // next-auth hands a thrown message back to signIn() as `error` (in a URL the login
            // form shows): only our own texts. Anything else (a database failure) is logged here
            // and reaches the browser as the generic message.
            if (isAppError(error)) throw new Error(error.publicMessage);
            log.error({ err: error }, "sign-in failed");
            throw new Error(GENERIC_ERROR_MESSAGE);
          }
        },
      }),
    ],
    callbacks: {
      // At sign-in only (`user` is set): afterwards next-auth re-signs the same claims.
      jwt({ token, user }) {
        if (!user) return token;
        return { sub: user.id, sv: user.sessionVersion, sat: nowSeconds() };
      },
      session({ session, token }) {
        return { expires: session.expires, user: { id: token.sub } } as typeof session;
      },
    },
    events: {
      async signIn({ user }) {
        const jar = await cookies();
        setSignInCookies(jar, { memberType: user.memberType });
        // The visitor's cookie cart and dream tracker become the member's (server/cart).
        await mergeCartCookiesOnSignIn(
          await getDb(),
          Number(user.id),
          VisitorCookies.fromEntries(jar.getAll()),
          jar,
        );
      },
      async signOut({ token }) {
        const memberId = Number(token?.sub);
        if (Number.isSafeInteger(memberId) && typeof token?.sv === "number") {
          await endAllSessions(await getDb(), memberId, token.sv);
        }
        clearAuthCookies(await cookies());
      },
    },
  };
}
