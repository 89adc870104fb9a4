import { route } from "@/server/http/route";
import { getProfile } from "@/server/members/get-profile";
import { requireStripe } from "@/server/stripe";
import { cancelSubscription } from "@/server/subscriptions";
import { subscriptionAnswer } from "@/server/openapi/answers";
import { ok } from "@/server/openapi/declare";

// POST /api/subscriptions/cancel: the plan ends at the end of the paid period (Expiring until then)
export const POST = route(
  {
    doc: {
      summary: "The plan ends at the end of the paid period",
      responses: ok(subscriptionAnswer),
    },
  },
  async ({ member, db }) => {
    await cancelSubscription(db, requireStripe(), { memberId: member.id });
    return Response.json({ subscription: (await getProfile(db, member.id)).subscription });
  },
);
