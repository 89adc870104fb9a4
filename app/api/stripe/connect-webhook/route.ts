import { getEnv } from "@/server/env";
import { afterResponse } from "@/server/http/after-response";
import { route } from "@/server/http/route";
import { handleStripeEvent, requireStripe, verifyStripeEvent } from "@/server/payments";
import { payOwedPayouts } from "@/server/payouts/pay-merchant";

// POST /api/stripe/connect-webhook: events of farmers' Connect accounts (account.updated), verified
// with the Connect endpoint's own secret and processed once each
// (Stripe posts from its servers; the signature, not the origin, is what proves the sender)
export const POST = route({ public: true, acceptsForeignPosts: true }, async ({ req, db }) => {
  const stripe = requireStripe();
  const event = verifyStripeEvent(stripe, {
    payload: await req.text(),
    signature: req.headers.get("stripe-signature"),
    secret: getEnv().STRIPE_CONNECT_WEBHOOK_SECRET ?? "",
  });
  const { duplicate, readyMerchantId } = await handleStripeEvent(db, stripe, event);
  if (readyMerchantId)
    await afterResponse("owed payouts", async () => {
      await payOwedPayouts(db, stripe, readyMerchantId);
    });
  return Response.json({ received: true, duplicate });
});
