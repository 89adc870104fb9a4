import { NextResponse } from "next/server";
import { apiSignInSchema } from "@/lib/auth/second-factor-schema";
import { finishSignIn } from "@/server/auth/finish-sign-in";
import { readSignInClient } from "@/server/auth/client-ip";
import { CODE_PROMPT_MESSAGE, ENROL_FIRST_MESSAGE } from "@/server/auth/second-factor";
import { CHALLENGE_COOKIE, challengeCookieOptions } from "@/server/auth/second-factor/challenge";
import {
  afterPassword,
  completeWithPasswordAndCode,
} from "@/server/auth/second-factor/sign-in-steps";
import { signInWithPassword } from "@/server/auth/sign-in";
import { getEnv } from "@/server/env";
import { AppError } from "@/server/errors";
import { CROSS_ORIGIN_MESSAGE, route } from "@/server/http/route";
import { isCrossSiteBrowserRequest } from "@/server/http/same-origin";
import { json, ok } from "@/server/openapi/declare";
import { signedInAnswer } from "@/server/openapi/answers";

// POST /api/users/login: sign in with email or username and password (and, for a member with
// two-step sign-in, a code); the token also works as a bearer token
export const POST = route(
  {
    public: true,
    doc: {
      summary:
        "Sign in with email or username and password (and a code with two-step sign-in); the token also works as a bearer token",
      body: json(apiSignInSchema),
      responses: ok(signedInAnswer),
    },
  },
  async ({ req, db }) => {
    // A page of another site must not sign a visitor into an account of its choosing.
    if (isCrossSiteBrowserRequest(req, getEnv().APP_URL))
      throw new AppError("forbidden", CROSS_ORIGIN_MESSAGE);
    const { login, password, code } = apiSignInSchema.parse(await req.json());
    const client = readSignInClient(req.headers);
    const member = await signInWithPassword(db, { login, password, ...client });
    const outcome = afterPassword(member);
    if (outcome.kind === "signed-in") return finishSignIn(db, req, member);

    // Two-step sign-in: the code came along, or the caller is told to send it (a browser may go
    // on with POST /api/users/login/secondFactor, whose challenge cookie this answer sets).
    if (code !== undefined && outcome.purpose === "verify")
      return finishSignIn(db, req, await completeWithPasswordAndCode(db, member, code));
    const message = outcome.purpose === "enrol" ? ENROL_FIRST_MESSAGE : CODE_PROMPT_MESSAGE;
    const response = NextResponse.json({ message, secondFactor: outcome.purpose }, { status: 401 });
    response.cookies.set(CHALLENGE_COOKIE, outcome.challenge, challengeCookieOptions());
    return response;
  },
);
