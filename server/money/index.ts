import "server-only";

// What the webhook routes, the scripts and the admin's Money page use: the dispatch of a Stripe
// event (above payments, payouts and subscriptions), its follow-ups, and the reconciler.
export { followUpStripeEvent } from "./event-follow-ups";
export {
  BAD_SIGNATURE_MESSAGE,
  handleStripeEvent,
  HANDLED_EVENT_TYPES,
  verifyStripeEvent,
  type HandledEvent,
} from "./handle-stripe-event";
