/**
 * The card shoppers of the payment scenarios: customers of the dataset (spread over the id range)
 * with a cart of products the dataset already sells by card (its card farms have a payout account),
 * so nothing generated is changed to make a card sale possible. What the scenarios add is taken
 * back afterwards: their orders (the lines go with them, and the line triggers put the sales and
 * line counters back), the carts, the processed events, and the Stripe customer id each first
 * card checkout stores on the member, with the member's `updated_at` as it was.
 */
import { deliverySchema, type Delivery } from "@/lib/validation/checkout";
import { stream, weightTable } from "../data/prng";
import type { DbContext } from "../db/context";

export interface Shopper {
  id: number;
  delivery: Delivery;
}

export interface Shoppers {
  list: Shopper[];
  /** The last order id before the scenarios: theirs are above it. */
  ordersAbove: number;
  /** Card products the carts draw from, best sellers first, with their sales in 90 days. */
  productIds: number[];
  unitsSold: number[];
  /** What each member row was before (its Stripe customer id is written by the checkout). */
  memberUpdatedAt: Map<number, string>;
}

/** CAD customers with no cart, no Stripe customer yet and no card order awaiting payment. */
export async function pickShoppers(ctx: DbContext, count: number): Promise<Shoppers> {
  const { rows } = await ctx.raw.query<{
    id: number;
    first_name: string;
    last_name: string;
    email: string;
    phone: string;
    updated_at: string;
  }>(
    `with eligible as (
       select m.id, m.first_name, m.last_name, m.email, m.phone, m.updated_at::text as updated_at,
              row_number() over (order by m.id) as rank, count(*) over () as total
       from members m
       where m.member_type = 'customer' and m.currency = 'CAD' and m.phone is not null
         and m.stripe_customer_id is null
         and not exists (select 1 from cart_items c where c.member_id = m.id)
         and not exists (select 1 from orders o where o.customer_id = m.id and o.payment_type = 'card'
                         and o.payment_status in ('pending', 'failed')))
     select id, first_name, last_name, email, phone, updated_at from eligible
     where rank % greatest(1, total / $1) = 0 order by id limit $1`,
    [count],
  );
  if (rows.length < count) throw new Error(`only ${rows.length} CAD customers to shop by card`);
  const { rows: products } = await ctx.raw.query<{ id: number; units_sold_90d: number }>(
    `select p.id, p.units_sold_90d from products p join members f on f.id = p.merchant_id
     where p.status = 'active' and p.in_stock and p.pay_by_card and p.currency = 'CAD'
       and f.payout_acct_set and p.unit_price_cents >= 50
     order by p.units_sold_90d desc, p.id limit 2000`,
  );
  if (products.length < 100) throw new Error(`only ${products.length} CAD products sold by card`);
  const { rows: last } = await ctx.raw.query<{ max: number | null }>(
    "select max(id) as max from orders",
  );
  return {
    list: rows.map((r) => ({
      id: r.id,
      delivery: deliverySchema.parse({
        deliveryDestination: "store",
        firstName: r.first_name,
        lastName: r.last_name,
        email: r.email,
        phone: r.phone,
      }),
    })),
    ordersAbove: last[0]?.max ?? 0,
    productIds: products.map((p) => p.id),
    unitsSold: products.map((p) => p.units_sold_90d),
    memberUpdatedAt: new Map(rows.map((r) => [r.id, r.updated_at])),
  };
}

/**
 * Fills every shopper's cart: 1 to 3 card products of the pool, each drawn as often as it sold in
 * the last 90 days, so concurrent payments meet on the same products as the dataset's orders do.
 */
export async function fillCarts(ctx: DbContext, shoppers: Shoppers): Promise<number> {
  const rng = stream("harvest", "bench-card-carts");
  const popularity = weightTable(shoppers.unitsSold.map((units) => units + 1));
  const members: number[] = [];
  const products: number[] = [];
  const quantities: number[] = [];
  for (const shopper of shoppers.list) {
    const chosen = new Set<number>();
    const lines = rng.int(1, 3);
    while (chosen.size < lines) chosen.add(shoppers.productIds[rng.zipf(popularity)] as number);
    for (const productId of chosen) {
      members.push(shopper.id);
      products.push(productId);
      quantities.push(rng.int(1, 2));
    }
  }
  await ctx.raw.query(
    `insert into cart_items (member_id, product_id, qty)
     select * from unnest($1::int[], $2::int[], $3::int[])`,
    [members, products, quantities],
  );
  return members.length;
}

/** Takes back everything the scenarios added (see the file's comment). */
export async function removeTraces(
  ctx: DbContext,
  shoppers: Shoppers,
  eventIds: readonly string[],
): Promise<void> {
  const ids = shoppers.list.map((s) => s.id);
  await ctx.raw.query("delete from orders where customer_id = any($1::int[]) and id > $2", [
    ids,
    shoppers.ordersAbove,
  ]);
  await ctx.raw.query("delete from cart_items where member_id = any($1::int[])", [ids]);
  await ctx.raw.query("delete from stripe_events where id = any($1::text[])", [eventIds]);
  await ctx.raw.query(
    `update members m set stripe_customer_id = null, updated_at = was.updated_at::timestamptz
     from unnest($1::int[], $2::text[]) as was(id, updated_at) where m.id = was.id`,
    [ids, ids.map((id) => shoppers.memberUpdatedAt.get(id))],
  );
}

/**
 * A digest of what the scenarios touch, to compare before and after: row counts of orders, lines,
 * carts and events, the shoppers' member rows, the pool's sales counters and every farmer's line
 * counter.
 */
export async function fingerprint(ctx: DbContext, shoppers: Shoppers): Promise<string> {
  const { rows } = await ctx.raw.query<{ digest: string }>(
    `select concat_ws('/',
       (select count(*) from orders), (select count(*) from order_items),
       (select count(*) from cart_items), (select count(*) from stripe_events),
       (select md5(string_agg(m::text, ',' order by m.id)) from members m where m.id = any($1::int[])),
       (select md5(string_agg(p.id || ':' || p.units_sold_90d, ',' order by p.id))
          from products p where p.id = any($2::int[])),
       (select md5(string_agg(c.merchant_id || ':' || c.line_count, ',' order by c.merchant_id))
          from merchant_line_counts c)) as digest`,
    [shoppers.list.map((s) => s.id), shoppers.productIds],
  );
  return rows[0]?.digest ?? "";
}
