import { getEnv } from "@/server/env";
import { afterResponse } from "@/server/base/follow-ups";
import { route } from "@/server/http/route";
import { followUpStripeEvent } from "@/server/money/event-follow-ups";
import { stripeEvent } from "@/server/openapi/declare";
import { handleStripeEvent, verifyStripeEvent } from "@/server/money";
import { requireStripe } from "@/server/stripe";

// POST /api/stripe/connect-webhook: events of farmers' Connect accounts (account.updated), verified
// with the Connect endpoint's own secret and processed once each
// (Stripe posts from its servers; the signature, not the origin, is what proves the sender)
export const POST = route(
  {
    public: true,
    acceptsForeignPosts: true,
    doc: {
      summary: "Events of farmers' Connect accounts, verified with the Connect endpoint's secret",
      ...stripeEvent(),
    },
  },
  async ({ req, db }) => {
    const stripe = requireStripe();
    const event = verifyStripeEvent(stripe, {
      payload: await req.text(),
      signature: req.headers.get("stripe-signature"),
      secret: getEnv().STRIPE_CONNECT_WEBHOOK_SECRET ?? "",
    });
    const { duplicate, ...effect } = await handleStripeEvent(db, stripe, event);
    await afterResponse("stripe event follow-ups", () => followUpStripeEvent(db, stripe, effect));
    return Response.json({ received: true, duplicate });
  },
);
