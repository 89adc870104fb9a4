import { getEnv } from "@/server/env";
import { route } from "@/server/http/route";
import { redirect } from "@/server/openapi/declare";
import { requireStripe } from "@/server/stripe";
import { startPayoutOnboarding } from "@/server/payouts/onboarding";

// GET /api/payouts/onboarding/refresh: Stripe's refresh_url (an expired or used Account Link); a
// fresh link for the signed-in owner, who is sent straight on to it
export const GET = route(
  {
    role: "merchant",
    doc: {
      summary: "Stripe's refresh_url: a fresh onboarding link, to which the owner is sent",
      responses: redirect("To Stripe's onboarding"),
    },
  },
  async ({ member, db }) => {
    const { url } = await startPayoutOnboarding(db, requireStripe(), {
      memberId: member.id,
      appUrl: getEnv().APP_URL,
    });
    return Response.redirect(url, 303);
  },
);
