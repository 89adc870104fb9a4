import { readCookie } from "@/server/base/cookie-header";
import { CHALLENGE_COOKIE } from "@/server/auth/second-factor/challenge";
import { setupFromChallenge } from "@/server/auth/second-factor/sign-in-steps";
import { route } from "@/server/http/route";
import { ok } from "@/server/openapi/declare";
import { secondFactorSetupAnswer } from "@/server/openapi/answers";

// POST /api/users/login/secondFactor/setup: an admin signing in for the first time since two-step
// sign-in became required gets a new secret (QR) and ten recovery codes to confirm with a code
export const POST = route(
  {
    public: true,
    doc: {
      summary: "Set up two-step sign-in during an admin's first sign-in (QR and recovery codes)",
      responses: ok(secondFactorSetupAnswer),
    },
  },
  async ({ req, db }) => {
    const challenge = readCookie(req.headers.get("cookie"), CHALLENGE_COOKIE);
    return Response.json(await setupFromChallenge(db, challenge));
  },
);
