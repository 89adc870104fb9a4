import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { cookies } from "next/headers";
import { clearAuthCookies, setSignInCookies } from "@/server/auth/auth-cookies";
import { readSignInClient } from "@/server/auth/client-ip";
import { DEVICE_COOKIE, setDeviceCookie } from "@/server/auth/device-cookie";
import { endAllSessions } from "@/server/auth/end-sessions";
import { resolveSessionClaims, type MemberType } from "@/server/auth/session";
import { signInWithPassword } from "@/server/auth/sign-in";
import {
  CHALLENGE_COOKIE,
  challengeCookieOptions,
  type ChallengePurpose,
} from "@/server/auth/second-factor/challenge";
import { afterPassword } from "@/server/auth/second-factor/sign-in-steps";
import { SECOND_FACTOR_ERRORS } from "@/lib/auth/second-factor";
import { mergeCartCookiesOnSignIn, VisitorCookies } from "@/server/cart";
import {
  SESSION_MAX_AGE_SECONDS,
  nextAuthSessionCookie,
  nowSeconds,
  readSessionClaims,
} from "@/server/auth/token";
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

/** Thrown from the `jwt` callback for a token whose session is over (see `callbacks.jwt`). */
/** next-auth's codes for a request it refused because of what the client sent. */
const CLIENT_INPUT_CODES = new Set(["INVALID_CALLBACK_URL_ERROR"]);

/**
 * The password was right and the member has a second factor: next-auth hands this code to the
 * login form (lib/auth/second-factor.ts), which asks for the code (or sets one up).
 */
class SecondFactorNeeded extends Error {
  constructor(purpose: ChallengePurpose) {
    super(SECOND_FACTOR_ERRORS[purpose]);
  }
}

class EndedSessionError extends Error {
  override name = "EndedSessionError";
  constructor() {
    super("session token read after its session ended");
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
            const outcome = afterPassword(member);
            if (outcome.kind === "second-factor") {
              // No session yet: the code step (POST /api/users/login/secondFactor) reads this.
              (await cookies()).set(CHALLENGE_COOKIE, outcome.challenge, challengeCookieOptions());
              throw new SecondFactorNeeded(outcome.purpose);
            }
            return {
              id: String(member.id),
              name: member.username,
              memberType: member.memberType,
              sessionVersion: member.sessionVersion,
            };
          } catch (error) {
            if (error instanceof SecondFactorNeeded) throw error;
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
      // At sign-in (`user` is set) the claims are made; on every later read (GET
      // /api/auth/session) next-auth would re-sign whatever decodes, so the token must pass the
      // same checks as on any request: a logged-out, reset, blocked or day-old session is over.
      async jwt({ token, user }) {
        if (user) return { sub: user.id, sv: user.sessionVersion, sat: nowSeconds() };
        if (await resolveSessionClaims(readSessionClaims(token))) return token;
        // next-auth answers a throw here with `{}` and an expired `_token`, as for a visitor.
        clearAuthCookies(await cookies());
        throw new EndedSessionError();
      },
      // next-auth's default throws on an unparseable address (an empty 500); this one never
      // leaves the site and falls back to its home page.
      redirect({ url, baseUrl }) {
        try {
          const target = new URL(url, baseUrl);
          return target.origin === new URL(baseUrl).origin ? target.href : baseUrl;
        } catch {
          return baseUrl;
        }
      },
      session({ session, token }) {
        return { expires: session.expires, user: { id: token.sub } } as typeof session;
      },
    },
    logger: {
      error(code, metadata) {
        // An ended session read by a browser that still has the cookie is routine, not an error.
        if (metadata instanceof EndedSessionError) log.debug({ code }, metadata.message);
        // A request next-auth refused for its own input (a callbackUrl that is no URL) is the
        // client's mistake: a warning without a stack, never an error to page anyone about.
        else if (CLIENT_INPUT_CODES.has(code))
          log.warn(
            { code, reason: metadata instanceof Error ? metadata.message : undefined },
            "next-auth refused a request",
          );
        else log.error({ code, err: metadata }, "next-auth error");
      },
      warn(code) {
        log.warn({ code }, "next-auth warning");
      },
      debug() {},
    },
    events: {
      async signIn({ user }) {
        const jar = await cookies();
        setSignInCookies(jar, { memberType: user.memberType });
        // This browser is now known to the account: its own sign-in budget (decision 0023).
        setDeviceCookie(jar, Number(user.id), jar.get(DEVICE_COOKIE)?.value);
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
