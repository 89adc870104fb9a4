import { passwordChangeSchema } from "@/lib/validation/profile";
import { readSessionCredential } from "@/server/auth/session";
import {
  authCookieOptions,
  decodeSessionToken,
  encodeSessionToken,
  nowSeconds,
  SESSION_COOKIE,
} from "@/server/auth/token";
import { route } from "@/server/http/route";
import { changePassword, PASSWORD_CHANGED_MESSAGE } from "@/server/members/change-password";
import { json, ok } from "@/server/openapi/declare";
import { passwordChangedAnswer } from "@/server/openapi/answers";

// POST /api/settings/password: change the password; every other session of the member ends
export const POST = route(
  {
    doc: {
      summary: "Change the password; every other session of the member ends",
      responses: ok(passwordChangedAnswer),
      body: json(passwordChangeSchema),
    },
  },
  async ({ req, member, db }) => {
    const input = passwordChangeSchema.parse(await req.json());
    const { sessionVersion } = await changePassword(db, {
      memberId: member.id,
      currentPassword: input.currentPassword,
      newPassword: input.newPassword,
    });

    // The bump ended this session too: issue this browser (or client) a token with the new version.
    // The sign-in time is kept, so the one-day limit after sign-in still holds.
    const credential = readSessionCredential(req);
    const claims = credential ? await decodeSessionToken(credential.token) : null;
    const token = await encodeSessionToken({
      memberId: member.id,
      sessionVersion,
      signedInAt: claims?.signedInAt ?? nowSeconds(),
    });

    if (credential?.source === "bearer") {
      return Response.json({ message: PASSWORD_CHANGED_MESSAGE, token });
    }
    const response = Response.json({ message: PASSWORD_CHANGED_MESSAGE });
    response.headers.append("Set-Cookie", serializeSessionCookie(token));
    return response;
  },
);

function serializeSessionCookie(token: string): string {
  const options = authCookieOptions("session");
  const parts = [
    `${SESSION_COOKIE}=${encodeURIComponent(token)}`,
    `Path=${options.path}`,
    `Max-Age=${options.maxAge}`,
    `SameSite=Lax`,
  ];
  if (options.httpOnly) parts.push("HttpOnly");
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
}
