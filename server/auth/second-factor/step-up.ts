import "server-only";
import { NextResponse } from "next/server";
import { readSessionCredential } from "@/server/auth/session";
import {
  AUTH_COOKIES,
  authCookieOptions,
  decodeSessionToken,
  encodeSessionToken,
  nowSeconds,
} from "@/server/auth/token";
import { unauthorizedError } from "@/server/errors";

/**
 * The answer that re-issues the request's own session with its second factor checked now (`sfa`):
 * the same member, version and sign-in time, so the one-day limit does not move. A cookie session
 * gets the new cookie; a bearer caller uses the token in the body.
 */
export async function answerWithSecondFactorChecked(
  req: Request,
  message: string,
): Promise<NextResponse> {
  const credential = readSessionCredential(req);
  const claims = credential ? await decodeSessionToken(credential.token) : null;
  if (!claims) throw unauthorizedError();
  const token = await encodeSessionToken({ ...claims, secondFactorAt: nowSeconds() });
  const response = NextResponse.json({ message, token });
  if (credential?.source === "cookie")
    response.cookies.set(AUTH_COOKIES.session.name, token, authCookieOptions("session"));
  return response;
}
