import "server-only";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { PICKUP_MSG, type PickupPlaceInput, type PickupWindowInput } from "@/lib/validation/pickup";
import { farmTimeZone } from "@/lib/pickup/time-zones";
import type { Db } from "@/server/db/client";
import { members, pickupClosedDates, pickupPlaces, pickupWindows } from "@/server/db/schema";
import { conflict, notFoundError, validationError } from "@/server/errors";
import { geocode } from "@/server/geo";

export const FARM_PLACE_NAME = "At the farm";

export type PickupPlace = {
  id: number;
  name: string;
  /** True for the farm's own address (from its profile). */
  atFarm: boolean;
  address: string;
  latitude: number | null;
  longitude: number | null;
};

export type PickupWindow = {
  id: number;
  placeId: number;
  weekday: number;
  startsMinute: number;
  endsMinute: number;
  cutoffDaysBefore: number;
  cutoffMinute: number;
  capacity: number | null;
};

export type FarmPickupSetup = {
  timeZone: string;
  /** True when the farm picked the zone; false when it follows its province/state. */
  timeZonePicked: boolean;
  places: PickupPlace[];
  windows: PickupWindow[];
  closedDates: string[];
};

/** "12 Farm Rd, Guelph, ON N1H 1A1" from the parts that are there. */
export function oneLineAddress(p: {
  address: string | null;
  city: string | null;
  provinceState: string | null;
  postalCode: string | null;
}): string {
  const region = [p.provinceState, p.postalCode].filter(Boolean).join(" ");
  return [p.address, p.city, region].filter(Boolean).join(", ");
}

/**
 * The farm's pickup places (its own address first, made on first read: every farm hands over at
 * its address unless it removes that place), windows, closed dates from today on, and time zone.
 */
export async function getFarmPickupSetup(db: Db, merchantId: number): Promise<FarmPickupSetup> {
  await db.insert(pickupPlaces).values({ merchantId, name: FARM_PLACE_NAME }).onConflictDoNothing();
  const [farm] = await db
    .select({
      timeZone: members.timeZone,
      address: members.address,
      city: members.city,
      provinceState: members.provinceState,
      postalCode: members.postalCode,
      latitude: members.latitude,
      longitude: members.longitude,
    })
    .from(members)
    .where(eq(members.id, merchantId));
  if (!farm) throw notFoundError();
  const timeZone = farmTimeZone(farm.timeZone, farm.provinceState);
  const [places, windows, closed] = await Promise.all([
    db
      .select()
      .from(pickupPlaces)
      .where(and(eq(pickupPlaces.merchantId, merchantId), isNull(pickupPlaces.removedAt)))
      .orderBy(sql`${pickupPlaces.address} is not null`, asc(pickupPlaces.id)),
    db
      .select({
        id: pickupWindows.id,
        placeId: pickupWindows.placeId,
        weekday: pickupWindows.weekday,
        startsMinute: pickupWindows.startsMinute,
        endsMinute: pickupWindows.endsMinute,
        cutoffDaysBefore: pickupWindows.cutoffDaysBefore,
        cutoffMinute: pickupWindows.cutoffMinute,
        capacity: pickupWindows.capacity,
      })
      .from(pickupWindows)
      .where(and(eq(pickupWindows.merchantId, merchantId), isNull(pickupWindows.removedAt)))
      .orderBy(asc(pickupWindows.weekday), asc(pickupWindows.startsMinute), asc(pickupWindows.id)),
    db
      .select({ day: pickupClosedDates.day })
      .from(pickupClosedDates)
      .where(
        and(
          eq(pickupClosedDates.merchantId, merchantId),
          sql`${pickupClosedDates.day} >= (now() at time zone ${timeZone})::date`,
        ),
      )
      .orderBy(asc(pickupClosedDates.day)),
  ]);
  return {
    timeZone,
    timeZonePicked: farm.timeZone != null,
    places: places.map((p) => {
      const atFarm = p.address == null;
      return {
        id: p.id,
        name: p.name,
        atFarm,
        address: oneLineAddress(atFarm ? farm : p),
        latitude: atFarm ? farm.latitude : p.latitude,
        longitude: atFarm ? farm.longitude : p.longitude,
      };
    }),
    windows,
    closedDates: closed.map((c) => c.day),
  };
}

