import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { PickupChoice } from "@/lib/validation/pickup";
import { pickupTimeLabel } from "@/lib/pickup/format";
import type { Db } from "@/server/db/client";
import { conflict } from "@/server/errors";
import { windowOccurrences, type WindowOccurrence } from "./offered-windows";

/** The window an order takes at one farm, as the order's statement writes it. */
export type ResolvedPickup = {
  merchantId: number;
  windowId: number;
  day: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  placeName: string;
  placeAddress: string;
  capacity: number | null;
};

export type PickupFarm = { merchantId: number; name: string };

export const ONE_WINDOW_PER_FARM_MESSAGE = "Please choose one pickup time per farm.";
export const NOT_A_FARMS_WINDOW_MESSAGE =
  "The pickup time you chose is not offered by a farm in your order. Please choose a pickup time again.";

/** "Sat, Dec 12, 9:00 a.m. – 12:00 p.m. at Market stall" */
export function occurrenceLabel(o: WindowOccurrence | ResolvedPickup): string {
  return `${pickupTimeLabel(o)} at ${o.placeName}`;
}

function why(o: WindowOccurrence): string {
  if (o.closed) return "closed that day";
  if (o.pastCutoff) return "past its order cut-off";
  return "full";
}

/**
 * Checks the pickup windows a store-pickup checkout names (one per farm of the order) against the
 * windows open now, in one statement for all the farms, and answers what the order writes. A farm
 * without windows keeps the spec's pickup (no time). `choices` undefined (an old client) orders as
 * before. A window full, closed, past its cut-off or of another farm is refused with a message that
 * says so and offers the farm's next open window; a farm with open windows and no choice is
 * refused too. The capacity itself is taken in the order's statement (decision 0050): this check
 * only gives the clear message first.
 */
export async function resolvePickupChoices(
  db: Db,
  input: {
    farms: readonly PickupFarm[];
    choices: readonly PickupChoice[] | undefined;
    at?: Date;
    /** Places the member's own card order awaiting payment holds: they count as free for them. */
    own?: readonly PickupChoice[];
  },
): Promise<ResolvedPickup[]> {
  const { farms, choices } = input;
  if (choices === undefined || farms.length === 0) return [];
  const occurrences = withOwnPlaces(
    await windowOccurrences(
      db,
      farms.map((f) => f.merchantId),
      input.at,
    ),
    input.own ?? [],
  );
  const resolved: ResolvedPickup[] = [];
  const chosenFarms = new Set<number>();
  for (const choice of choices) {
    const o = occurrences.find((x) => x.windowId === choice.windowId && x.day === choice.day);
    const farmOfWindow = occurrences.find((x) => x.windowId === choice.windowId)?.merchantId;
    if (farmOfWindow === undefined) throw conflict(NOT_A_FARMS_WINDOW_MESSAGE);
    if (chosenFarms.has(farmOfWindow)) throw conflict(ONE_WINDOW_PER_FARM_MESSAGE);
    chosenFarms.add(farmOfWindow);
    const farm = farms.find((f) => f.merchantId === farmOfWindow)!;
    if (!o || !o.open) {
      const next = occurrences.find((x) => x.merchantId === farmOfWindow && x.open);
      const chosen = o ? `(${occurrenceLabel(o)}) is ${why(o)}` : "is not offered on that date";
      throw conflict(
        `The pickup time you chose at ${farm.name} ${chosen}. ${
          next
            ? `The next open pickup time is ${occurrenceLabel(next)}. Please choose a pickup time again.`
            : `${farm.name} has no other pickup time open in the next four weeks.`
        }`,
      );
    }
    resolved.push({
      merchantId: o.merchantId,
      windowId: o.windowId,
      day: o.day,
      startsAt: o.startsAt,
      endsAt: o.endsAt,
      timeZone: o.timeZone,
      placeName: o.placeName,
      placeAddress: o.placeAddress,
      capacity: o.capacity,
    });
  }
  for (const farm of farms) {
    if (chosenFarms.has(farm.merchantId)) continue;
    const own = occurrences.filter((x) => x.merchantId === farm.merchantId);
    if (own.some((x) => x.open)) throw conflict(`Please choose a pickup time for ${farm.name}.`);
    if (own.length > 0)
      throw conflict(`${farm.name} has no pickup time open in the next four weeks.`);
  }
  return resolved.sort((a, b) => a.merchantId - b.merchantId);
}

/** The occurrences as the member sees them: a place their own open order holds is theirs. */
function withOwnPlaces(
  occurrences: WindowOccurrence[],
  own: readonly PickupChoice[],
): WindowOccurrence[] {
  if (own.length === 0) return occurrences;
  return occurrences.map((o) => {
    if (o.capacity === null || !own.some((h) => h.windowId === o.windowId && h.day === o.day))
      return o;
    const taken = Math.max(o.taken - 1, 0);
    return { ...o, taken, open: !o.closed && !o.pastCutoff && taken < o.capacity };
  });
}

