import "server-only";

// What the pages, the routes and other domains use of card payments. The payouts and plans work
// build on the same client, idempotency keys, error mapping and webhook dispatch.
export { completeCardReturn, type CardReturn } from "./complete-card-return";
export { handleStripeEvent, verifyStripeEvent, BAD_SIGNATURE_MESSAGE } from "./handle-stripe-event";
export { idempotencyKeys } from "./idempotency-keys";
export { markOrderPaid } from "./mark-order-paid";
export { requireStripe } from "./require-stripe";
export {
  CARD_DELETED_MESSAGE,
  deleteSavedCard,
  listSavedCards,
  type SavedCard,
} from "./saved-cards";
export { setSaveCard } from "./set-save-card";
export { startCardCheckout, type CardCheckout } from "./start-card-checkout";
export {
  createStripeClient,
  getStripe,
  STRIPE_API_VERSION,
  type StripeClient,
} from "./stripe-client";
export { callStripe } from "./stripe-errors";
