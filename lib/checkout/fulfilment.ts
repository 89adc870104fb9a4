import type { DeliveryDestination, DeliveryMethod } from "@/lib/constants";

/**
 * How a line reaches the customer: delivered when the farm delivers and the customer chose home,
 * else picked up at the farm. Pages, mails and the order's write all word it the same way.
 */
export function fulfilmentFor(
  offered: DeliveryMethod,
  destination: DeliveryDestination,
): DeliveryMethod {
  return offered === "free_delivery" && destination === "home" ? "free_delivery" : "in_store";
}

export const FULFILMENT_LABELS: Record<DeliveryMethod, string> = {
  free_delivery: "Home delivery",
  in_store: "Pickup at the farm",
};
