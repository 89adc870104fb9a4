import { moneyIssueIdSchema } from "@/lib/validation/money-issues";
import { retryMoneyIssue } from "@/server/admin/retry-money-issue";
import { route } from "@/server/http/route";
import { getStripe } from "@/server/stripe/stripe-client";
import { messageAnswer } from "@/server/openapi/answers";
import { ok } from "@/server/openapi/declare";

// POST /api/admin/money/{id}/retry: an admin retries a refund or payout reversal Stripe refused
export const POST = route<{ id: string }>(
  {
    role: "admin",
    stepUp: true,
    doc: {
      summary: "Retry a refund or payout reversal Stripe refused (the issue is closed first)",
      responses: ok(messageAnswer),
      pathParams: { id: moneyIssueIdSchema.shape.id },
    },
  },
  async ({ params, member, db }) => {
    const { id } = moneyIssueIdSchema.parse(params);
    return Response.json(await retryMoneyIssue(db, getStripe(), { adminId: member.id, id }));
  },
);
