/**
 * Pickup places, weekly windows and closed dates (issue 41 item 3, decision 0050), and the window a
 * customer picks per farm at checkout.
 */
import { z } from "zod";
import { clockToMinute } from "@/lib/pickup/format";
import { FARM_TIME_ZONES } from "@/lib/pickup/time-zones";
import {
  address,
  checkRegionAndPostal,
  city,
  country,
  crossCheck,
  fail,
  id,
  integer,
  postalCode,
  provinceState,
  requiredText,
} from "./shared";
import { MSG } from "./messages";

export const PICKUP_MSG = {
  placeName: "Please give the place a name (80 characters at most).",
  weekday: "Please choose a day of the week.",
  time: "Please enter a time such as 09:00.",
  endBeforeStart: "The window must end after it starts.",
  cutoffDays: "Please choose how many days before the window orders close (0 to 13).",
  cutoffAfterWindow: "Orders must close before the window starts.",
  capacity: "Capacity must be a whole number of orders from 1 to 10000, or empty for no limit.",
  overlap: "This window overlaps another window at the same place on that day.",
  place: "This pickup place was not found.",
  window: "This pickup window was not found.",
  day: "Please enter a date such as 2026-12-25.",
  timeZone: "Please choose a time zone from the list.",
} as const;

/** A place of the farm's own besides its address: a market stall, a shop. */
export const pickupPlaceSchema = z
  .object({
    name: requiredText({ required: PICKUP_MSG.placeName, max: 80, invalid: PICKUP_MSG.placeName }),
    address: address(),
    city: city(),
    provinceState: provinceState(),
    country: country(),
    postalCode: postalCode(),
  })
  .check(crossCheck((value, ctx) => checkRegionAndPostal(value, ctx, "full")));

const clock = (message: string = PICKUP_MSG.time) =>
  z
    .string({ error: message })
    .meta({ pattern: "^\\s*\\d{1,2}:\\d{2}\\s*$" })
    .transform((s, ctx) => {
      const minute = clockToMinute(s);
      if (minute === null) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return minute;
    });

/**
 * A weekly window: the day (0 = Sunday), from–to as "HH:MM" in the farm's zone, the cut-off
 * (days before the window's day, at "HH:MM"), and an optional capacity of orders.
 */
export const pickupWindowSchema = z
  .object({
    placeId: id(PICKUP_MSG.place),
    weekday: integer(PICKUP_MSG.weekday, { min: 0, max: 6 }),
    startsAt: clock(),
    endsAt: clock(),
    cutoffDaysBefore: integer(PICKUP_MSG.cutoffDays, { min: 0, max: 13 }),
    cutoffAt: clock(),
    capacity: z
      .union([z.null(), z.literal(""), z.number({ error: PICKUP_MSG.capacity }), z.string()], {
        error: PICKUP_MSG.capacity,
      })
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v === null || v === "") return null;
        const n = typeof v === "string" ? (/^\s*\d+\s*$/.test(v) ? Number(v) : NaN) : v;
        if (!Number.isInteger(n) || n < 1 || n > 10_000) {
          ctx.addIssue({ code: "custom", message: PICKUP_MSG.capacity });
          return z.NEVER;
        }
        return n;
      }),
  })
  .check(
    crossCheck((value, ctx) => {
      const { startsAt, endsAt, cutoffDaysBefore, cutoffAt } = value;
      if (typeof startsAt === "number" && typeof endsAt === "number" && endsAt <= startsAt)
        fail(ctx, PICKUP_MSG.endBeforeStart, ["endsAt"]);
      if (
        cutoffDaysBefore === 0 &&
        typeof cutoffAt === "number" &&
        typeof startsAt === "number" &&
        cutoffAt > startsAt
      )
        fail(ctx, PICKUP_MSG.cutoffAfterWindow, ["cutoffAt"]);
      if (typeof startsAt === "number" && startsAt >= 1440)
        fail(ctx, PICKUP_MSG.time, ["startsAt"]);
      if (typeof cutoffAt === "number" && cutoffAt >= 1440)
        fail(ctx, PICKUP_MSG.time, ["cutoffAt"]);
    }),
  );

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date "YYYY-MM-DD" that exists. */
export const pickupDay = () =>
  z
    .string({ error: PICKUP_MSG.day })
    .meta({ pattern: DAY_PATTERN.source, format: "date" })
    .refine((s) => {
      if (!DAY_PATTERN.test(s)) return false;
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, PICKUP_MSG.day);

/** A date the farm hands nothing over. */
export const pickupClosedDateSchema = z.object({ day: pickupDay() });

/** The farm's time zone; null goes back to the one of its province/state. */
export const farmTimeZoneSchema = z.object({
  timeZone: z.union([z.null(), z.enum(FARM_TIME_ZONES as [string, ...string[]])], {
    error: PICKUP_MSG.timeZone,
  }),
});

/** The window a customer picks at one farm of the cart: the weekly window and its date. */
export const pickupChoiceSchema = z.object({
  windowId: id(PICKUP_MSG.window),
  day: pickupDay(),
});
/** One choice per farm; a cart spans few farms. */
export const pickupChoicesSchema = z
  .array(pickupChoiceSchema, { error: MSG.invalidValue })
  .max(50, MSG.invalidValue);

export type PickupPlaceInput = z.output<typeof pickupPlaceSchema>;
export type PickupWindowInput = z.output<typeof pickupWindowSchema>;
export type PickupChoice = z.output<typeof pickupChoiceSchema>;
