import type { CartKind } from "@/lib/cart/types";
import { saveCardSchema } from "@/lib/validation/card-payment";
import { deliverySchema, saveToProfileSchema } from "@/lib/validation/checkout";
import {
  confirmByMerchantSchema,
  orderListQuerySchema,
  updateOrderStatusSchema,
} from "@/lib/validation/orders";
import { addItemSchema, updateQtySchema } from "@/server/cart/http";
import { cardCheckoutBodySchema, placeOrderBodySchema } from "@/server/checkout/place-order-input";
import { z } from "zod";
import type { Operation } from "../types";
import { BUYER, json, MERCHANT, PUBLIC, text } from "./shared";

/** The cart and the Dream Tracker have the same calls (server/cart/routes.ts). */
function listOperations(kind: CartKind, label: string): Operation[] {
  const other =
    kind === "cart" ? "/dreamtracker/{pKey}/moveToCart" : "/cart/{pKey}/moveToDreamTracker";
  return [
    {
      method: "GET",
      path: `/api/${kind}`,
      summary: `The items of the ${label} of the member (database) or the visitor (cookies)`,
      access: PUBLIC,
    },
    {
      method: "POST",
      path: `/api/${kind}`,
      summary: `Add a product to the ${label}, or set its quantity when it is already there`,
      access: PUBLIC,
      body: json(addItemSchema),
    },
    {
      method: "PATCH",
      path: `/api/${kind}/{pKey}`,
      summary: `Change the quantity of an item of the ${label} (never below 1)`,
      access: PUBLIC,
      pathParams: { pKey: text() },
      body: json(updateQtySchema),
    },
    {
      method: "DELETE",
      path: `/api/${kind}/{pKey}`,
      summary: `Take an item out of the ${label}`,
      access: PUBLIC,
      pathParams: { pKey: text() },
    },
    {
      method: "POST",
      path: `/api${other}`,
      summary: `Move an item of the other list into the ${label}`,
      access: PUBLIC,
      pathParams: { pKey: text() },
    },
  ];
}

/** The cart, checkout and orders. */
export const SHOP_OPERATIONS: readonly Operation[] = [
  ...listOperations("cart", "cart"),
  ...listOperations("dreamtracker", "dream tracker"),
  {
    method: "POST",
    path: "/api/checkout/delivery",
    summary: "Check the Order Delivery Information form and keep it for the preview",
    access: BUYER,
    // The handler parses both schemas from the one body.
    body: json(z.intersection(deliverySchema, saveToProfileSchema)),
  },
  {
    method: "POST",
    path: "/api/checkout/inPerson",
    summary: "Place the order of the pay-in-person cart (once per checkoutKey)",
    access: BUYER,
    body: json(placeOrderBodySchema),
    responses: [
      { status: 201, description: "The order was placed", mediaType: "application/json" },
      { status: 200, description: "This checkoutKey's order", mediaType: "application/json" },
    ],
  },
  {
    method: "POST",
    path: "/api/checkout/card",
    summary: "The order awaiting payment for the pay-by-card cart and its PaymentIntent's secret",
    access: BUYER,
    body: json(cardCheckoutBodySchema),
  },
  {
    method: "POST",
    path: "/api/checkout/card/saveCard",
    summary: "Keep (or not) the new card for next time, before it is confirmed",
    access: BUYER,
    body: json(saveCardSchema),
  },
  {
    method: "GET",
    path: "/api/checkout/card/savedCards",
    summary: "The member's saved cards (brand and last 4)",
    access: BUYER,
  },
  {
    method: "DELETE",
    path: "/api/checkout/card/savedCards/{paymentMethodId}",
    summary: "Delete one of the member's saved cards",
    access: BUYER,
    pathParams: { paymentMethodId: text() },
  },
  {
    method: "GET",
    path: "/api/orders/placed/view",
    summary: "The member's own purchases (My Purchases), 10 lines a page, with the total",
    access: BUYER,
    query: [orderListQuerySchema],
  },
  {
    method: "GET",
    path: "/api/orders/received/view",
    summary: "The farmer's received order lines, 10 a page, with the total",
    access: MERCHANT,
    query: [orderListQuerySchema],
  },
  {
    method: "GET",
    path: "/api/orders/{orderNo}/view",
    summary: "One of the member's orders, whole, with its handover QR codes",
    access: BUYER,
    pathParams: { orderNo: text() },
  },
  {
    method: "POST",
    path: "/api/orders/{orderNo}/cancel",
    summary: "The customer cancels their whole order; a paid card order is refunded",
    access: BUYER,
    pathParams: { orderNo: text() },
  },
  {
    method: "POST",
    path: "/api/orders/updateStatus",
    summary: "A farmer moves one of their order lines to a new status",
    access: MERCHANT,
    body: json(updateOrderStatusSchema),
  },
  {
    method: "POST",
    path: "/api/orders/confirmByMerchant",
    summary: "The farmer confirms the handover of their lines of an order (pays a card order)",
    access: MERCHANT,
    body: json(confirmByMerchantSchema),
  },
];
