import { route } from "@/server/http/route";
import { getProfile } from "@/server/members/get-profile";
import { requireStripe } from "@/server/stripe";
import { resumeSubscription } from "@/server/subscriptions";
import { subscriptionAnswer } from "@/server/openapi/answers";
import { ok } from "@/server/openapi/declare";

// POST /api/subscriptions/resume: resubscribe before the end date (the cancellation is withdrawn)
export const POST = route(
  {
    doc: {
      summary: "Resubscribe before the end date (the cancellation is withdrawn)",
      responses: ok(subscriptionAnswer),
    },
  },
  async ({ member, db }) => {
    await resumeSubscription(db, requireStripe(), { memberId: member.id });
    return Response.json({ subscription: (await getProfile(db, member.id)).subscription });
  },
);