/** Adds a place with its own address, placed on the map by the geocoder (offline tables or Mapbox). */
export async function addPickupPlace(
  db: Db,
  merchantId: number,
  input: PickupPlaceInput,
): Promise<{ id: number }> {
  const point = await geocode({
    address: input.address,
    city: input.city,
    provinceState: input.provinceState,
    country: input.country,
    postalCode: input.postalCode,
  });
  const [row] = await db
    .insert(pickupPlaces)
    .values({
      merchantId,
      name: input.name,
      address: input.address,
      city: input.city,
      provinceState: input.provinceState,
      country: input.country,
      postalCode: input.postalCode,
      latitude: point?.latitude ?? null,
      longitude: point?.longitude ?? null,
    })
    .returning({ id: pickupPlaces.id });
  return row!;
}

/** Removes one of the farm's places and its windows (orders already placed keep their copy). */
export async function removePickupPlace(
  db: Db,
  merchantId: number,
  placeId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await tx
      .update(pickupPlaces)
      .set({ removedAt: sql`now()` })
      .where(
        and(
          eq(pickupPlaces.id, placeId),
          eq(pickupPlaces.merchantId, merchantId),
          isNull(pickupPlaces.removedAt),
        ),
      )
      .returning({ id: pickupPlaces.id });
    if (removed.length === 0) throw notFoundError(PICKUP_MSG.place);
    await tx
      .update(pickupWindows)
      .set({ removedAt: sql`now()` })
      .where(and(eq(pickupWindows.placeId, placeId), isNull(pickupWindows.removedAt)));
  });
}

/**
 * Adds a weekly window at one of the farm's places. The place row is locked first, so two windows
 * added at once at one place cannot both pass the overlap check. Another farm's place answers as a
 * missing one.
 */
export async function addPickupWindow(
  db: Db,
  merchantId: number,
  input: PickupWindowInput,
): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const [place] = await tx
      .select({ id: pickupPlaces.id })
      .from(pickupPlaces)
      .where(
        and(
          eq(pickupPlaces.id, input.placeId),
          eq(pickupPlaces.merchantId, merchantId),
          isNull(pickupPlaces.removedAt),
        ),
      )
      .for("update");
    if (!place) throw validationError({ placeId: [PICKUP_MSG.place] }, PICKUP_MSG.place);
    const [overlapping] = await tx
      .select({ id: pickupWindows.id })
      .from(pickupWindows)
      .where(
        and(
          eq(pickupWindows.placeId, place.id),
          isNull(pickupWindows.removedAt),
          eq(pickupWindows.weekday, input.weekday),
          sql`${pickupWindows.startsMinute} < ${input.endsAt} and ${pickupWindows.endsMinute} > ${input.startsAt}`,
        ),
      )
      .limit(1);
    if (overlapping)
      throw conflict(PICKUP_MSG.overlap, { fieldErrors: { startsAt: [PICKUP_MSG.overlap] } });
    const [row] = await tx
      .insert(pickupWindows)
      .values({
        placeId: place.id,
        merchantId,
        weekday: input.weekday,
        startsMinute: input.startsAt,
        endsMinute: input.endsAt,
        cutoffDaysBefore: input.cutoffDaysBefore,
        cutoffMinute: input.cutoffAt,
        capacity: input.capacity,
      })
      .returning({ id: pickupWindows.id });
    return row!;
  });
}

/** Removes a window from what customers are offered; orders that chose it keep it. */
export async function removePickupWindow(
  db: Db,
  merchantId: number,
  windowId: number,
): Promise<void> {
  const removed = await db
    .update(pickupWindows)
    .set({ removedAt: sql`now()` })
    .where(
      and(
        eq(pickupWindows.id, windowId),
        eq(pickupWindows.merchantId, merchantId),
        isNull(pickupWindows.removedAt),
      ),
    )
    .returning({ id: pickupWindows.id });
  if (removed.length === 0) throw notFoundError(PICKUP_MSG.window);
}

/** Closes a date (a holiday): no window on it is offered. Closing it twice is the same. */
export async function addClosedDate(db: Db, merchantId: number, day: string): Promise<void> {
  await db.insert(pickupClosedDates).values({ merchantId, day }).onConflictDoNothing();
}

export async function removeClosedDate(db: Db, merchantId: number, day: string): Promise<void> {
  await db
    .delete(pickupClosedDates)
    .where(and(eq(pickupClosedDates.merchantId, merchantId), eq(pickupClosedDates.day, day)));
}

/** The farm's time zone; null follows its province/state again. */
export async function setFarmTimeZone(
  db: Db,
  merchantId: number,
  timeZone: string | null,
): Promise<void> {
  await db.update(members).set({ timeZone }).where(eq(members.id, merchantId));
}
