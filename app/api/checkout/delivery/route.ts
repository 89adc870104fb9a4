import { NextResponse } from "next/server";
import { deliverySchema } from "@/lib/validation/checkout";
import {
  CHECKOUT_DELIVERY_COOKIE,
  checkoutDeliveryCookieOptions,
  encodeCheckoutDelivery,
} from "@/server/checkout/delivery-cookie";
import { route } from "@/server/http/route";

// POST /api/checkout/delivery: check the Order Delivery Information form and keep it for the preview
export const POST = route({ role: ["customer", "merchant"] }, async ({ req, member }) => {
  const delivery = deliverySchema.parse(await req.json());
  const response = NextResponse.json({ delivery });
  response.cookies.set(
    CHECKOUT_DELIVERY_COOKIE,
    await encodeCheckoutDelivery(member.id, delivery),
    checkoutDeliveryCookieOptions(),
  );
  return response;
});
