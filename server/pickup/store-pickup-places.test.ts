import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pickupPlaceSchema, pickupWindowSchema } from "@/lib/validation/pickup";
import type { Db } from "@/server/db/client";
import { createMerchant } from "@/server/db/seed/factories";
import { closeTestDb, createTestDb } from "@/tests/db";
import {
  addPickupPlace,
  addPickupWindow,
  getFarmPickupSetup,
  removePickupPlace,
  removePickupWindow,
} from "./farm-setup";
import { listStorePickupPlaces } from "./store-pickup-places";

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => closeTestDb(db));

const weekly = (placeId: number, weekday: number, startsAt: string, endsAt: string) =>
  pickupWindowSchema.parse({
    placeId,
    weekday,
    startsAt,
    endsAt,
    cutoffDaysBefore: 1,
    cutoffAt: "18:00",
    capacity: null,
  });

describe("the store page's pickup places", () => {
  it("lists places with their windows; the farm's own place by city only, and only with a window", async () => {
    const farm = await createMerchant(db, {
      address: "12 Concession Road 4",
      city: "Guelph",
      provinceState: "ON",
    });
    expect(await listStorePickupPlaces(db, farm.username)).toEqual({
      timeZone: "America/Toronto",
      places: [],
    });
    const { places } = await getFarmPickupSetup(db, farm.id);
    const stall = await addPickupPlace(
      db,
      farm.id,
      pickupPlaceSchema.parse({
        name: "Market stall",
        address: "2 Gordon St",
        city: "Guelph",
        provinceState: "ON",
        country: "CA",
        postalCode: "N1H 4G6",
      }),
    );
    // A stall shows before it has a window; the farm's own place does not.
    expect((await listStorePickupPlaces(db, farm.username)).places).toEqual([
      expect.objectContaining({ name: "Market stall", atFarm: false, windows: [] }),
    ]);
    await addPickupWindow(db, farm.id, weekly(stall.id, 6, "07:00", "13:00"));
    await addPickupWindow(db, farm.id, weekly(places[0]!.id, 3, "16:00", "19:00"));
    const gone = await addPickupWindow(db, farm.id, weekly(places[0]!.id, 1, "16:00", "19:00"));
    await removePickupWindow(db, farm.id, gone.id);
    const { places: listed } = await listStorePickupPlaces(db, farm.username);
    expect(listed).toEqual([
      {
        name: "At the farm",
        atFarm: true,
        address: "Guelph, ON",
        latitude: null,
        longitude: null,
        windows: [
          {
            weekday: 3,
            startsMinute: 960,
            endsMinute: 1140,
            cutoffDaysBefore: 1,
            cutoffMinute: 1080,
          },
        ],
      },
      expect.objectContaining({
        name: "Market stall",
        address: "2 Gordon St, Guelph, ON N1H 4G6",
        latitude: expect.any(Number),
        windows: [
          {
            weekday: 6,
            startsMinute: 420,
            endsMinute: 780,
            cutoffDaysBefore: 1,
            cutoffMinute: 1080,
          },
        ],
      }),
    ]);
    await removePickupPlace(db, farm.id, stall.id);
    expect((await listStorePickupPlaces(db, farm.username)).places.map((p) => p.name)).toEqual([
      "At the farm",
    ]);
  });
});
