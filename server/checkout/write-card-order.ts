import "server-only";
import { sql } from "drizzle-orm";
import type { Currency } from "@/lib/constants";
import type { deliveryColumns } from "./delivery-columns";
import { everyCardLineStillOrderable } from "./still-orderable";
import {
  giveBackStock,
  stockChangeRows,
  toStockChanges,
  type StockChange,
} from "@/server/catalog/product-stock";
import type { Db } from "@/server/db/client";
import type { PendingLine } from "@/server/db/schema";
import { giveBackSlots } from "@/server/pickup/pickup-slots";
import {
  keepOrderPickups,
  pickedWindows,
  type ResolvedPickup,
} from "@/server/pickup/resolve-choices";

/**
 * How long a card order awaiting payment holds its lines' stock (decision 0042): time to fill in
 * the card and pass the bank's check (3-D Secure). Every call of the card checkout for the same
 * order (the payment page loading, and the form asking again just before it confirms) holds it
 * this long again; after it the reconciler gives the stock back, and the order is replaced by a
 * new one (taking the stock again) when the customer comes back.
 */
export const CARD_STOCK_HOLD_MINUTES = 20;
export const CARD_STOCK_HOLD = sql.raw(`interval '${CARD_STOCK_HOLD_MINUTES} minutes'`);

export type CardOrderValues = ReturnType<typeof deliveryColumns> & {
  currency: Currency;
  totalCents: number;
  pendingLines: PendingLine[];
  /** The pickup windows chosen, one per farm by farm id (what makes two checkouts the same). */
  pickups: { windowId: number; day: string }[];
};

/**
 * Writes a checked card checkout as an order awaiting payment, in one statement that writes only
 * if every product still passes the check it passed when read (active, in stock, paid by card with
 * a farm ready for payouts, at the price and in the currency of the total, with what each line
 * takes still left): the pay-in-person re-check of decision 0026, so no order (and no intent) is
 * made for a product the farmer changed since the check. The caller holds the member's cart rows
 * and has set aside the order that awaited payment, if any (a member has at most one).
 *
 * The same statement takes the lines' stock (decision 0042): the limited products, locked in id
 * order, each lose what its line takes by a conditional update (never below 0), and the order is
 * inserted, holding that stock for CARD_STOCK_HOLD_MINUTES, only when every line got its share.
 * The statement never fails on stock, so the caller's transaction goes on: in the rare race where
 * another order took the last units of one product between this statement's snapshot and its
 * lock, the shares it did take are given back by a second statement, and the caller reads and
 * checks again.
 *
 * Pickup windows (decision 0050): the windows chosen are kept on the order (`order_pickups`), and
 * each with a capacity takes one place for its date in the same statement, after the stock, by a
 * conditional upsert (never past the capacity); the order is inserted only when every one got its
 * place, and holds them like its stock (`stock_held_until`, given back by `releaseCardHolds`). In
 * the rare race where another order took a window's last place meanwhile, what was taken goes
 * back the same way as the stock, and the caller's next check names the full window.
 *
 * @returns the new order's id and the stock it changed, or null when a product changed since it
 *   was read
 */
export async function writeCardOrder(
  tx: Db,
  {
    customerId,
    values,
    pickups = [],
  }: { customerId: number; values: CardOrderValues; pickups?: readonly ResolvedPickup[] },
): Promise<{ orderId: number; stockChanges: StockChange[] } | null> {
  const lines = sql`${JSON.stringify(values.pendingLines)}::jsonb`;
  const currency = sql`${values.currency}::currency`;
  const holds =
    values.pendingLines.some((line) => line.stockTaken) ||
    pickups.some((pickup) => pickup.capacity !== null);
  const { rows } = await tx.execute<{
    id: number | null;
    stock_changes: Parameters<typeof toStockChanges>[0];
    taken: { product_id: number; amount: string }[] | null;
    slots: { window_id: number; day: string }[] | null;
  }>(sql`
    with checked as (
      select ${everyCardLineStillOrderable(lines, currency)} as ok
    ),
    needs as (
      select l."productId" as product_id, l."stockTaken"::numeric as amount
      from jsonb_to_recordset(${lines}) as l("productId" int, "stockTaken" text)
      where l."stockTaken" is not null
    ),
    stock_locked as (
      select p.id from products p
      where p.id in (select product_id from needs) and (select ok from checked)
      order by p.id
      for update
    ),
    taken as (
      update products p set available_qty = p.available_qty - n.amount
      from needs n
      where p.id = n.product_id and p.id in (select id from stock_locked)
        and p.available_qty >= n.amount
      returning p.id, p.merchant_id, p.status, p.in_stock, p.unit_weight, p.available_qty,
        -n.amount as delta
    ),
    ${pickedWindows(pickups)},
    slots_taken as (
      insert into pickup_slots as s (window_id, day, taken, capacity)
      select window_id, day, 1, capacity from picked
      where capacity is not null and (select ok from checked)
        and (select count(*) from taken) = (select count(*) from needs)
      order by window_id, day
      on conflict (window_id, day) do update set taken = s.taken + 1
        where s.taken < s.capacity
      returning s.window_id, s.day
    ),
    new_order as (
      insert into orders (customer_id, payment_type, payment_status, currency, total_cents,
        pending_lines, delivery_destination, first_name, last_name, email, phone, address, city,
        province_state, country, postal_code, stock_held_until)
      select ${customerId}::int, 'card', 'pending', ${currency}, ${values.totalCents}::int,
        ${lines}, ${values.deliveryDestination}::delivery_destination, ${values.firstName}::text,
        ${values.lastName}::text, ${values.email}::text, ${values.phone}::text,
        ${values.address}::text, ${values.city}::text, ${values.provinceState}::text,
        ${values.country}::text, ${values.postalCode}::text,
        ${holds ? sql`now() + ${CARD_STOCK_HOLD}` : sql`null::timestamptz`}
      where (select ok from checked)
        and (select count(*) from taken) = (select count(*) from needs)
        and (select count(*) from slots_taken)
          = (select count(*) from picked where capacity is not null)
      returning id
    ),
    ${keepOrderPickups}
    select (select id from new_order) as id, ${stockChangeRows(sql`taken`)} as stock_changes,
      (select json_agg(json_build_object('product_id', id, 'amount', -delta)) from taken)
        as taken,
      (select json_agg(json_build_object('window_id', window_id, 'day', day)) from slots_taken)
        as slots`);
  const row = rows[0];
  if (row?.id != null) return { orderId: row.id, stockChanges: toStockChanges(row.stock_changes) };
  // Another order took a window's last place meanwhile: the places taken go back.
  await giveBackSlots(tx, row?.slots ?? []);
  // Another order took the last units of one line meanwhile: the others' shares go back.
  const partial = row?.taken ?? [];
  if (partial.length > 0)
    await giveBackStock(
      tx,
      sql`freed as (select * from jsonb_to_recordset(${JSON.stringify(partial)}::jsonb)
        as f(product_id int, amount numeric))`,
    );
  return null;
}
