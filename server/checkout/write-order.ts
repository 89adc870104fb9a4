import "server-only";
import { sql } from "drizzle-orm";
import type { Delivery } from "@/lib/validation/checkout";
import type { CartLine } from "./cart-lines";
import { fulfilmentFor, stockTakenBy } from "./cart-rules";
import { deliveryColumns } from "./delivery-columns";
import type { ReviewedLines } from "./review-order-lines";
import { stillOrderable, stockAsRead } from "./still-orderable";
import {
  isStockShortError,
  stockChangeRows,
  toStockChanges,
  type StockChange,
} from "@/server/catalog/product-stock";
import type { Db } from "@/server/db/client";
import {
  isSlotFullError,
  keepOrderPickups,
  pickedWindows,
  type ResolvedPickup,
} from "@/server/pickup/resolve-choices";
import { executeRendered, renderStatement } from "@/server/db/named-statement";

export type WrittenOrder =
  | { outcome: "created"; orderId: number; orderNo: string; stockChanges: StockChange[] }
  /** The cart rows were ordered, removed or changed by someone else since they were read. */
  | { outcome: "cart_changed" }
  /**
   * The cart was as read, but an ordered product no longer passes the check it passed when read:
   * withdrawn, out of stock, no longer paid in person, at another price or currency, or with less
   * left than a line takes (another order took it since).
   */
  | { outcome: "products_changed" }
  /** The cart was as read, but an order with this checkout key exists already. */
  | { outcome: "key_taken" };

type Row = {
  cart_unchanged: boolean;
  products_unchanged: boolean;
  order_id: number | null;
  order_no: string | null;
  stock_changes: Parameters<typeof toStockChanges>[0];
};

/**
 * Writes a reviewed pay-in-person checkout in one statement (one round trip, its own transaction):
 * the order, its lines and the removal of the ordered cart rows, or nothing at all. Amounts and
 * line copies are the ones `reviewOrderLines` checked; this only makes sure they still describe
 * the cart. It locks the member's ordered cart rows in id order, as every checkout does, and
 * writes only when each is still there with the quantity that was read and each product still
 * passes the check `reviewOrderLines` made (active, in stock, offered for pay in person, at the
 * price and in the currency that were read); the order insert skips a checkout key already used
 * (the unique key waits for a concurrent insert of it to commit).
 *
 * Stock (decision 0042): each line of a limited product takes `qty × unit_weight` from it in this
 * same statement, once the order row is written: its products are locked in id order and updated
 * without a read first, and products_available_qty_non_negative refuses a take that would leave
 * less than nothing. That refusal (another order took the last units between this statement's
 * snapshot and its lock) rolls the whole statement back, and is answered `products_changed`, so
 * the next check names the product and what is left. The line keeps what it took
 * (`order_items.stock_taken`), for a cancel to give back.
 *
 * Pickup windows (decision 0050): a window with a capacity takes one place for its date in this
 * same statement, by an upsert of its `pickup_slots` row (locked in window and date order, after
 * the products' stock); pickup_slots_within_capacity refuses a take past the capacity, which rolls
 * the whole statement back like a stock shortfall, answered `products_changed` so the next check
 * names the full window and offers the next. The order keeps its windows (`order_pickups`).
 *
 * Lock order is the one every checkout and cancel keeps (drizzle/0008 and 0015): the cart rows,
 * then the limited products in product id order (their stock), then the farmers' line counters in
 * farmer id order (the lines' insert trigger fires at the end of the statement), then the products
 * in product id order (the sales trigger at commit, in the order the lines were inserted: by
 * product id here). Unlimited products are re-checked as this statement's snapshot sees them,
 * never locked before the commit (decision 0026): an edit committed after that snapshot comes
 * after this order, as if the farmer had made it a moment later.
 */
