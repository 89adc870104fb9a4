import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { centsToDecimalString } from "@/lib/money";
import type { Currency, OrderStatus } from "@/lib/constants";
import { escapeLikePattern } from "@/lib/validation/search";
import type { Db } from "@/server/db/client";
import { memberSearchText, members, orderSearchText, orders } from "@/server/db/schema";

/**
 * What the Orders Manager can do about paying the farm for a line (decision 0022):
 * - `payable`: an active, paid card line whose farm has not been paid: the Pay Merchant link;
 * - `paid`: the farm was paid (a transfer): the disabled Merchant Paid button;
 * - `in_person`: the customer pays the farm at the handover, nothing to transfer;
 * - `closed`: cancelled by an admin, cancelled, refunded or being refunded, or the card payment is
 *   not (or no longer) there: nothing to pay.
 */
export type MerchantPayment = "payable" | "paid" | "in_person" | "closed";

/** The spec's admin order (part 2 section 3), one order line, plus what the manager shows. */
export type AdminOrder = {
  id: number;
  orderId: number;
  orderNo: string;
  customerName: string;
  customerEmail: string;
  merchantName: string;
  merchantUsername: string;
  merchantEmail: string;
  productName: string;
  /** Decimal text in the order's currency ("4.50"). */
  unitPrice: string;
  currency: Currency;
  qty: number;
  quantity: number;
  createdAt: string;
  /** 0 once an admin cancelled the line. */
  active: 0 | 1;
  status: OrderStatus;
  paymentType: OrderPaymentType;
  merchantPayment: MerchantPayment;
  /** What the Cancel button does (adminCancelOf, the rule cancelOrderLine follows). */
  cancel: AdminCancel;
  /** When the farm confirmed the handover by scanning the customer's code (ISO), or null. */
  confirmedAt: string | null;
  /** The product's page, or null when the product was removed. */
  productUrl: string | null;
};

/** How the order was paid (the orders table's payment_type). */
export type OrderPaymentType = "card" | "in_person";

/** The most one search answers, newest first: an operator narrows the keyword rather than pages. */
export const ORDER_SEARCH_LIMIT = 50;

type Row = {
  id: number;
  order_id: number;
  order_no: string;
  customer_first: string;
  customer_last: string;
  customer_email: string;
  merchant_first: string;
  merchant_last: string;
  merchant_username: string;
  merchant_email: string;
  product_name: string;
  product_id: number;
  product_active: boolean;
  unit_price_cents: number;
  currency: Currency;
  qty: number;
  created_at: Date | string;
  active: boolean;
  status: OrderStatus;
  payment_type: OrderPaymentType;
  payment_status: string;
  merchant_paid_at: Date | string | null;
  refund_id: string | null;
  refund_requested_at: Date | string | null;
  confirmed_at: Date | string | null;
};

/** How many of the newest lines a product word is first tried on, before the trigram index. */
const RECENT_WINDOW = 1000;

/**
 * Orders Manager search (spec part 2: POST /api/scripts/findOrdersByKeyword): order lines whose
 * order number, customer name or email, product name, or farm (username, name, email) contains
 * the keyword (already sanitised), newest first, at most 50; an empty keyword lists the newest 50.
 *
 * One statement, built so that no keyword reads thousands of rows:
 * - a whole order number, customer email, farm username or farm email is found by equality on its
 *   own index (orders_order_no_unique, orders_email_lower_idx, the members' unique indexes), and
 *   then no substring search runs at all;
 * - otherwise orders and farms are matched through their trigram indexes (or, for a word the
 *   planner expects often, by reading the newest rows backwards);
 * - a product word common in lines ("tomatoes") is found among the newest 1,000 lines, read
 *   backwards on order_items_created_idx; only when those hold fewer than 50 matches does the
 *   trigram index on order_items.product_name run, and then the word is rare (a trigram scan of a
 *   common word would read tens of thousands of lines to keep 50). Each gate is a one-time filter
 *   PostgreSQL evaluates before the scan it guards.
 * Each matched order or farm then gives its newest lines through order_items_order_product_unique
 * or order_items_merchant_created_idx, so a farm with 100k lines costs 50 index entries.
 * A keyword under three characters, which trigrams cannot serve, matches exactly only.
 */
