import { resellerCreateSchema } from "@/lib/validation/resellers";
import { createReseller } from "@/server/admin/create-reseller";
import { route } from "@/server/http/route";
import { json, ok } from "@/server/openapi/declare";
import { resellerSavedAnswer } from "@/server/openapi/answers";

// POST /api/resellers/create: an admin adds a reseller (its identifier is drawn by the database)
export const POST = route(
  {
    role: "admin",
    doc: {
      summary: "Add a reseller (its identifier is drawn by the database)",
      responses: ok(resellerSavedAnswer),
      body: json(resellerCreateSchema),
    },
  },
  async ({ req, member, db }) => {
    const input = resellerCreateSchema.parse(await req.json());
    const result = await createReseller(db, { adminId: member.id, ...input });
    return Response.json({ result });
  },
);
