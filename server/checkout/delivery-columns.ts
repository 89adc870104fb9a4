import "server-only";
import type { Delivery } from "@/lib/validation/checkout";

/** The order's copy of the delivery details; the address is kept for home delivery only. */
export function deliveryColumns(delivery: Delivery) {
  const home = delivery.deliveryDestination === "home" ? delivery : null;
  return {
    deliveryDestination: delivery.deliveryDestination,
    firstName: delivery.firstName,
    lastName: delivery.lastName,
    email: delivery.email,
    phone: delivery.phone,
    address: home?.address ?? null,
    city: home?.city ?? null,
    provinceState: home?.provinceState ?? null,
    country: home?.country ?? null,
    postalCode: home?.postalCode ?? null,
  };
}
