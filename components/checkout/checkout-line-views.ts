import type { DeliveryDestination } from "@/lib/constants";
import { FULFILMENT_LABELS, fulfilmentFor } from "@/lib/checkout/fulfilment";
import type { CheckoutLine } from "@/server/checkout/get-checkout-cart";
import type { OrderLineView } from "./order-lines";

/** The cart lines of a checkout as the preview and payment pages list them (server components). */
export function checkoutLineViews(
  lines: readonly CheckoutLine[],
  destination: DeliveryDestination,
): OrderLineView[] {
  return lines.map((line) => {
    const howToGet = fulfilmentFor(line.deliveryService, destination);
    return {
      key: line.pKey,
      name: line.name,
      href: `/products/${line.productId}`,
      imageUrl: line.imageUrl,
      qty: line.qty,
      unitPriceCents: line.unitPriceCents,
      priceUnit: line.priceUnit,
      lineTotalCents: line.lineTotalCents,
      currency: line.currency,
      farmer: line.merchantUsername,
      howToGet,
      howToGetLabel: FULFILMENT_LABELS[howToGet],
    };
  });
}
