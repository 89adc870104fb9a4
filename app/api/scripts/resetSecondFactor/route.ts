import { adminMemberIdSchema } from "@/lib/validation/accounts";
import { resetSecondFactor } from "@/server/auth/second-factor";
import { route } from "@/server/http/route";
import { json, ok } from "@/server/openapi/declare";
import { messageAnswer } from "@/server/openapi/answers";

// POST /api/scripts/resetSecondFactor: an admin clears a member's two-step sign-in (a lost phone);
// their sessions end and they set it up again; the audit trail records it
export const POST = route(
  {
    role: "admin",
    stepUp: true,
    doc: {
      summary: "Reset a member's two-step sign-in (their sessions end; recorded in the audit)",
      responses: ok(messageAnswer),
      body: json(adminMemberIdSchema),
    },
  },
  async ({ req, member, db }) => {
    const { userId } = adminMemberIdSchema.parse(await req.json());
    return Response.json(await resetSecondFactor(db, { adminId: member.id, userId }));
  },
);
