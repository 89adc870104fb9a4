import "server-only";
import { NextResponse } from "next/server";
import { setSignInCookies } from "@/server/auth/auth-cookies";
import { readSignInClient } from "@/server/auth/client-ip";
import { setDeviceCookie } from "@/server/auth/device-cookie";
import { CHALLENGE_COOKIE, challengeCookieOptions } from "@/server/auth/second-factor/challenge";
import type { SignedInMember } from "@/server/auth/sign-in";
import { encodeSessionToken, nowSeconds } from "@/server/auth/token";
import { mergeCartCookiesOnSignIn, VisitorCookies } from "@/server/cart";
import type { Db } from "@/server/db/client";

/**
 * The answer of a sign-in this app issues itself (POST /api/users/login and its second-factor
 * step): the session token (also usable as a bearer token) in the body and the `_token` cookie,
 * the browser made known to the account, the visitor's cart merged, any challenge spent.
 */
export async function finishSignIn(
  db: Db,
  req: Request,
  member: SignedInMember & { secondFactorAt?: number },
): Promise<NextResponse> {
  const token = await encodeSessionToken({
    memberId: member.id,
    sessionVersion: member.sessionVersion,
    signedInAt: nowSeconds(),
    ...(member.secondFactorAt === undefined ? {} : { secondFactorAt: member.secondFactorAt }),
  });
  const response = NextResponse.json({
    token,
    member: { userKey: member.userKey, username: member.username, memberType: member.memberType },
  });
  setSignInCookies(response.cookies, { memberType: member.memberType, token });
  // This browser is now known to the account: its own sign-in budget (decision 0023).
  const client = readSignInClient(req.headers);
  setDeviceCookie(response.cookies, member.id, client.deviceCookie ?? undefined);
  await mergeCartCookiesOnSignIn(db, member.id, VisitorCookies.fromRequest(req), response.cookies);
  if (req.headers.get("cookie")?.includes(`${CHALLENGE_COOKIE}=`))
    response.cookies.set(CHALLENGE_COOKIE, "", challengeCookieOptions(0));
  return response;
}
