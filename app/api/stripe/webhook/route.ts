import { getEnv } from "@/server/env";
import { afterResponse } from "@/server/base/follow-ups";
import { route } from "@/server/http/route";
import { countStripeDelivery } from "@/server/base/metrics";
import { followUpStripeEvent } from "@/server/money/event-follow-ups";
import { ok, stripeEvent } from "@/server/openapi/declare";
import { handleStripeEvent, verifyStripeEvent } from "@/server/money";
import { requireStripe } from "@/server/stripe";
import { stripeEventAnswer } from "@/server/openapi/answers";

// POST /api/stripe/webhook: Stripe's events, verified on the raw body and processed once each
// (Stripe posts from its servers; the signature, not the origin, is what proves the sender)
export const POST = route(
  {
    public: true,
    acceptsForeignPosts: true,
    doc: {
      summary: "Stripe's events, verified on the raw body and processed once each",
      responses: ok(stripeEventAnswer),
      ...stripeEvent(),
    },
  },
  async ({ req, db }) => {
    const stripe = requireStripe();
    // Counted by outcome (processed, duplicate, refused, failed) for the operators' metrics.
    const { duplicate, ...effect } = await countStripeDelivery("platform", async () => {
      const event = verifyStripeEvent(stripe, {
        // The raw body: the signature is over these exact bytes, before anything parses them.
        payload: await req.text(),
        signature: req.headers.get("stripe-signature"),
        secret: getEnv().STRIPE_WEBHOOK_SECRET ?? "",
      });
      return handleStripeEvent(db, stripe, event);
    });
    await afterResponse("stripe event follow-ups", () => followUpStripeEvent(db, stripe, effect));
    return Response.json({ received: true, duplicate });
  },
);
