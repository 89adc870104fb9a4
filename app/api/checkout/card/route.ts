import { NextResponse } from "next/server";
import { cardCheckoutBodySchema } from "@/server/checkout/place-order-input";
import { sendOrderPlacedEmails } from "@/server/checkout/send-order-placed-emails";
import { afterResponse } from "@/server/http/after-response";
import { route } from "@/server/http/route";
import { json } from "@/server/openapi/declare";
import { requireStripe, startCardCheckout } from "@/server/payments";

// POST /api/checkout/card: the order awaiting payment for the pay-by-card cart, and its one
// PaymentIntent's client secret (the same ones however often it is called)
export const POST = route(
  {
    role: ["customer", "merchant"],
    doc: {
      summary: "The order awaiting payment for the pay-by-card cart and its PaymentIntent's secret",
      body: json(cardCheckoutBodySchema),
    },
  },
  async ({ req, member, db }) => {
    const stripe = requireStripe();
    const { delivery, items } = cardCheckoutBodySchema.parse(await req.json());
    const checkout = await startCardCheckout(db, stripe, {
      customerId: member.id,
      delivery,
      items,
    });
    if (checkout.state === "paid") {
      const { orderId, orderNo, created } = checkout;
      if (created)
        await afterResponse("order-placed emails", () => sendOrderPlacedEmails(db, orderId));
      return NextResponse.json({ state: "paid", orderNo });
    }
    const { orderNo, clientSecret, amountCents, currency, paymentError } = checkout;
    return NextResponse.json({
      state: "awaiting_payment",
      orderNo,
      clientSecret,
      amountCents,
      currency,
      paymentError,
    });
  },
);
