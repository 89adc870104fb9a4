import "server-only";
import { sql } from "drizzle-orm";
import type { Currency } from "@/lib/constants";
import type { deliveryColumns } from "./delivery-columns";
import { everyCardLineStillOrderable } from "./still-orderable";
import type { Db } from "@/server/db/client";
import type { PendingLine } from "@/server/db/schema";

export type CardOrderValues = ReturnType<typeof deliveryColumns> & {
  currency: Currency;
  totalCents: number;
  pendingLines: PendingLine[];
};

/**
 * Writes a checked card checkout as an order awaiting payment, in one statement that writes only
 * if every product still passes the check it passed when read (active, in stock, paid by card with
 * a farm ready for payouts, at the price and in the currency of the total): the pay-in-person
 * re-check of decision 0026, so no order (and no intent) is made for a product the farmer changed
 * since the check. The caller holds the member's cart rows and has set aside the order that
 * awaited payment, if any (a member has at most one).
 *
 * @returns the new order's id, or null when a product changed since it was read
 */
export async function writeCardOrder(
  tx: Db,
  { customerId, values }: { customerId: number; values: CardOrderValues },
): Promise<number | null> {
  const lines = sql`${JSON.stringify(values.pendingLines)}::jsonb`;
  const currency = sql`${values.currency}::currency`;
  const { rows } = await tx.execute<{ id: number }>(sql`
    insert into orders (customer_id, payment_type, payment_status, currency, total_cents,
      pending_lines, delivery_destination, first_name, last_name, email, phone, address, city,
      province_state, country, postal_code)
    select ${customerId}::int, 'card', 'pending', ${currency}, ${values.totalCents}::int, ${lines},
      ${values.deliveryDestination}::delivery_destination, ${values.firstName}::text,
      ${values.lastName}::text, ${values.email}::text, ${values.phone}::text,
      ${values.address}::text, ${values.city}::text, ${values.provinceState}::text,
      ${values.country}::text, ${values.postalCode}::text
    where ${everyCardLineStillOrderable(lines, currency)}
    returning id`);
  return rows[0]?.id ?? null;
}
