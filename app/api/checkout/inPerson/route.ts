import { NextResponse } from "next/server";
import {
  CHECKOUT_DELIVERY_COOKIE,
  checkoutDeliveryCookieOptions,
} from "@/server/checkout/delivery-cookie";
import { placeOrderBodySchema } from "@/server/checkout/place-order-input";
import { route } from "@/server/http/route";
import { createdOrOk, json } from "@/server/openapi/declare";
import { orderPlacedAnswer } from "@/server/openapi/answers";
import { placeOrder } from "@/server/checkout/place-order";

// POST /api/checkout/inPerson: place the order of the pay-in-person cart (once per checkoutKey)
export const POST = route(
  {
    role: ["customer", "merchant"],
    doc: {
      summary: "Place the order of the pay-in-person cart (once per checkoutKey)",
      body: json(placeOrderBodySchema),
      responses: createdOrOk(
        { created: "The order was placed", ok: "This checkoutKey's order" },
        orderPlacedAnswer,
      ),
    },
  },
  async ({ req, member, db }) => {
    const { checkoutKey, delivery, items } = placeOrderBodySchema.parse(await req.json());
    // The call that creates the order schedules its mails, which go out after this answer.
    const { orderNo, orderId, created } = await placeOrder(db, {
      customerId: member.id,
      checkoutKey,
      delivery,
      items,
    });
    const response = NextResponse.json({ orderNo, orderId }, { status: created ? 201 : 200 });
    // The details were for this checkout only.
    response.cookies.set(CHECKOUT_DELIVERY_COOKIE, "", checkoutDeliveryCookieOptions(0));
    return response;
  },
);
