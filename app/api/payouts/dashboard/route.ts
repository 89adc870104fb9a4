import { route } from "@/server/http/route";
import { requireStripe } from "@/server/stripe";
import { createDashboardLink } from "@/server/payouts/onboarding";
import { urlAnswer } from "@/server/openapi/answers";
import { ok } from "@/server/openapi/declare";

// POST /api/payouts/dashboard: a login link to the farmer's Stripe Express dashboard
export const POST = route(
  {
    role: "merchant",
    doc: {
      summary: "A login link to the farmer's Stripe Express dashboard",
      responses: ok(urlAnswer),
    },
  },
  async ({ member, db }) => {
    return Response.json(await createDashboardLink(db, requireStripe(), member.id));
  },
);
