import "server-only";

/**
 * Our idempotency key for every Stripe write, derived from what the write is for: a double click,
 * a reload, a retry or a rerun after a crash sends the same key, and Stripe answers with the
 * object it made the first time instead of making another. The SDK's own random keys only cover
 * its network retries of one call. Stripe keeps keys for at least 24 hours.
 */
export const idempotencyKeys = {
  customer: (memberId: number) => `customer:${memberId}`,
  paymentIntent: (orderId: number) => `pi:${orderId}`,
  /** Each change of the PaymentIntent is a new revision of it. */
  paymentIntentUpdate: (orderId: number, revision: number) => `pi-update:${orderId}:${revision}`,
  paymentIntentCancel: (orderId: number) => `pi-cancel:${orderId}`,
  refund: (orderItemId: number) => `refund:${orderItemId}`,
  detachCard: (paymentMethodId: string) => `pm-detach:${paymentMethodId}`,
} as const;
