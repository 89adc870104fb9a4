import "server-only";

// What the pages, the routes and other domains use of card payments beyond placing an order
// (server/checkout): saved cards and the save-card choice. Refunds are asked through the order's
// cancel and status changes (server/orders) and settled by server/payments/refunds.ts.
export {
  CARD_DELETED_MESSAGE,
  deleteSavedCard,
  listSavedCards,
  type SavedCard,
} from "./saved-cards";
export { setSaveCard } from "./set-save-card";
