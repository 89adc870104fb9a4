import "server-only";
import { sql } from "drizzle-orm";
import { everyCardLineStillOrderable } from "./still-orderable";
import { followStockChanges, releaseCardHolds } from "@/server/catalog/product-stock";
import type { Db } from "@/server/db/client";

export type AbandonedOrder = { orderId: number; paymentIntentId: string | null };

/**
 * The member's card order awaiting payment is set aside (`abandoned`) when one of its own products
 * no longer passes the check it passed when the order was written: withdrawn, sold out, no longer
 * paid by card, its farm no longer ready for payouts, or repriced. Its intent can still be paid
 * from a tab that shows it, so the caller cancels that intent. An order whose products are
 * unchanged is left alone: a stale page refused by the check must not undo another tab's payment.
 * One statement, which re-checks the products as it sees them (decision 0026). An order whose
 * stock hold ran out counts as changed when a line's stock is not there any more; an abandoned
 * order gives back the stock it held (decision 0042).
 *
 * @returns the abandoned order, or null when none awaits payment or its products are unchanged
 */
export async function abandonChangedCardOrder(
  db: Db,
  customerId: number,
): Promise<AbandonedOrder | null> {
  const { rows } = await db.execute<{ id: number; payment_intent_id: string | null }>(sql`
    update orders o set payment_status = 'abandoned', updated_at = now()
    where o.customer_id = ${customerId} and o.payment_type = 'card'
      and o.payment_status in ('pending', 'failed')
      and not ${everyCardLineStillOrderable(
        sql`o.pending_lines`,
        sql`o.currency`,
        sql`o.stock_held_until is not null`,
      )}
    returning o.id, o.payment_intent_id`);
  const row = rows[0];
  if (!row) return null;
  // A crash between the two leaves the hold to run out: the reconciler gives it back then.
  const { changes } = await releaseCardHolds(db, sql`o.id = ${row.id}`);
  await followStockChanges(db, changes);
  return { orderId: row.id, paymentIntentId: row.payment_intent_id };
}
