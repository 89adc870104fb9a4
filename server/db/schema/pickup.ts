import { sql } from "drizzle-orm";
import {
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, happenedAt } from "./columns";
import { members } from "./members";
import { orders } from "./orders";
import { countryEnum } from "./shared";

/**
 * Where a farm hands orders over (issue 41 item 3, decision 0050). A place without an address is
 * the farm's own address, read from its profile when shown (one per farm); the others carry their
 * own address, geocoded when saved so the map can show them. Removed places stay for the orders
 * that name them.
 */
export const pickupPlaces = pgTable(
  "pickup_places",
  {
    id: serial("id").primaryKey(),
    merchantId: integer("merchant_id")
      .notNull()
      .references(() => members.id),
    name: text("name").notNull(),
    /** Null: the farm's own address (its profile's). */
    address: text("address"),
    city: text("city"),
    provinceState: text("province_state"),
    country: countryEnum("country"),
    postalCode: text("postal_code"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    removedAt: happenedAt("removed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("pickup_places_merchant_idx")
      .on(t.merchantId)
      .where(sql`${t.removedAt} is null`),
    uniqueIndex("pickup_places_farm_address_unique")
      .on(t.merchantId)
      .where(sql`${t.address} is null and ${t.removedAt} is null`),
  ],
);

/**
 * A weekly pickup window at a place, in the farm's time zone: `weekday` (0 = Sunday), from
 * `starts_minute` to `ends_minute` after midnight; orders close `cutoff_days_before` days before
 * the window's day at `cutoff_minute`; `capacity` orders at most (null: no limit). Removed windows
 * stay for the orders that name them.
 */
export const pickupWindows = pgTable(
  "pickup_windows",
  {
    id: serial("id").primaryKey(),
    placeId: integer("place_id")
      .notNull()
      .references(() => pickupPlaces.id),
    merchantId: integer("merchant_id")
      .notNull()
      .references(() => members.id),
    weekday: smallint("weekday").notNull(),
    startsMinute: smallint("starts_minute").notNull(),
    endsMinute: smallint("ends_minute").notNull(),
    cutoffDaysBefore: smallint("cutoff_days_before").notNull(),
    cutoffMinute: smallint("cutoff_minute").notNull(),
    capacity: integer("capacity"),
    removedAt: happenedAt("removed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("pickup_windows_merchant_idx")
      .on(t.merchantId)
      .where(sql`${t.removedAt} is null`),
    check("pickup_windows_weekday_range", sql`${t.weekday} between 0 and 6`),
    check(
      "pickup_windows_times",
      sql`${t.startsMinute} >= 0 and ${t.endsMinute} <= 1440 and ${t.startsMinute} < ${t.endsMinute}`,
    ),
    check(
      "pickup_windows_cutoff",
      sql`${t.cutoffDaysBefore} between 0 and 13 and ${t.cutoffMinute} between 0 and 1439 and (${t.cutoffDaysBefore} > 0 or ${t.cutoffMinute} <= ${t.startsMinute})`,
    ),
    check("pickup_windows_capacity_positive", sql`${t.capacity} is null or ${t.capacity} > 0`),
  ],
);

/** A date a farm hands nothing over (a holiday), in its time zone. */
export const pickupClosedDates = pgTable(
  "pickup_closed_dates",
  {
    merchantId: integer("merchant_id")
      .notNull()
      .references(() => members.id),
    day: date("day", { mode: "string" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day] })],
);

/**
 * The orders a window with a capacity took on one date. Taken by a conditional upsert in the
 * order's own statement; pickup_slots_within_capacity refuses a take past the capacity, which
 * rolls the whole order back (decision 0050).
 */
export const pickupSlots = pgTable(
  "pickup_slots",
  {
    windowId: integer("window_id")
      .notNull()
      .references(() => pickupWindows.id),
    day: date("day", { mode: "string" }).notNull(),
    taken: integer("taken").notNull(),
    capacity: integer("capacity").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.windowId, t.day] }),
    check("pickup_slots_within_capacity", sql`${t.taken} >= 0 and ${t.taken} <= ${t.capacity}`),
  ],
);

/**
 * The window a pickup order chose at one farm of its order (one per farm), with a copy of the
 * place and the times as they were when ordered, so later edits of the window do not move it.
 * Orders without a row are picked up as before (at the farm, no time).
 */
export const orderPickups = pgTable(
  "order_pickups",
  {
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    merchantId: integer("merchant_id")
      .notNull()
      .references(() => members.id),
    windowId: integer("window_id")
      .notNull()
      .references(() => pickupWindows.id),
    day: date("day", { mode: "string" }).notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    timeZone: text("time_zone").notNull(),
    placeName: text("place_name").notNull(),
    placeAddress: text("place_address").notNull(),
    /** Whether it took a place of the window's capacity (given back when the order is cancelled). */
    tookSlot: integer("took_slot").notNull().default(0),
    /** The day-before reminder was claimed (sent once, whichever instance claims it). */
    remindedAt: happenedAt("reminded_at"),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.merchantId] }),
    index("order_pickups_merchant_starts_idx").on(t.merchantId, t.startsAt),
    index("order_pickups_reminder_idx")
      .on(t.startsAt)
      .where(sql`${t.remindedAt} is null`),
  ],
);
