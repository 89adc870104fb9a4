import { secondFactorCodeSchema } from "@/lib/auth/second-factor-schema";
import {
  confirmSetup,
  getSecondFactorStatus,
  startSetup,
  TURNED_OFF_MESSAGE,
  TURNED_ON_MESSAGE,
  turnOffSecondFactor,
} from "@/server/auth/second-factor";
import { answerWithSecondFactorChecked } from "@/server/auth/second-factor/step-up";
import { route } from "@/server/http/route";
import { json, ok } from "@/server/openapi/declare";
import {
  messageAnswer,
  secondFactorCheckedAnswer,
  secondFactorSetupAnswer,
  secondFactorStatusAnswer,
} from "@/server/openapi/answers";

// GET /api/settings/secondFactor: whether the member's two-step sign-in is on
export const GET = route(
  { doc: { summary: "Whether two-step sign-in is on", responses: ok(secondFactorStatusAnswer) } },
  async ({ member, db }) =>
    Response.json({
      ...(await getSecondFactorStatus(db, member.id)),
      required: member.memberType === "admin",
    }),
);

// POST /api/settings/secondFactor: start setting it up (a new secret as a QR, ten recovery codes)
export const POST = route(
  {
    doc: {
      summary: "Start setting up two-step sign-in (QR and ten recovery codes, shown once)",
      responses: ok(secondFactorSetupAnswer),
    },
  },
  async ({ member, db }) => Response.json(await startSetup(db, member.id)),
);

// PUT /api/settings/secondFactor: turn it on with the first code from the app (the session stays)
export const PUT = route(
  {
    doc: {
      summary: "Turn two-step sign-in on with the first code from the app",
      body: json(secondFactorCodeSchema),
      responses: ok(secondFactorCheckedAnswer),
    },
  },
  async ({ req, member, db }) => {
    const { code } = secondFactorCodeSchema.parse(await req.json());
    await confirmSetup(db, member.id, code);
    // This session stays signed in: it has just passed the new second factor.
    return answerWithSecondFactorChecked(req, TURNED_ON_MESSAGE);
  },
);

// DELETE /api/settings/secondFactor: turn it off with a current code (never for an admin)
export const DELETE = route(
  {
    doc: {
      summary: "Turn two-step sign-in off with a current code (admins cannot)",
      body: json(secondFactorCodeSchema),
      responses: ok(messageAnswer),
    },
  },
  async ({ req, member, db }) => {
    const { code } = secondFactorCodeSchema.parse(await req.json());
    await turnOffSecondFactor(db, member.id, code);
    return Response.json({ message: TURNED_OFF_MESSAGE });
  },
);
