import "server-only";
import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { DeliveryMethod, OrderStatus } from "@/lib/constants";
import { orderItems } from "@/server/db/schema";

/**
 * The order rules the list, cancel, status and handover services share (spec part 2 section 4,
 * ARCHITECTURE section 5 "Orders").
 */

/** What a caller reads for an order or line that is not theirs, or does not exist (404 for both). */
export const ORDER_NOT_FOUND_MESSAGE = "The order could not be found.";

/** Statuses nobody moves a row out of: the money side (refunds) is settled or being settled. */
export const CLOSED_STATUSES = ["cancelled", "refunded"] as const satisfies readonly OrderStatus[];

/** "Ready for pickup or on their way": what /orders/ready lists and the customer hands over. */
export const READY_STATUSES = [
  "ready_for_pickup",
  "ready_to_ship",
  "in_shipping",
  "shipped",
] as const satisfies readonly OrderStatus[];

/** A line is delivered when the farmer offers delivery and the customer chose home (checkout decides). */
export type OrderMethod = "pickup" | "delivery";

export function orderMethodOf(deliveryService: DeliveryMethod): OrderMethod {
  return deliveryService === "free_delivery" ? "delivery" : "pickup";
}

/** The spec's deliveryService flag: 1 = delivery, 0 = pickup. */
export function deliveryFlagOf(deliveryService: DeliveryMethod): 0 | 1 {
  return deliveryService === "free_delivery" ? 1 : 0;
}

/**
 * Whether one row still qualifies for the customer's cancel (the spec's qualifiedToCancel): the
 * customer has not cancelled it (`qualified_to_cancel`), no admin cancelled it (`active`), the
 * farmer has not started on it (status still `order_created`), it was never cancelled or refunded
 * (`cancelled_at`, `refunded_at`, kept even if a status were ever rewritten) and no handover was
 * confirmed. An order can be cancelled only when every one of its rows qualifies.
 */
export function qualifiesToCancel(t: typeof orderItems = orderItems): SQL {
  return and(
    eq(t.qualifiedToCancel, true),
    eq(t.active, true),
    eq(t.status, "order_created"),
    isNull(t.cancelledAt),
    isNull(t.refundedAt),
    isNull(t.confirmedAt),
  )!;
}

/** 1 while a line's refund is asked and its money not yet back (decision 0037), as a column. */
export function refundPendingFlag(t: typeof orderItems = orderItems): SQL<number> {
  return sql<number>`(case when ${t.refundRequestedAt} is not null and ${t.refundedAt} is null then 1 else 0 end)::int`.mapWith(
    Number,
  );
}

/** The same rule as a 0/1 column for the answers (`qualifiedToCancel`). */
export function qualifiesToCancelFlag(t: typeof orderItems = orderItems): SQL<number> {
  return sql<number>`(case when ${qualifiesToCancel(t)} then 1 else 0 end)::int`.mapWith(Number);
}
