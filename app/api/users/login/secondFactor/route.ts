import { secondFactorCodeSchema } from "@/lib/auth/second-factor-schema";
import { readCookie } from "@/server/base/cookie-header";
import { finishSignIn } from "@/server/auth/finish-sign-in";
import { CHALLENGE_COOKIE } from "@/server/auth/second-factor/challenge";
import { completeWithCode } from "@/server/auth/second-factor/sign-in-steps";
import { route } from "@/server/http/route";
import { json, ok } from "@/server/openapi/declare";
import { signedInAnswer } from "@/server/openapi/answers";

// POST /api/users/login/secondFactor: the code step of a two-step sign-in (the password step's
// `_second_factor` cookie says who); for an admin's enrolment, the first code confirms the set-up
export const POST = route(
  {
    public: true,
    doc: {
      summary:
        "Finish a two-step sign-in with a code from the authenticator app or a recovery code",
      body: json(secondFactorCodeSchema),
      responses: ok(signedInAnswer),
    },
  },
  async ({ req, db }) => {
    const { code } = secondFactorCodeSchema.parse(await req.json());
    const challenge = readCookie(req.headers.get("cookie"), CHALLENGE_COOKIE);
    return finishSignIn(db, req, await completeWithCode(db, challenge, code));
  },
);
