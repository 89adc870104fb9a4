import "server-only";
import { z } from "zod";
import { QUANTITY_MAX, QUANTITY_MIN } from "@/lib/constants";
import { deliverySchema } from "@/lib/validation/checkout";

export const CHECKOUT_KEY_MESSAGE =
  "This checkout has expired. Please reload the page and try again.";
const ITEMS_MESSAGE = "The reviewed items are not valid. Please reload the page and try again.";

/** Most lines one checkout takes: far above any real cart, low enough to bound the work. */
export const MAX_CHECKOUT_LINES = 200;

/**
 * The body of POST /api/checkout/inPerson. `checkoutKey` (a uuid made when the preview rendered)
 * makes the call idempotent; `items`, when sent, are the lines the customer reviewed (with the unit
 * price they saw), so a cart or a price that changed in the meantime is refused instead of ordered
 * unseen.
 */
export const placeOrderBodySchema = z.object({
  checkoutKey: z.uuid({ error: CHECKOUT_KEY_MESSAGE }),
  delivery: deliverySchema,
  items: z
    .array(
      z.object({
        pKey: z.string({ error: ITEMS_MESSAGE }).min(1, ITEMS_MESSAGE).max(64, ITEMS_MESSAGE),
        qty: z
          .number({ error: ITEMS_MESSAGE })
          .int(ITEMS_MESSAGE)
          .min(QUANTITY_MIN, ITEMS_MESSAGE)
          .max(QUANTITY_MAX, ITEMS_MESSAGE),
        /** The unit price the customer saw; when sent, a price changed since is refused. */
        unitPriceCents: z
          .number({ error: ITEMS_MESSAGE })
          .int(ITEMS_MESSAGE)
          .min(0, ITEMS_MESSAGE)
          .optional(),
      }),
      { error: ITEMS_MESSAGE },
    )
    .min(1, ITEMS_MESSAGE)
    .max(MAX_CHECKOUT_LINES, ITEMS_MESSAGE)
    .optional(),
});

/**
 * The body of POST /api/checkout/card: the delivery details (validated again) and, optionally, the
 * lines the customer is looking at.
 */
export const cardCheckoutBodySchema = placeOrderBodySchema.pick({ delivery: true, items: true });

export type PlaceOrderBody = z.output<typeof placeOrderBodySchema>;
export type ReviewedItem = NonNullable<PlaceOrderBody["items"]>[number];
