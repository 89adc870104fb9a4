import { resellerListQuerySchema, resellerUpdateSchema } from "@/lib/validation/resellers";
import { listResellers } from "@/server/admin/list-resellers";
import { updateReseller } from "@/server/admin/update-reseller";
import { route } from "@/server/http/route";

// GET /api/resellers?page=: admins list the resellers, 10 a page, with the total
export const GET = route({ role: "admin" }, async ({ req, db }) => {
  const input = resellerListQuerySchema.parse({ page: new URL(req.url).searchParams.get("page") });
  return Response.json(await listResellers(db, input));
});

// PATCH /api/resellers: an admin edits a reseller, found by its identifier
export const PATCH = route({ role: "admin" }, async ({ req, member, db }) => {
  const input = resellerUpdateSchema.parse(await req.json());
  const result = await updateReseller(db, { adminId: member.id, ...input });
  return Response.json({ result });
});
