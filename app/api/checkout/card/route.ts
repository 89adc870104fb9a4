import { NextResponse } from "next/server";
import { z } from "zod";
import {
  CHECKOUT_DELIVERY_COOKIE,
  decodeCheckoutDelivery,
} from "@/server/checkout/delivery-cookie";
import { placeOrderBodySchema } from "@/server/checkout/place-order-input";
import { sendOrderPlacedEmails } from "@/server/checkout/send-order-placed-emails";
import { conflict } from "@/server/errors";
import { afterResponse } from "@/server/http/after-response";
import { readCookie } from "@/server/http/cookie-header";
import { route } from "@/server/http/route";
import { DELIVERY_MISSING_MESSAGE, requireStripe, startCardCheckout } from "@/server/payments";

const bodySchema = z.object({ items: placeOrderBodySchema.shape.items });

// POST /api/checkout/card: the order awaiting payment for the pay-by-card cart, and its one
// PaymentIntent's client secret (the same ones however often it is called)
export const POST = route({ role: ["customer", "merchant"] }, async ({ req, member, db }) => {
  const stripe = requireStripe();
  const { items } = bodySchema.parse(await req.json());
  const delivery = await decodeCheckoutDelivery(
    readCookie(req.headers.get("cookie"), CHECKOUT_DELIVERY_COOKIE),
    member.id,
  );
  if (!delivery) throw conflict(DELIVERY_MISSING_MESSAGE);
  const checkout = await startCardCheckout(db, stripe, { customerId: member.id, delivery, items });
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
});
