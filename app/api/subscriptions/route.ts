import { defaultCountry } from "@/lib/input-format";
import { startSubscriptionSchema } from "@/lib/validation/subscriptions";
import { route } from "@/server/http/route";
import { getProfile } from "@/server/members/get-profile";
import { json, ok } from "@/server/openapi/declare";
import { requireStripe } from "@/server/stripe";
import { readClientInfo } from "@/server/security";
import { startSubscription } from "@/server/subscriptions";
import { pricingAnswer, subscriptionCheckoutAnswer } from "@/server/openapi/answers";

// GET /api/subscriptions: the signed-in farmer's plan (null for visitors and customers) and the
// country whose prices to show first (the visitor's: US gives usa, anywhere else canada), for the
// pricing page's buttons, which is the same cached page for everyone
export const GET = route(
  {
    public: true,
    doc: {
      summary: "The signed-in farmer's plan (null otherwise) and the country whose prices to show",
      responses: ok(pricingAnswer),
    },
  },
  async ({ req, member, db }) => {
    const subscription =
      member?.memberType === "merchant" ? (await getProfile(db, member.id)).subscription : null;
    const country =
      defaultCountry(readClientInfo(req.headers).place.country) === "US" ? "usa" : "canada";
    return Response.json({ subscription, country });
  },
);

// POST /api/subscriptions: start (or answer the started) subscription to a plan; the client pays
// its first invoice with the Payment Element using the client secret
export const POST = route(
  {
    doc: {
      summary: "Start (or answer the started) subscription to a plan",
      responses: ok(subscriptionCheckoutAnswer),
      body: json(startSubscriptionSchema),
    },
  },
  async ({ req, member, db }) => {
    const { country, plan } = startSubscriptionSchema.parse(await req.json());
    const checkout = await startSubscription(db, requireStripe(), {
      memberId: member.id,
      country,
      plan,
    });
    return Response.json(checkout);
  },
);
