import { z } from "zod";

/** The spec's plan URL names countries this way; usa pays in USD, canada in CAD. */
export const subscriptionCountrySchema = z.enum(["usa", "canada"], {
  error: "Choose usa or canada.",
});
/** Only the paid plans are bought; Basic is what every farm has without one. */
export const paidPlanSchema = z.enum(["engager", "harvest"], {
  error: "Choose the Engager or the Harvest plan.",
});

export const startSubscriptionSchema = z.strictObject({
  country: subscriptionCountrySchema,
  plan: paidPlanSchema,
});

export const changePlanSchema = z.strictObject({ plan: paidPlanSchema });
