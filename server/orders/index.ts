import "server-only";

// What other domains and the pages may use. The admin order manager shows the same lines and
// cancels with its own rule (active = false); the card payments work pays a farmer when
// confirmByMerchant reports `confirmedNow` lines of a card order, and refunds before a card order
// can be cancelled (cancel-order.ts refuses paid card orders until then).
export { cancelOrder } from "./cancel-order";
export { confirmByMerchant, type ConfirmByMerchantResult } from "./confirm-by-merchant";
export { getCustomerOrder } from "./get-customer-order";
export { handoverCode, handoverPath, handoverUrl, verifyHandoverToken } from "./handover-code";
export { listPlacedOrders } from "./list-placed-orders";
export { listReadyOrders } from "./list-ready-orders";
export { listReceivedOrders } from "./list-received-orders";
export {
  CLOSED_STATUSES,
  ORDER_NOT_FOUND_MESSAGE,
  READY_STATUSES,
  qualifiesToCancel,
} from "./order-rules";
export { updateOrderStatus } from "./update-order-status";
