import "server-only";

// What other domains and the pages may use. The card payment flow reads the delivery details and
// the card cart with these, and sends the order-placed emails once a card order is paid.
export { CHECKOUT_DELIVERY_COOKIE, readCheckoutDelivery } from "./delivery-cookie";
export {
  getCheckoutCart,
  type CheckoutCart,
  type CheckoutLine,
  type UnavailableLine,
} from "./get-checkout-cart";
export { getPlacedOrder } from "./get-placed-order";
export { placeOrderBodySchema, type PlaceOrderBody } from "./place-order-input";
export { sendOrderPlacedEmails } from "./send-order-placed-emails";
export type { OrderSummary, OrderSummaryLine } from "./order-summary";
export { completeCardReturn, type CardReturn } from "./complete-card-return";
export { markOrderPaid } from "./mark-order-paid";
export { placeOrder } from "./place-order";
export { startCardCheckout, type CardCheckout } from "./start-card-checkout";
