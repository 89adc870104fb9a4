import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/server/db/client";

/**
 * Giving a window's place back (decision 0050): what every writer that lets an order's pickup go
 * shares (a card hold that ran out or was abandoned, a cancel, a farmer's `cancelled` or
 * `refunded`, an admin's cancel). `order_pickups.took_slot` says what the order took; it is set to
 * 0 by a conditional update in the same statement that gives the place back, so a place is given
 * back once however often it is asked, and `pickup_slots.taken` never goes below 0.
 */

/**
 * The WITH items (to be followed by more, after a comma) that give back the places the
 * `order_pickups op` rows matching `where` took. The slots are locked in window and date order
 * (the order every checkout takes them in, after the products' stock). Data-modifying WITH items
 * run whether or not the rest of the statement reads them.
 */
export function placesGivenBack(where: SQL): SQL {
  return sql`places_let_go as (
      update order_pickups op set took_slot = 0
      from order_pickups was
      where was.order_id = op.order_id and was.merchant_id = op.merchant_id
        and op.took_slot > 0 and ${where}
      returning op.window_id, op.day, was.took_slot as took),
    places_back as (
      select window_id, day, sum(took)::int as n from places_let_go group by window_id, day),
    places_locked as (
      select s.window_id, s.day from pickup_slots s
      join places_back b on b.window_id = s.window_id and b.day = s.day
      order by s.window_id, s.day
      for update of s),
    places_given as (
      update pickup_slots s set taken = greatest(s.taken - b.n, 0)
      from places_back b
      where b.window_id = s.window_id and b.day = s.day
        and (s.window_id, s.day) in (select window_id, day from places_locked)
      returning s.window_id)`;
}

/**
 * Pairs (order, farm) whose every line of that farm in that order closes with the lines `ids`
 * (an int[] value): each line is one of them or already cancelled, refunded, cancelled by an admin
 * or being refunded; and none of them was handed over. The customer no longer comes for that farm,
 * so its window's place goes back. Read before the lines' status moves.
 */
export function farmsClosedBy(ids: SQL): SQL {
  return sql`(op.order_id, op.merchant_id) in (
      select i.order_id, i.merchant_id from order_items i
      where i.id = any(${ids})
        and not exists (
          select 1 from order_items o
          where o.order_id = i.order_id and o.merchant_id = i.merchant_id
            and (o.confirmed_at is not null or o.status = 'customer_received'
              or (o.id <> all(${ids}) and o.active and o.refund_requested_at is null
                and o.status not in ('cancelled', 'refunded')))))`;
}

/**
 * Gives back the places that `taken` ((window_id, day) pairs) took, one each, in one statement:
 * a card order whose statement took some places but could not be written (another order took the
 * last of something else meanwhile).
 */
export async function giveBackSlots(
  db: Db,
  taken: readonly { window_id: number; day: string }[],
): Promise<void> {
  if (taken.length === 0) return;
  await db.execute(sql`
    with back as (
      select window_id, day, count(*)::int as n
      from jsonb_to_recordset(${JSON.stringify(taken)}::jsonb) as t(window_id int, day date)
      group by window_id, day),
    locked as (
      select s.window_id, s.day from pickup_slots s
      join back b on b.window_id = s.window_id and b.day = s.day
      order by s.window_id, s.day
      for update of s)
    update pickup_slots s set taken = greatest(s.taken - b.n, 0)
    from back b
    where b.window_id = s.window_id and b.day = s.day
      and (s.window_id, s.day) in (select window_id, day from locked)`);
}

/**
 * A card order paid after its hold ran out (and gave its places back) takes them again, as far as
 * each window has room (decision 0030 places a paid order whatever happened): a conditional
 * update, never past the capacity. A window full meanwhile keeps the order's time without a place
 * of the capacity; the farm sees the order in its Pickups view like any other.
 *
 * @returns how many places could not be taken again
 */
export async function takePlacesAgain(db: Db, orderId: number): Promise<number> {
  const { rows } = await db.execute<{ wanted: number; got: number }>(sql`
    with wanted as (
      select op.merchant_id, op.window_id, op.day from order_pickups op
      join pickup_windows w on w.id = op.window_id
      where op.order_id = ${orderId} and op.took_slot = 0 and w.capacity is not null
      order by op.window_id, op.day),
    got as (
      update pickup_slots s set taken = s.taken + 1
      from wanted
      where s.window_id = wanted.window_id and s.day = wanted.day and s.taken < s.capacity
      returning s.window_id, s.day),
    marked as (
      update order_pickups op set took_slot = 1
      from got
      where op.order_id = ${orderId} and op.window_id = got.window_id and op.day = got.day)
    select (select count(*) from wanted)::int as wanted, (select count(*) from got)::int as got`);
  const row = rows[0];
  return Number(row?.wanted ?? 0) - Number(row?.got ?? 0);
}
