import { resetPasswordSchema } from "@/lib/validation/accounts";
import { route } from "@/server/http/route";
import { resetPassword } from "@/server/members/reset-password";
import { json, ok } from "@/server/openapi/declare";
import { messageAnswer } from "@/server/openapi/answers";

// POST /api/users/resetPassword: set a new password from a reset link; ends every session
export const POST = route(
  {
    public: true,
    doc: {
      summary: "Set a new password from a reset link; ends every session",
      responses: ok(messageAnswer),
      body: json(resetPasswordSchema),
    },
  },
  async ({ req, db }) => {
    const { code, password } = resetPasswordSchema.parse(await req.json());
    const message = await resetPassword(db, { code, password });
    return Response.json({ message });
  },
);
