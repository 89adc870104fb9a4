import { sendOrderPlacedEmails } from "@/server/checkout/send-order-placed-emails";
import { getEnv } from "@/server/env";
import { afterResponse } from "@/server/http/after-response";
import { route } from "@/server/http/route";
import { handleStripeEvent, requireStripe, verifyStripeEvent } from "@/server/payments";
import { sendPlanPaymentEmail } from "@/server/subscriptions";

// POST /api/stripe/webhook: Stripe's events, verified on the raw body and processed once each
// (Stripe posts from its servers; the signature, not the origin, is what proves the sender)
export const POST = route({ public: true, acceptsForeignPosts: true }, async ({ req, db }) => {
  const stripe = requireStripe();
  const event = verifyStripeEvent(stripe, {
    // The raw body: the signature is over these exact bytes, before anything parses them.
    payload: await req.text(),
    signature: req.headers.get("stripe-signature"),
    secret: getEnv().STRIPE_WEBHOOK_SECRET ?? "",
  });
  const { duplicate, placedOrderId, planPaymentProblem } = await handleStripeEvent(
    db,
    stripe,
    event,
  );
  if (placedOrderId !== null)
    await afterResponse("order-placed emails", () => sendOrderPlacedEmails(db, placedOrderId));
  if (planPaymentProblem)
    await afterResponse("plan payment email", () => sendPlanPaymentEmail(db, planPaymentProblem));
  return Response.json({ received: true, duplicate });
});
