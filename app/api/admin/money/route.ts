import { moneyIssuesQuerySchema } from "@/lib/validation/money-issues";
import { listMoneyIssues } from "@/server/admin/list-money-issues";
import { route } from "@/server/http/route";
import { getStripe } from "@/server/stripe/stripe-client";
import { moneyIssuesAnswer } from "@/server/openapi/answers";
import { ok } from "@/server/openapi/declare";

// GET /api/admin/money?before=: the open money issues, newest first, 20 at a time, with the last sweep
export const GET = route(
  {
    role: "admin",
    doc: {
      summary: "The open money issues, newest first, 20 at a time, with the last sweep",
      responses: ok(moneyIssuesAnswer),
      query: [moneyIssuesQuerySchema],
    },
  },
  async ({ req, db }) => {
    const url = new URL(req.url);
    const { before } = moneyIssuesQuerySchema.parse({ before: url.searchParams.get("before") });
    return Response.json(
      await listMoneyIssues(db, {
        before: before ?? undefined,
        cardPayments: getStripe() !== null,
      }),
    );
  },
);
