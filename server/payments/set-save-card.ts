import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { orders } from "@/server/db/schema";
import { notFoundError } from "@/server/errors";
import { idempotencyKeys } from "@/server/stripe/idempotency-keys";
import { callStripe } from "@/server/stripe/stripe-errors";
import type { StripeClient } from "@/server/stripe/stripe-client";

export const OPEN_ORDER_NOT_FOUND_MESSAGE =
  "This checkout is no longer open. Please reload the page.";

/**
 * The customer's "Save this card" choice, set on the order's PaymentIntent just before a new card
 * is confirmed: Stripe then keeps the card on the member's Customer for next time. Each change is
 * a new revision of the intent with its own idempotency key, taken under the order's row lock, so
 * a retried call never applies an older choice over a newer one.
 *
 * @throws AppError not_found: no open card order of this member's with that number
 */
export async function setSaveCard(
  db: Db,
  stripe: StripeClient,
  { customerId, orderNo, saveCard }: { customerId: number; orderNo: string; saveCard: boolean },
): Promise<void> {
  // Read before the transaction: inside it, the embedded database has one connection.
  const keys = await idempotencyKeys(db);
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        id: orders.id,
        intentId: orders.paymentIntentId,
        revision: orders.paymentIntentRevision,
      })
      .from(orders)
      .where(
        and(
          eq(orders.orderNo, orderNo),
          eq(orders.customerId, customerId),
          eq(orders.paymentType, "card"),
          inArray(orders.paymentStatus, ["pending", "failed"]),
        ),
      )
      .for("update");
    if (!order?.intentId) throw notFoundError(OPEN_ORDER_NOT_FOUND_MESSAGE);
    const intentId = order.intentId;
    const revision = order.revision + 1;
    await callStripe("update payment intent", () =>
      stripe.paymentIntents.update(
        intentId,
        { setup_future_usage: saveCard ? "off_session" : "" },
        { idempotencyKey: keys.paymentIntentUpdate(order.id, revision) },
      ),
    );
    await tx
      .update(orders)
      .set({ paymentIntentRevision: revision, updatedAt: sql`now()` })
      .where(eq(orders.id, order.id));
  });
}
