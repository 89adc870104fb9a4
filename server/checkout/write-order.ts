import "server-only";
import { sql } from "drizzle-orm";
import type { Delivery } from "@/lib/validation/checkout";
import type { CartLine } from "./cart-lines";
import { fulfilmentFor } from "./cart-rules";
import { deliveryColumns } from "./delivery-columns";
import type { ReviewedLines } from "./review-order-lines";
import { stillOrderable } from "./still-orderable";
import type { Db } from "@/server/db/client";
import { executeRendered, renderStatement } from "@/server/db/named-statement";

export type WrittenOrder =
  | { outcome: "created"; orderId: number; orderNo: string }
  /** The cart rows were ordered, removed or changed by someone else since they were read. */
  | { outcome: "cart_changed" }
  /**
   * The cart was as read, but an ordered product no longer passes the check it passed when read:
   * withdrawn, out of stock, no longer paid in person, or at another price or currency.
   */
  | { outcome: "products_changed" }
  /** The cart was as read, but an order with this checkout key exists already. */
  | { outcome: "key_taken" };

type Row = {
  cart_unchanged: boolean;
  products_unchanged: boolean;
  order_id: number | null;
  order_no: string | null;
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
 * Lock order is the one every checkout and cancel keeps (drizzle/0008 and 0015): the cart rows,
 * then the farmers' line counters in farmer id order (the lines' insert trigger), then the
 * products in product id order (the sales trigger at commit, in the order the lines were
 * inserted: by product id here). Products are re-checked as this statement's snapshot sees them,
 * never locked before the commit (decision 0026): an edit committed after that snapshot comes
 * after this order, as if the farmer had made it a moment later.
 */
export async function writeOrder(
  db: Db,
  input: { customerId: number; checkoutKey: string; delivery: Delivery; reviewed: ReviewedLines },
): Promise<WrittenOrder> {
  const { customerId, checkoutKey, delivery, reviewed } = input;
  const d = deliveryColumns(delivery);
  const lines = JSON.stringify(reviewed.lines.map((line) => orderLine(line, delivery)));
  const passes = stillOrderable("in_person", {
    unitPriceCents: sql`ordered.unit_price_cents`,
    currency: sql`${reviewed.currency}::currency`,
  });
  const statement = sql`
    with ordered as (
      select * from jsonb_to_recordset(${lines}::jsonb) as l(
        cart_item_id int, qty int, product_id int, merchant_id int, product_name text,
        unit_price_cents int, unit_weight numeric, unit_weight_symbol text,
        delivery_service delivery_service)
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
    new_lines as (
      insert into order_items (order_id, product_id, merchant_id, product_name, unit_price_cents,
        unit_weight, unit_weight_symbol, qty, delivery_service)
      select new_order.id, l.product_id, l.merchant_id, l.product_name, l.unit_price_cents,
        l.unit_weight, l.unit_weight_symbol, l.qty, l.delivery_service
      from new_order cross join ordered l
      order by l.product_id
    ),
    emptied as (
      delete from cart_items
      where id in (select id from locked) and exists (select 1 from new_order)
    )
    select (select cart_ok from unchanged) as cart_unchanged,
      (select products_ok from unchanged) as products_unchanged,
      new_order.id as order_id, new_order.order_no
    from (select 1) as one left join new_order on true`;
  // Named (decision 0015): its text is the same for every checkout and its plan cannot depend on
  // the values (one member's few cart rows by primary key, the lines as one jsonb value), so each
  // connection parses it once and PostgreSQL keeps one plan instead of planning every checkout.
  const { rows } = await executeRendered<Row>(db, renderStatement(statement, { named: true }));
  const row = rows[0];
  if (row?.order_id != null && row.order_no != null)
    return { outcome: "created", orderId: row.order_id, orderNo: row.order_no };
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
  };
}
