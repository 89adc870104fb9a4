import { moneyIssueIdSchema } from "@/lib/validation/money-issues";
import { payFarmForIssue } from "@/server/admin/pay-farm-for-issue";
import { route } from "@/server/http/route";
import { getStripe } from "@/server/stripe/stripe-client";
import { messageAnswer } from "@/server/openapi/answers";
import { ok } from "@/server/openapi/declare";

// POST /api/admin/money/{id}/pay: an admin pays the farm an overdue payout, or after a dispute is won
export const POST = route<{ id: string }>(
  {
    role: "admin",
    stepUp: true,
    doc: {
      summary: "Pay the farm an overdue payout, or its payouts once a dispute is won",
      responses: ok(messageAnswer),
      pathParams: { id: moneyIssueIdSchema.shape.id },
    },
  },
  async ({ params, member, db }) => {
    const { id } = moneyIssueIdSchema.parse(params);
    return Response.json(await payFarmForIssue(db, getStripe(), { adminId: member.id, id }));
  },
);
