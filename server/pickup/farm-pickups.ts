import "server-only";
import { sql } from "drizzle-orm";
import { DEFAULT_TIME_ZONE, REGION_ZONES } from "@/lib/pickup/time-zones";
import type { OrderStatus } from "@/lib/constants";
import type { Db } from "@/server/db/client";

/** How many days of windows the Pickups view shows, from today in the farm's zone. */
export const PICKUPS_VIEW_DAYS = 14;

export type PickupOrderLine = {
  productName: string;
  qty: number;
  unit: string;
  status: OrderStatus;
  handedOver: boolean;
};
export type PickupOrder = {
  orderNo: string;
  customerName: string;
  phone: string;
  lines: PickupOrderLine[];
  /** Every active line handed over (scanned or received). */
  handedOver: boolean;
};
export type PickupWindowDay = {
  windowId: number;
  day: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  placeName: string;
  placeAddress: string;
  orders: PickupOrder[];
  /** What to pack: per product and unit, the total across the window's orders still to hand over. */
  pack: { productName: string; unit: string; qty: number }[];
};

type Row = {
  window_id: number;
  day: string;
  starts_at: string | Date;
  ends_at: string | Date;
  time_zone: string;
  place_name: string;
  place_address: string;
  order_id: number;
  order_no: string;
  first_name: string;
  last_name: string;
  phone: string;
  product_name: string;
  qty: number;
  unit_weight: string;
  unit_weight_symbol: string | null;
  status: OrderStatus;
  confirmed: boolean;
};

function unitOf(unitWeight: string, symbol: string | null): string {
  if (!symbol) return "ea";
  return `× ${Number(unitWeight)} ${symbol}`;
}

/** A day of the next two weeks with pickups, and how many orders come then. */
export type PickupDay = { day: string; orders: number };

export type FarmPickups = {
  /** The days from today (the farm's zone) for two weeks that have orders to hand over. */
  days: PickupDay[];
  /** The day shown: the one asked for when it has pickups, else the first; null when none. */
  day: string | null;
  /** That day's windows, each with its orders and what to pack. */
  windows: PickupWindowDay[];
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The farm's pickup days (issue 41 item 5), phone first: which of the next two weeks' days (from
 * today in the farm's zone) have orders, and one day in full (today's or the next by default), its
 * windows with their orders, lines and handover state, and what to pack. Two statements, no query
 * per row: the days from order_pickups by (merchant_id, starts_at); then that day's pickups by the
 * same index, their orders by primary key and their lines of this farm by (order_id, product_id).
 * An order counts by its lines still to come (a card order awaiting payment has none yet; cancelled
 * and refunded lines are left out, and an order with nothing else with them).
 */
export async function listFarmPickups(
  db: Db,
  merchantId: number,
  { day: asked, at = new Date() }: { day?: string | null; at?: Date } = {},
): Promise<FarmPickups> {
  const zones = JSON.stringify(REGION_ZONES);
  const days = await db.execute<{ day: string; orders: number }>(sql`
    with farm as (
      select coalesce(m.time_zone, ${zones}::jsonb ->> upper(m.province_state), ${DEFAULT_TIME_ZONE})
        as tz
      from members m where m.id = ${merchantId}
    ),
    span as (
      select (date_trunc('day', ${at.toISOString()}::timestamptz at time zone tz) at time zone tz)
        as from_at from farm
    )
    select to_char(op.day, 'YYYY-MM-DD') as day, count(*)::int as orders
    from span
    join order_pickups op on op.merchant_id = ${merchantId}
      and op.starts_at >= span.from_at
      and op.starts_at < span.from_at + make_interval(days => ${PICKUPS_VIEW_DAYS})
    where exists (
      select 1 from order_items i
      where i.order_id = op.order_id and i.merchant_id = ${merchantId} and i.active
        and i.status not in ('cancelled', 'refunded'))
    group by op.day
    order by op.day`);
  const list = days.rows.map((r) => ({ day: r.day, orders: Number(r.orders) }));
  const day =
    asked && DAY.test(asked) && list.some((d) => d.day === asked) ? asked : (list[0]?.day ?? null);
  if (day === null) return { days: list, day, windows: [] };

  // The day's pickups: a window's start lies on its day in the zone the order kept, within a
  // day of midnight UTC either side, which keeps the read on the (merchant_id, starts_at) index.
  const { rows } = await db.execute<Row>(sql`
    select op.window_id, to_char(op.day, 'YYYY-MM-DD') as day, op.starts_at, op.ends_at,
      op.time_zone, op.place_name, op.place_address, o.id as order_id, o.order_no, o.first_name,
      o.last_name, o.phone, i.product_name, i.qty, i.unit_weight::text as unit_weight,
      i.unit_weight_symbol, i.status, (i.confirmed_at is not null) as confirmed
    from order_pickups op
    join orders o on o.id = op.order_id
    join order_items i on i.order_id = op.order_id and i.merchant_id = ${merchantId}
    where op.merchant_id = ${merchantId}
      and op.starts_at >= (${day}::date - 1)::timestamp at time zone 'UTC'
      and op.starts_at < (${day}::date + 2)::timestamp at time zone 'UTC'
      and op.day = ${day}::date
      and i.active and i.status not in ('cancelled', 'refunded')
    order by op.starts_at, op.window_id, o.id, i.product_name`);

  const windows = new Map<string, PickupWindowDay & { byOrder: Map<number, PickupOrder> }>();
  for (const r of rows) {
    const key = `${r.window_id}:${r.day}`;
    let w = windows.get(key);
    if (!w) {
      w = {
        windowId: r.window_id,
        day: r.day,
        startsAt: new Date(r.starts_at).toISOString(),
        endsAt: new Date(r.ends_at).toISOString(),
        timeZone: r.time_zone,
        placeName: r.place_name,
        placeAddress: r.place_address,
        orders: [],
        pack: [],
        byOrder: new Map(),
      };
      windows.set(key, w);
    }
    let order = w.byOrder.get(r.order_id);
    if (!order) {
      order = {
        orderNo: r.order_no,
        customerName: `${r.first_name} ${r.last_name}`,
        phone: r.phone,
        lines: [],
        handedOver: true,
      };
      w.byOrder.set(r.order_id, order);
      w.orders.push(order);
    }
    const handedOver = r.confirmed || r.status === "customer_received";
    const unit = unitOf(r.unit_weight, r.unit_weight_symbol);
    order.lines.push({
      productName: r.product_name,
      qty: r.qty,
      unit,
      status: r.status,
      handedOver,
    });
    if (!handedOver) order.handedOver = false;
    if (handedOver) continue;
    const packed = w.pack.find((p) => p.productName === r.product_name && p.unit === unit);
    if (packed) packed.qty += r.qty;
    else w.pack.push({ productName: r.product_name, unit, qty: r.qty });
  }
  return {
    days: list,
    day,
    windows: [...windows.values()].map(({ byOrder: _byOrder, ...w }) => ({
      ...w,
      pack: w.pack.sort((a, b) => a.productName.localeCompare(b.productName)),
    })),
  };
}
