import { afterLoginPath } from "@/lib/auth/safe-redirect";
import { FEATURES } from "@/lib/features";
import { getSessionMember } from "@/server/auth/session";
import { getEnv } from "@/server/env";

// GET /login/continue: after a sign-in, send the member on by the spec's after-login rules
export async function GET(req: Request) {
  const member = await getSessionMember();
  const query = new URL(req.url).searchParams;
  const path = member
    ? afterLoginPath({
        memberType: member.memberType,
        username: member.username,
        redirect: query.get("redirect"),
        redirectTo: query.get("redirectTo"),
        origin: getEnv().APP_URL,
        // Store pages arrive with the catalog; until then a merchant lands on the dashboard.
        storePagesExist: FEATURES.catalog,
      })
    : "/login";
  return new Response(null, {
    status: 303,
    headers: { Location: path, "Cache-Control": "no-store" },
  });
}
