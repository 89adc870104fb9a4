/**
 * Checkout: the delivery form (part 1 section 5 "Delivery form"), the merchant's checkout options
 * ("Checkout options") and the route parameters of the checkout pages.
 */
import { z } from "zod";
import { DELIVERY_DESTINATIONS, PAYMENT_TYPES } from "@/lib/constants";
import { MSG } from "./messages";
import { pickupChoicesSchema } from "./pickup";
import {
  address,
  checkRegionAndPostal,
  city,
  country,
  crossCheck,
  email,
  fail,
  firstName,
  requiredFlag,
  lastName,
  phoneLoose,
  postalCode,
  provinceState,
  readFlag,
} from "./shared";

const contactFields = {
  firstName: firstName(),
  lastName: lastName(),
  email: email(),
  phone: phoneLoose(),
};

/** Pickup at the farm: who is collecting. */
export const storeDeliverySchema = z.object({
  deliveryDestination: z.literal("store"),
  ...contactFields,
  /**
   * The pickup window chosen at each farm of the order that has windows (issue 41 item 4). Absent
   * (the spec's clients): ordered as before, without a time.
   */
  pickup: pickupChoicesSchema.optional(),
});

/**
 * Home delivery adds the address. The province/state must be one of the country's, the postal
 * code a full Canadian code (auto-spaced, "A1A 1A1") or a US ZIP / ZIP+4.
 */
export const homeDeliverySchema = z
  .object({
    deliveryDestination: z.literal("home"),
    ...contactFields,
    address: address(),
    city: city(),
    provinceState: provinceState(),
    country: country(),
    postalCode: postalCode(),
  })
  .check(crossCheck((value, ctx) => checkRegionAndPostal(value, ctx, "full")));

/** The delivery form, keyed on deliveryDestination (home or store); every empty field shows 'Required Field'. */
export const deliverySchema = z.discriminatedUnion(
  "deliveryDestination",
  [storeDeliverySchema, homeDeliverySchema],
  {
    error: MSG.required,
  },
);

/** The delivery form's "Save this address to my profile" box, beside the details it saves. */
export const saveToProfileSchema = z.object({ saveToProfile: z.boolean().default(false) });

/** Starting values: the country defaults to Canada (or the visitor's, see `defaultCountry`). */
export const DELIVERY_FORM_DEFAULTS = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  address: "",
  city: "",
  provinceState: "",
  country: "CA",
  postalCode: "",
} as const;

/**
 * The merchant's checkout options, both sent (a missing one is refused rather than reset to its
 * default: `{}` once turned card payments off); one must stay on. A new farm starts with pay in
 * person on and pay by card off (the members table's defaults).
 */
export const checkoutOptionsSchema = z
  .object({
    payInPerson: requiredFlag(),
    payByCard: requiredFlag(),
  })
  .check(
    crossCheck((value, ctx) => {
      if (readFlag(value.payInPerson) === false && readFlag(value.payByCard) === false) {
        fail(ctx, MSG.checkoutOptionRequired, ["payInPerson"]);
      }
    }),
  );

export const paymentType = () => z.enum(PAYMENT_TYPES);
export const deliveryDestination = () => z.enum(DELIVERY_DESTINATIONS);

/** /checkout/delivery/{paymentType}/{destination} */
export const checkoutDeliveryParamsSchema = z.object({
  paymentType: paymentType(),
  destination: deliveryDestination(),
});

export { deliveryDestinationForCart } from "./delivery-destination";

export type DeliveryInput = z.input<typeof deliverySchema>;
export type Delivery = z.output<typeof deliverySchema>;
export type CheckoutOptionsInput = z.input<typeof checkoutOptionsSchema>;
export type CheckoutOptions = z.output<typeof checkoutOptionsSchema>;
