import "server-only";
import type { Db } from "@/server/db/client";
import { selectOrderSummary, type OrderSummary } from "./order-summary";

/** Order numbers are 12 capitals and digits; anything else is not looked up. */
const ORDER_NO_PATTERN = /^[A-Z0-9]{1,32}$/;

/**
 * The confirmation page's order: the customer's own order by its number, with its lines; null when
 * there is no such order or it is another member's (the page answers 404 for both).
 */
export async function getPlacedOrder(
  db: Db,
  { customerId, orderNo }: { customerId: number; orderNo: string },
): Promise<OrderSummary | null> {
  if (!ORDER_NO_PATTERN.test(orderNo)) return null;
  return selectOrderSummary(db, { orderNo, customerId });
}