export async function writeOrder(
  db: Db,
  input: {
    customerId: number;
    checkoutKey: string;
    delivery: Delivery;
    reviewed: ReviewedLines;
    pickups?: readonly ResolvedPickup[];
  },
): Promise<WrittenOrder> {
  const { customerId, checkoutKey, delivery, reviewed } = input;
  const pickups = input.pickups ?? [];
  const d = deliveryColumns(delivery);
  const lines = JSON.stringify(reviewed.lines.map((line) => orderLine(line, delivery)));
  const passes = stillOrderable("in_person", {
    unitPriceCents: sql`ordered.unit_price_cents`,
    currency: sql`${reviewed.currency}::currency`,
    stock: stockAsRead(sql`ordered.stock_taken`),
  });
  const statement = sql`
    with ordered as (
      select * from jsonb_to_recordset(${lines}::jsonb) as l(
        cart_item_id int, qty int, product_id int, merchant_id int, product_name text,
        unit_price_cents int, unit_weight numeric, unit_weight_symbol text,
        delivery_service delivery_service, stock_taken numeric)
    ),
    locked as (
      select c.id, c.qty, c.product_id from cart_items c
      where c.member_id = ${customerId} and c.id in (select cart_item_id from ordered)
      order by c.id
      for update
    ),
    unchanged as (
      select count(*) = ${reviewed.lines.length}::int as cart_ok,
        count(*) filter (where ${passes}) = ${reviewed.lines.length}::int as products_ok
      from locked
      join ordered on ordered.cart_item_id = locked.id and ordered.qty = locked.qty
        and ordered.product_id = locked.product_id
      join products p on p.id = ordered.product_id
    ),
    new_order as (
      insert into orders (customer_id, checkout_key, payment_type, payment_status, currency,
        total_cents, delivery_destination, first_name, last_name, email, phone, address, city,
        province_state, country, postal_code)
      select ${customerId}::int, ${checkoutKey}::text, 'in_person', 'not_required',
        ${reviewed.currency}::currency, ${reviewed.totalCents}::int,
        ${d.deliveryDestination}::delivery_destination, ${d.firstName}::text,
        ${d.lastName}::text, ${d.email}::text, ${d.phone}::text, ${d.address}::text,
        ${d.city}::text, ${d.provinceState}::text, ${d.country}::text, ${d.postalCode}::text
      from unchanged where cart_ok and products_ok
      on conflict (checkout_key) do nothing
      returning id, order_no
    ),
    stock_locked as (
      select p.id from products p
      where p.id in (select product_id from ordered where stock_taken is not null)
        and exists (select 1 from new_order)
      order by p.id
      for update
    ),
    taken as (
      update products p set available_qty = p.available_qty - l.stock_taken
      from ordered l
      where p.id = l.product_id and l.stock_taken is not null
        and p.id in (select id from stock_locked)
      returning p.id, p.merchant_id, p.status, p.in_stock, p.unit_weight, p.available_qty,
        -l.stock_taken as delta
    ),
    ${pickedWindows(pickups)},
    slots_taken as (
      insert into pickup_slots (window_id, day, taken, capacity)
      select window_id, day, 1, capacity from picked
      where capacity is not null and exists (select 1 from new_order)
      order by window_id, day
      on conflict (window_id, day) do update set taken = pickup_slots.taken + 1
      returning window_id, day
    ),
    ${keepOrderPickups},
    new_lines as (
      insert into order_items (order_id, product_id, merchant_id, product_name, unit_price_cents,
        unit_weight, unit_weight_symbol, qty, delivery_service, stock_taken)
      select new_order.id, l.product_id, l.merchant_id, l.product_name, l.unit_price_cents,
        l.unit_weight, l.unit_weight_symbol, l.qty, l.delivery_service, l.stock_taken
      from new_order cross join ordered l
      order by l.product_id
    ),
    emptied as (
      delete from cart_items
      where id in (select id from locked) and exists (select 1 from new_order)
    )
    select (select cart_ok from unchanged) as cart_unchanged,
      (select products_ok from unchanged) as products_unchanged,
      new_order.id as order_id, new_order.order_no,
      ${stockChangeRows(sql`taken`)} as stock_changes
    from (select 1) as one left join new_order on true`;
  // Named (decision 0015): its text is the same for every checkout and its plan cannot depend on
  // the values (one member's few cart rows by primary key, the lines as one jsonb value), so each
  // connection parses it once and PostgreSQL keeps one plan instead of planning every checkout.
  let rows: Row[];
  try {
    ({ rows } = await executeRendered<Row>(db, renderStatement(statement, { named: true })));
  } catch (error) {
    // Another order took the last units between this statement's snapshot and its lock.
    if (isStockShortError(error)) return { outcome: "products_changed" };
    // Another order took the last place of a chosen window: the next check says so.
    if (isSlotFullError(error)) return { outcome: "products_changed" };
    throw error;
  }
  const row = rows[0];
  if (row?.order_id != null && row.order_no != null)
    return {
      outcome: "created",
      orderId: row.order_id,
      orderNo: row.order_no,
      stockChanges: toStockChanges(row.stock_changes),
    };
  if (!row?.cart_unchanged) return { outcome: "cart_changed" };
  return row.products_unchanged ? { outcome: "key_taken" } : { outcome: "products_changed" };
}

/** One order line as the statement reads it: the product's copy and its cart row. */
function orderLine(line: CartLine, delivery: Delivery) {
  return {
    cart_item_id: line.cartItemId,
    qty: line.qty,
    product_id: line.productId,
    merchant_id: line.merchantId,
    product_name: line.name,
    unit_price_cents: line.unitPriceCents,
    unit_weight: line.unitWeight,
    unit_weight_symbol: line.unitWeightSymbol,
    delivery_service: fulfilmentFor(line.deliveryService, delivery.deliveryDestination),
    stock_taken: stockTakenBy(line),
  };
}
