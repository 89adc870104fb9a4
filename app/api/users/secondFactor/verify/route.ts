import { secondFactorCodeSchema } from "@/lib/auth/second-factor-schema";
import { verifySecondFactor } from "@/server/auth/second-factor";
import { answerWithSecondFactorChecked } from "@/server/auth/second-factor/step-up";
import { route } from "@/server/http/route";
import { json, ok } from "@/server/openapi/declare";
import { secondFactorCheckedAnswer } from "@/server/openapi/answers";

// POST /api/users/secondFactor/verify: a signed-in member with two-step sign-in confirms it again
// (an admin's sensitive actions ask for this after 15 minutes); the session is re-issued
export const POST = route(
  {
    doc: {
      summary: "Confirm two-step sign-in again for the sensitive actions (re-issues the session)",
      body: json(secondFactorCodeSchema),
      responses: ok(secondFactorCheckedAnswer),
    },
  },
  async ({ req, member, db }) => {
    const { code } = secondFactorCodeSchema.parse(await req.json());
    await verifySecondFactor(db, member.id, code);
    return answerWithSecondFactorChecked(req, "Confirmed.");
  },
);
