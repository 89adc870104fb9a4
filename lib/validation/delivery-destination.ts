/**
 * The checkout's suggested destination, apart from the checkout schemas: the cart page needs only
 * this rule, and importing it from ./checkout would ship zod (about 31 kB gzipped) with the page.
 */
import type { DeliveryDestination } from "@/lib/constants";

/** Proceed to Next: home delivery when any cart item has delivery_service 1, else store pickup. */
export function deliveryDestinationForCart(
  items: readonly { delivery_service: number | boolean }[],
): DeliveryDestination {
  return items.some((item) => item.delivery_service === 1 || item.delivery_service === true)
    ? "home"
    : "store";
}
