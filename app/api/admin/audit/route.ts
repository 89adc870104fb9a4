import { auditQuerySchema } from "@/lib/validation/orders";
import { listAdminActions } from "@/server/admin/list-admin-actions";
import { route } from "@/server/http/route";
import { adminAuditAnswer } from "@/server/openapi/answers";
import { ok } from "@/server/openapi/declare";

// GET /api/admin/audit?before=: the audit trail of admin actions, newest first, 20 at a time
export const GET = route(
  {
    role: "admin",
    doc: {
      summary: "The audit trail of admin actions, newest first, 20 at a time",
      responses: ok(adminAuditAnswer),
      query: [auditQuerySchema],
    },
  },
  async ({ req, db }) => {
    const url = new URL(req.url);
    const { before } = auditQuerySchema.parse({ before: url.searchParams.get("before") });
    return Response.json(await listAdminActions(db, { before: before ?? undefined }));
  },
);