export async function findOrdersByKeyword(
  db: Db,
  { keyword }: { keyword: string },
): Promise<AdminOrder[]> {
  const limit = ORDER_SEARCH_LIMIT;
  const newest = sql`oi.created_at desc, oi.id desc`;
  const orderText = orderSearchText({
    orderNo: orders.orderNo,
    firstName: orders.firstName,
    lastName: orders.lastName,
    email: orders.email,
  });
  const farmText = memberSearchText(members);
  let candidates: SQL;
  if (!keyword) {
    candidates = sql`select oi.id, oi.created_at from order_items oi order by ${newest} limit ${limit}`;
  } else {
    const lower = keyword.toLowerCase();
    const pattern = `%${escapeLikePattern(keyword)}%`;
    const substring = keyword.length >= 3;
    // Whole values on their own indexes.
    const exactOrders = sql`
      (select ${orders.id} as id from ${orders} where ${orders.orderNo} = ${keyword.toUpperCase()})
      union all
      (select ${orders.id} from ${orders} where lower(${orders.email}) = ${lower}
        order by lower(${orders.email}), ${orders.id} desc limit ${limit})`;
    const exactFarms = sql`
      select ${members.id} as id from ${members}
       where ${members.memberType} = 'merchant'
         and (${members.username} = ${lower} or lower(${members.email}) = ${lower})`;
    const noExact = sql`not exists (select 1 from exact_orders) and not exists (select 1 from exact_farms)`;
    const ctes = substring
      ? sql`
        exact_orders as (${exactOrders}),
        exact_farms as (${exactFarms}),
        contains_orders as (
          select ${orders.id} as id from ${orders}
           where ${noExact} and (${orderText}) ilike ${pattern}
           order by ${orders.id} desc limit ${limit}),
        farms as (
          select id from exact_farms
          union
          (select ${members.id} from ${members}
            where ${noExact} and ${members.memberType} = 'merchant' and (${farmText}) ilike ${pattern}
            order by ${members.id} desc limit 20)),
        recent_lines as (
          select r.id, r.created_at
            from (select id, created_at, product_name from order_items oi
                   order by ${newest} limit ${RECENT_WINDOW}) r
           where ${noExact} and r.product_name ilike ${pattern}
           order by r.created_at desc, r.id desc limit ${limit}),
        older_lines as (
          select oi.id, oi.created_at from order_items oi
           where ${noExact} and (select count(*) from recent_lines) < ${limit}
             and oi.product_name ilike ${pattern}
           order by ${newest} limit ${limit}),
        matched_orders as (
          select id from exact_orders union select id from contains_orders)`
      : sql`
        exact_orders as (${exactOrders}),
        exact_farms as (${exactFarms}),
        farms as (select id from exact_farms),
        recent_lines as (select null::int as id, null::timestamptz as created_at where false),
        older_lines as (select null::int as id, null::timestamptz as created_at where false),
        matched_orders as (select id from exact_orders)`;
    candidates = sql`
      with ${ctes}
      (select oi.id, oi.created_at
         from matched_orders mo
         cross join lateral (
           select oi.id, oi.created_at from order_items oi where oi.order_id = mo.id
         ) oi
       order by ${newest} limit ${limit})
      union all
      (select oi.id, oi.created_at
         from farms mm
         cross join lateral (
           select oi.id, oi.created_at from order_items oi where oi.merchant_id = mm.id
           order by ${newest} limit ${limit}
         ) oi
       order by ${newest} limit ${limit})
      union all (select id, created_at from recent_lines)
      union all (select id, created_at from older_lines)`;
  }

  const { rows } = await db.execute<Row>(sql`
    with candidates as (${candidates}),
    page as (
      select distinct on (c.created_at, c.id) c.id, c.created_at from candidates c
      order by c.created_at desc, c.id desc
      limit ${limit}
    )
    select oi.id, oi.order_id, o.order_no,
           o.first_name as customer_first, o.last_name as customer_last, o.email as customer_email,
           m.first_name as merchant_first, m.last_name as merchant_last,
           m.username as merchant_username, m.email as merchant_email,
           oi.product_name, oi.product_id, (p.status = 'active') as product_active,
           oi.unit_price_cents, o.currency, oi.qty, oi.created_at, oi.active, oi.status,
           o.payment_type, o.payment_status, oi.merchant_paid_at, oi.refund_id,
           oi.refund_requested_at, oi.confirmed_at
      from page
      join order_items oi on oi.id = page.id
      join orders o on o.id = oi.order_id
      join members m on m.id = oi.merchant_id
      join products p on p.id = oi.product_id
     order by oi.created_at desc, oi.id desc`);
  return rows.map(toAdminOrder);
}

