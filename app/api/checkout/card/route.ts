import { NextResponse } from "next/server";
import { cardCheckoutBodySchema } from "@/server/checkout/place-order-input";
import { route } from "@/server/http/route";
import { json, ok } from "@/server/openapi/declare";
import { requireStripe } from "@/server/stripe";
import { startCardCheckout } from "@/server/checkout";
import { cardCheckoutAnswer } from "@/server/openapi/answers";

// POST /api/checkout/card: the order awaiting payment for the pay-by-card cart, and its one
// PaymentIntent's client secret (the same ones however often it is called)
export const POST = route(
  {
    role: ["customer", "merchant"],
    doc: {
      summary: "The order awaiting payment for the pay-by-card cart and its PaymentIntent's secret",
      responses: ok(cardCheckoutAnswer),
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
      // Paid in another tab meanwhile: placed now, its mails scheduled by the write.
      return NextResponse.json({ state: "paid", orderNo: checkout.orderNo });
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
