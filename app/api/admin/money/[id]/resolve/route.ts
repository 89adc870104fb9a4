import { moneyIssueIdSchema, resolveMoneyIssueSchema } from "@/lib/validation/money-issues";
import { resolveMoneyIssue } from "@/server/admin/resolve-money-issue";
import { route } from "@/server/http/route";
import { json, ok } from "@/server/openapi/declare";
import { messageAnswer } from "@/server/openapi/answers";

// POST /api/admin/money/{id}/resolve: an admin marks a money issue resolved, with a note saying how
export const POST = route<{ id: string }>(
  {
    role: "admin",
    doc: {
      summary: "Mark a money issue resolved, with a note saying how",
      responses: ok(messageAnswer),
      pathParams: { id: moneyIssueIdSchema.shape.id },
      body: json(resolveMoneyIssueSchema),
    },
  },
  async ({ req, params, member, db }) => {
    const { id } = moneyIssueIdSchema.parse(params);
    const { note } = resolveMoneyIssueSchema.parse(await req.json());
    return Response.json(await resolveMoneyIssue(db, { adminId: member.id, id, note }));
  },
);
