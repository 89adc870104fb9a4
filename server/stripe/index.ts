import "server-only";

// The one adapter to Stripe that card payments, payouts and plans share: the client, the error
// mapping, the states read off Stripe's objects, the idempotency keys and the customer record.
// Webhook dispatch sits above all three domains, in server/money (decision 0041).
export { ensureStripeCustomer } from "./ensure-stripe-customer";
export { idempotencyKeys } from "./idempotency-keys";
export { CARD_PAYMENTS_NOT_CONFIGURED_MESSAGE, requireStripe } from "./require-stripe";
export {
  createStripeClient,
  getStripe,
  STRIPE_API_VERSION,
  type StripeClient,
} from "./stripe-client";
export { callStripe } from "./stripe-errors";