function toAdminOrder(row: Row): AdminOrder {
  const qty = Number(row.qty);
  return {
    id: Number(row.id),
    orderId: Number(row.order_id),
    orderNo: row.order_no,
    customerName: `${row.customer_first} ${row.customer_last}`,
    customerEmail: row.customer_email,
    merchantName: `${row.merchant_first} ${row.merchant_last}`,
    merchantUsername: row.merchant_username,
    merchantEmail: row.merchant_email,
    productName: row.product_name,
    unitPrice: centsToDecimalString(Number(row.unit_price_cents)),
    currency: row.currency,
    qty,
    quantity: qty,
    createdAt: new Date(row.created_at).toISOString(),
    active: row.active ? 1 : 0,
    status: row.status,
    paymentType: row.payment_type,
    merchantPayment: merchantPaymentOf(row),
    cancel: adminCancelOf(row),
    confirmedAt: row.confirmed_at ? new Date(row.confirmed_at).toISOString() : null,
    productUrl: row.product_active ? `/products/${row.product_id}` : null,
  };
}

/**
 * What an admin's Cancel can do to a line (issue 42): `cancel` it; nothing once an admin cancelled
 * it (`cancelled`); nothing once it was handed over and paid in person (`handed_over`: the
 * customer has the goods and the farm the money, and no money can move back through us). A card
 * line handed over can still be cancelled: that refunds the card.
 */
export type AdminCancel = "cancel" | "cancelled" | "handed_over";

export function adminCancelOf(line: {
  active: boolean;
  status: OrderStatus;
  payment_type: OrderPaymentType;
  confirmed_at: Date | string | null;
}): AdminCancel {
  if (!line.active) return "cancelled";
  const handedOver = line.status === "customer_received" || line.confirmed_at !== null;
  return handedOver && line.payment_type !== "card" ? "handed_over" : "cancel";
}

/** The rule of decision 0022, from the line's own columns. */
export function merchantPaymentOf(line: {
  active: boolean;
  status: OrderStatus;
  payment_type: OrderPaymentType;
  payment_status: string;
  merchant_paid_at: Date | string | null;
  refund_id: string | null;
  refund_requested_at: Date | string | null;
}): MerchantPayment {
  if (line.merchant_paid_at) return "paid";
  if (line.payment_type !== "card") return "in_person";
  const paid = line.payment_status === "paid" || line.payment_status === "partially_refunded";
  // A line whose refund is asked for is never paid out, done or not (decision 0037): Pay
  // Merchant's transfer leaves it out the same way.
  const open =
    line.active &&
    !line.refund_id &&
    !line.refund_requested_at &&
    !["cancelled", "refunded"].includes(line.status);
  return paid && open ? "payable" : "closed";
}
