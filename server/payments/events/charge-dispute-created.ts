import "server-only";
import { eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { orders } from "@/server/db/schema";
import { log } from "@/server/log";
import { idOf } from "../stripe-states";
import { NO_EFFECT, type EventHandler } from "./types";

/**
 * A customer disputed a charge with their bank. The order is marked, so its farmers are not paid
 * out while the dispute is open (the payouts work reads `disputed_at`), and operators are told in
 * the log; the platform answers disputes from Stripe's dashboard.
 */
export const chargeDisputeCreated: EventHandler = {
  async apply(tx, event) {
    const dispute = event.data.object as Stripe.Dispute;
    const intentId = idOf(dispute.payment_intent);
    if (!intentId) return NO_EFFECT;
    const marked = await tx
      .update(orders)
      .set({ disputedAt: sql`coalesce(${orders.disputedAt}, now())`, updatedAt: sql`now()` })
      .where(eq(orders.paymentIntentId, intentId))
      .returning({ id: orders.id });
    if (marked[0])
      log.warn({ orderId: marked[0].id, dispute: dispute.id }, "a card payment is disputed");
    return NO_EFFECT;
  },
};
