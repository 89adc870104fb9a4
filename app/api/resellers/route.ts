import { resellerListQuerySchema, resellerUpdateSchema } from "@/lib/validation/resellers";
import { listResellers } from "@/server/admin/list-resellers";
import { updateReseller } from "@/server/admin/update-reseller";
import { route } from "@/server/http/route";
import { json, ok } from "@/server/openapi/declare";
import { resellerListAnswer, resellerSavedAnswer } from "@/server/openapi/answers";

// GET /api/resellers?page=: admins list the resellers, 10 a page, with the total
export const GET = route(
  {
    role: "admin",
    doc: {
      summary: "The resellers, 10 a page, with the total",
      query: [resellerListQuerySchema],
      responses: ok(resellerListAnswer),
    },
  },
  async ({ req, db }) => {
    const input = resellerListQuerySchema.parse({
      page: new URL(req.url).searchParams.get("page"),
    });
    return Response.json(await listResellers(db, input));
  },
);

// PATCH /api/resellers: an admin edits a reseller, found by its identifier
export const PATCH = route(
  {
    role: "admin",
    doc: {
      summary: "Edit a reseller, found by its identifier",
      body: json(resellerUpdateSchema),
      responses: ok(resellerSavedAnswer),
    },
  },
  async ({ req, member, db }) => {
    const input = resellerUpdateSchema.parse(await req.json());
    const result = await updateReseller(db, { adminId: member.id, ...input });
    return Response.json({ result });
  },
);
