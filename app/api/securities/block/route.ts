import { securityBlockSchema } from "@/lib/validation/accounts";
import { route } from "@/server/http/route";
import { json, ok } from "@/server/openapi/declare";
import { blockAccess } from "@/server/security";
import { accessBlockedAnswer } from "@/server/openapi/answers";

// POST /api/securities/block: block a recorded sign-in from the emailed link; ends every session.
// Public on purpose: the unguessable accessId is the credential (docs/decisions/0005-security-block.md).
export const POST = route(
  {
    public: true,
    doc: {
      summary: "Block a recorded sign-in from the emailed link (the accessId is the credential)",
      responses: ok(accessBlockedAnswer),
      body: json(securityBlockSchema),
    },
  },
  async ({ req, db }) => {
    const { accessId } = securityBlockSchema.parse(await req.json());
    const results = await blockAccess(db, { accessId });
    return Response.json({ results });
  },
);
