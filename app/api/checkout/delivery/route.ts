import { NextResponse } from "next/server";
import { z } from "zod";
import { deliverySchema, saveToProfileSchema } from "@/lib/validation/checkout";
import {
  CHECKOUT_DELIVERY_COOKIE,
  checkoutDeliveryCookieOptions,
  encodeCheckoutDelivery,
} from "@/server/checkout/delivery-cookie";
import { route } from "@/server/http/route";
import { saveDeliveryAddress } from "@/server/members/save-delivery-address";
import { json, ok } from "@/server/openapi/declare";
import { deliveryCheckedAnswer } from "@/server/openapi/answers";

// POST /api/checkout/delivery: check the Order Delivery Information form and keep it for the
// preview; with `saveToProfile`, a home address also becomes the customer's profile address
export const POST = route(
  {
    role: ["customer", "merchant"],
    doc: {
      summary: "Check the Order Delivery Information form and keep it for the preview",
      responses: ok(deliveryCheckedAnswer),
      // The handler parses both schemas from the one body.
      body: json(z.intersection(deliverySchema, saveToProfileSchema)),
    },
  },
  async ({ req, member, db }) => {
    const body: unknown = await req.json();
    const delivery = deliverySchema.parse(body);
    const { saveToProfile } = saveToProfileSchema.parse(body);
    const addressSaved =
      saveToProfile && delivery.deliveryDestination === "home"
        ? await saveDeliveryAddress(db, { memberId: member.id, address: delivery })
        : false;
    const response = NextResponse.json({ delivery, addressSaved });
    response.cookies.set(
      CHECKOUT_DELIVERY_COOKIE,
      await encodeCheckoutDelivery(member.id, delivery),
      checkoutDeliveryCookieOptions(),
    );
    return response;
  },
);
