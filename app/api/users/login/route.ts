import { NextResponse } from "next/server";
import { signInSchema } from "@/lib/auth/login-schema";
import { setSignInCookies } from "@/server/auth/auth-cookies";
import { readSignInClient } from "@/server/auth/client-ip";
import { setDeviceCookie } from "@/server/auth/device-cookie";
import { signInWithPassword } from "@/server/auth/sign-in";
import { mergeCartCookiesOnSignIn, VisitorCookies } from "@/server/cart";
import { encodeSessionToken, nowSeconds } from "@/server/auth/token";
import { getEnv } from "@/server/env";
import { AppError } from "@/server/errors";
import { CROSS_ORIGIN_MESSAGE, route } from "@/server/http/route";
import { isCrossSiteBrowserRequest } from "@/server/http/same-origin";
import { json, ok } from "@/server/openapi/declare";
import { signedInAnswer } from "@/server/openapi/answers";

// POST /api/users/login: sign in with email or username and password; the token also works as a bearer token
export const POST = route(
  {
    public: true,
    doc: {
      summary:
        "Sign in with email or username and password; the token also works as a bearer token",
      body: json(signInSchema),
      responses: ok(signedInAnswer),
    },
  },
  async ({ req, db }) => {
    // A page of another site must not sign a visitor into an account of its choosing.
    if (isCrossSiteBrowserRequest(req, getEnv().APP_URL))
      throw new AppError("forbidden", CROSS_ORIGIN_MESSAGE);
    const { login, password } = signInSchema.parse(await req.json());
    const client = readSignInClient(req.headers);
    const member = await signInWithPassword(db, { login, password, ...client });
    const token = await encodeSessionToken({
      memberId: member.id,
      sessionVersion: member.sessionVersion,
      signedInAt: nowSeconds(),
    });
    const response = NextResponse.json({
      token,
      member: { userKey: member.userKey, username: member.username, memberType: member.memberType },
    });
    setSignInCookies(response.cookies, { memberType: member.memberType, token });
    // This browser is now known to the account: its own sign-in budget (decision 0023).
    setDeviceCookie(response.cookies, member.id, client.deviceCookie ?? undefined);
    await mergeCartCookiesOnSignIn(
      db,
      member.id,
      VisitorCookies.fromRequest(req),
      response.cookies,
    );
    return response;
  },
);
