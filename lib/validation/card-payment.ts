import { z } from "zod";

const ORDER_MESSAGE = "This checkout is no longer open. Please reload the page.";

/** POST /api/checkout/card/saveCard: keep the new card on the member for next time, or not. */
export const saveCardSchema = z.object({
  orderNo: z.string({ error: ORDER_MESSAGE }).regex(/^[A-Z0-9]{1,32}$/, ORDER_MESSAGE),
  saveCard: z.boolean({ error: "Please choose whether to save the card." }),
});
