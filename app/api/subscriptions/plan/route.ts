import { changePlanSchema } from "@/lib/validation/subscriptions";
import { route } from "@/server/http/route";
import { getProfile } from "@/server/members/get-profile";
import { json, ok } from "@/server/openapi/declare";
import { requireStripe } from "@/server/stripe";
import { changePlan } from "@/server/subscriptions";
import { subscriptionAnswer } from "@/server/openapi/answers";

// POST /api/subscriptions/plan: Engager ↔ Harvest, prorated and paid at once with the card on file
export const POST = route(
  {
    doc: {
      summary: "Change plan, prorated and paid at once with the card on file",
      responses: ok(subscriptionAnswer),
      body: json(changePlanSchema),
    },
  },
  async ({ req, member, db }) => {
    const { plan } = changePlanSchema.parse(await req.json());
    await changePlan(db, requireStripe(), { memberId: member.id, plan });
    return Response.json({ subscription: (await getProfile(db, member.id)).subscription });
  },
);
