import { after } from "next/server";
import { forgotPasswordSchema } from "@/lib/validation/accounts";
import { route } from "@/server/http/route";
import { requestPasswordReset } from "@/server/members/request-password-reset";
import { json, ok } from "@/server/openapi/declare";
import { readClientInfo } from "@/server/security";
import { messageAnswer } from "@/server/openapi/answers";

// POST /api/users/forgotPassword: mail a reset link; the same answer whether or not the email exists
export const POST = route(
  {
    public: true,
    doc: {
      summary: "Mail a reset link; the same answer whether or not the email exists",
      responses: ok(messageAnswer),
      body: json(forgotPasswordSchema),
    },
  },
  async ({ req, db }) => {
    const { email } = forgotPasswordSchema.parse(await req.json());
    const message = await requestPasswordReset(db, {
      email,
      clientIp: readClientInfo(req.headers).ip,
      defer: after,
    });
    return Response.json({ message });
  },
);
