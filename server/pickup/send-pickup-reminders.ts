import "server-only";
import { sql } from "drizzle-orm";
import { createElement } from "react";
import { PickupReminderEmail } from "@/emails/pickup-reminder-email";
import { pickupTimeInFarmZone } from "@/lib/pickup/format";
import { startPeriodicJob } from "@/server/base/periodic-job";
import type { Db } from "@/server/db/client";
import { sendMail } from "@/server/email";
import { getEnv } from "@/server/env";
import { log } from "@/server/log";

/** The reminder goes from this minute of the day before the window (the farm's local time). */
export const REMINDER_FROM_MINUTE = 9 * 60;
/** How often each instance looks for reminders due. */
export const REMINDER_SWEEP_EVERY_MS = 5 * 60_000;

type Claimed = {
  order_id: number;
  order_no: string;
  customer_id: number;
  email: string;
  first_name: string;
  farm: string;
  place_name: string;
  place_address: string;
  starts_at: string | Date;
  ends_at: string | Date;
  time_zone: string;
};

/**
 * The day-before reminders (issue 41 item 5, decision 0050): each pickup due tomorrow, from
 * 9:00 the day before in the farm's zone until the window starts, is claimed by setting
 * `order_pickups.reminded_at` (`for update skip locked`, then `reminded_at is null` again under
 * the lock), so two sweeps or two instances mail it once. Left out: a cancelled order, one whose
 * lines at that farm are all cancelled, refunded or handed over, and one placed on the window's
 * own day (it needs no reminder). The customer's `pickup_reminder` setting (which follows their
 * order mails until set) is sendMail's to check; a claimed row is not looked at again. A mail that
 * fails is logged, not retried: a second reminder is worse than a missed one.
 *
 * @returns how many reminders were claimed
 */
export async function sendPickupReminders(
  db: Db,
  { now = new Date(), limit = 200 }: { now?: Date; limit?: number } = {},
): Promise<number> {
  const at = now.toISOString();
  const { rows } = await db.execute<Claimed>(sql`
    with due as (
      select op.order_id, op.merchant_id
      from order_pickups op
      join orders o on o.id = op.order_id
      where op.reminded_at is null
        and op.starts_at > ${at}::timestamptz
        and op.starts_at < ${at}::timestamptz + interval '2 days'
        and ${at}::timestamptz >= ((op.day - 1)::timestamp
          + make_interval(mins => ${REMINDER_FROM_MINUTE})) at time zone op.time_zone
        and o.created_at < op.day::timestamp at time zone op.time_zone
        and o.cancelled_at is null
        and exists (
          select 1 from order_items i
          where i.order_id = op.order_id and i.merchant_id = op.merchant_id and i.active
            and i.status not in ('cancelled', 'refunded', 'customer_received')
            and i.confirmed_at is null)
      order by op.starts_at
      limit ${limit}
      for update of op skip locked
    ),
    claimed as (
      update order_pickups op set reminded_at = ${at}::timestamptz
      from due
      where op.order_id = due.order_id and op.merchant_id = due.merchant_id
        and op.reminded_at is null
      returning op.order_id, op.merchant_id, op.place_name, op.place_address, op.starts_at,
        op.ends_at, op.time_zone
    )
    select c.order_id, o.order_no, o.customer_id, o.email, o.first_name, f.username as farm,
      c.place_name, c.place_address, c.starts_at, c.ends_at, c.time_zone
    from claimed c
    join orders o on o.id = c.order_id
    join members f on f.id = c.merchant_id
    order by c.starts_at, c.order_id`);
  const appUrl = getEnv().APP_URL;
  for (const row of rows) {
    const when = pickupTimeInFarmZone({
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      timeZone: row.time_zone,
    });
    try {
      await sendMail(db, {
        to: row.email,
        subject: `Reminder: pick up your order from ${row.farm} tomorrow`,
        category: "pickup_reminder",
        memberId: row.customer_id,
        react: createElement(PickupReminderEmail, {
          appUrl,
          firstName: row.first_name,
          orderNo: row.order_no,
          farm: row.farm,
          placeName: row.place_name,
          placeAddress: row.place_address,
          when,
        }),
      });
    } catch (error) {
      log.error({ err: error, orderId: row.order_id }, "pickup reminder not sent");
    }
  }
  return rows.length;
}

/** Starts the reminder sweep on this instance (instrumentation.ts); a second call does nothing. */
export function startPickupReminders(getDb: () => Promise<Db>): void {
  startPeriodicJob("pickup reminder sweep", REMINDER_SWEEP_EVERY_MS, () =>
    getDb().then((db) => sendPickupReminders(db)),
  );
}
