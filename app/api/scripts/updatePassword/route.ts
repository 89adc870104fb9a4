import { adminSetPasswordSchema } from "@/lib/validation/accounts";
import { updateMemberPassword } from "@/server/admin/update-member-password";
import { route } from "@/server/http/route";
import { json, ok } from "@/server/openapi/declare";
import { messageAnswer } from "@/server/openapi/answers";

// POST /api/scripts/updatePassword: an admin sets a member's password (their sessions end, they are mailed)
export const POST = route(
  {
    role: "admin",
    stepUp: true,
    doc: {
      summary: "Set a member's password (their sessions end, they are mailed)",
      responses: ok(messageAnswer),
      body: json(adminSetPasswordSchema),
    },
  },
  async ({ req, member, db }) => {
    const { userId, password } = adminSetPasswordSchema.parse(await req.json());
    return Response.json(await updateMemberPassword(db, { adminId: member.id, userId, password }));
  },
);
