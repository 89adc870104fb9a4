import { getEnv } from "@/server/env";
import { route } from "@/server/http/route";
import { requireStripe } from "@/server/stripe";
import { startPayoutOnboarding } from "@/server/payouts/onboarding";
import { urlAnswer } from "@/server/openapi/answers";
import { ok } from "@/server/openapi/declare";

// POST /api/payouts/onboarding: the farmer's Stripe onboarding link (the account is made once)
export const POST = route(
  {
    role: "merchant",
    doc: {
      summary: "The farmer's Stripe onboarding link (the account is made once)",
      responses: ok(urlAnswer),
    },
  },
  async ({ member, db }) => {
    const link = await startPayoutOnboarding(db, requireStripe(), {
      memberId: member.id,
      appUrl: getEnv().APP_URL,
    });
    return Response.json(link);
  },
);