/** The open windows of each farm, for the delivery step (one choice per farm). */
export async function offeredWindows(
  db: Db,
  farms: readonly PickupFarm[],
  at?: Date,
): Promise<{ farm: PickupFarm; options: WindowOccurrence[] }[]> {
  const occurrences = await windowOccurrences(
    db,
    farms.map((f) => f.merchantId),
    at,
  );
  return farms
    .map((farm) => ({
      farm,
      options: occurrences.filter((o) => o.merchantId === farm.merchantId && o.open),
    }))
    .filter((f) => f.options.length > 0);
}

/** The check that keeps a window's orders within its capacity: the last guard of every take. */
export const SLOT_CONSTRAINT = "pickup_slots_within_capacity";

/**
 * True when PostgreSQL refused a take past a window's capacity: another order took the last place
 * between the check and the statement. The statement wrote nothing; the caller checks again.
 */
export function isSlotFullError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const pg = e as { code?: string; constraint?: string; message?: string; cause?: unknown };
    if (
      pg.code === "23514" &&
      `${pg.constraint ?? ""} ${pg.message ?? ""}`.includes(SLOT_CONSTRAINT)
    )
      return true;
    e = pg.cause;
  }
  return false;
}

/** The pickups as the order's statement reads them (one jsonb value). */
export function pickupRows(pickups: readonly ResolvedPickup[]): string {
  return JSON.stringify(
    pickups.map((p) => ({
      merchant_id: p.merchantId,
      window_id: p.windowId,
      day: p.day,
      starts_at: p.startsAt,
      ends_at: p.endsAt,
      time_zone: p.timeZone,
      place_name: p.placeName,
      place_address: p.placeAddress,
      capacity: p.capacity,
    })),
  );
}

/** The WITH item `picked`: the windows an order takes, as the order's statement reads them. */
export function pickedWindows(pickups: readonly ResolvedPickup[]): SQL {
  return sql`picked as (
      select * from jsonb_to_recordset(${pickupRows(pickups)}::jsonb) as p(
        merchant_id int, window_id int, day date, starts_at timestamptz, ends_at timestamptz,
        time_zone text, place_name text, place_address text, capacity int))`;
}

/**
 * The WITH item `new_pickups`: the order's copy of its windows (from `picked`, once `new_order` is
 * written), each marked with the place it took in `slots_taken` (window_id, day), for a cancel or
 * a released hold to give back (decision 0050).
 */
export const keepOrderPickups: SQL = sql`new_pickups as (
      insert into order_pickups (order_id, merchant_id, window_id, day, starts_at, ends_at,
        time_zone, place_name, place_address, took_slot)
      select new_order.id, p.merchant_id, p.window_id, p.day, p.starts_at, p.ends_at,
        p.time_zone, p.place_name, p.place_address,
        (select count(*) from slots_taken s where s.window_id = p.window_id and s.day = p.day)::int
      from new_order cross join picked p)`;

/** A pickup window as the checkout pages show it. */
export type PickupOptionView = {
  windowId: number;
  day: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  placeName: string;
  placeAddress: string;
};
export type PickupFarmView = { merchantId: number; name: string; options: PickupOptionView[] };

function optionView(o: WindowOccurrence): PickupOptionView {
  return {
    windowId: o.windowId,
    day: o.day,
    startsAt: o.startsAt,
    endsAt: o.endsAt,
    timeZone: o.timeZone,
    placeName: o.placeName,
    placeAddress: o.placeAddress,
  };
}

/** The delivery step's choices: each farm of the cart with open windows, and those windows. */
export async function pickupFarmViews(
  db: Db,
  farms: readonly PickupFarm[],
): Promise<PickupFarmView[]> {
  return (await offeredWindows(db, farms)).map(({ farm, options }) => ({
    ...farm,
    options: options.map(optionView),
  }));
}

/** The windows a checkout chose, as the preview shows them (a choice no longer open is left out). */
export async function chosenPickupViews(
  db: Db,
  farms: readonly PickupFarm[],
  choices: readonly PickupChoice[] | undefined,
): Promise<(PickupOptionView & { farmName: string })[]> {
  if (!choices?.length) return [];
  const occurrences = await windowOccurrences(
    db,
    farms.map((f) => f.merchantId),
  );
  return choices.flatMap((c) => {
    const o = occurrences.find((x) => x.windowId === c.windowId && x.day === c.day);
    const farm = o && farms.find((f) => f.merchantId === o.merchantId);
    return o && farm ? [{ ...optionView(o), farmName: farm.name }] : [];
  });
}
