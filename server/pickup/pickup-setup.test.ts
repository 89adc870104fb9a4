import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pickupWindowSchema, pickupPlaceSchema, PICKUP_MSG } from "@/lib/validation/pickup";
import { pickupTimeLabel } from "@/lib/pickup/format";
import { farmTimeZone } from "@/lib/pickup/time-zones";
import type { Db } from "@/server/db/client";
import { pickupSlots } from "@/server/db/schema";
import { createMerchant } from "@/server/db/seed/factories";
import { AppError } from "@/server/errors";
import { closeTestDb, createTestDb } from "@/tests/db";
import {
  addClosedDate,
  addPickupPlace,
  addPickupWindow,
  getFarmPickupSetup,
  removePickupWindow,
  setFarmTimeZone,
} from "./farm-setup";
import { windowOccurrences } from "./offered-windows";

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => closeTestDb(db));

const window = (over: Record<string, unknown> = {}) => ({
  placeId: 1,
  weekday: 6,
  startsAt: "09:00",
  endsAt: "12:00",
  cutoffDaysBefore: 1,
  cutoffAt: "18:00",
  capacity: null,
  ...over,
});

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? [] : result.error!.issues.map((i) => i.message);
}

describe("pickup window input (issue 41: bad input)", () => {
  it("refuses an end before the start, a cut-off after the window and a capacity of 0", () => {
    expect(messages(pickupWindowSchema.safeParse(window({ endsAt: "08:00" })))).toEqual([
      PICKUP_MSG.endBeforeStart,
    ]);
    expect(
      messages(pickupWindowSchema.safeParse(window({ cutoffDaysBefore: 0, cutoffAt: "10:00" }))),
    ).toEqual([PICKUP_MSG.cutoffAfterWindow]);
    expect(messages(pickupWindowSchema.safeParse(window({ capacity: 0 })))).toEqual([
      PICKUP_MSG.capacity,
    ]);
    expect(messages(pickupWindowSchema.safeParse(window({ capacity: "ten" })))).toEqual([
      PICKUP_MSG.capacity,
    ]);
    expect(messages(pickupWindowSchema.safeParse(window({ startsAt: "25:00" })))).toContain(
      PICKUP_MSG.time,
    );
    expect(pickupWindowSchema.parse(window({ capacity: "12" })).capacity).toBe(12);
  });

  it("needs a whole address for a place", () => {
    expect(pickupPlaceSchema.safeParse({ name: "Market" }).success).toBe(false);
  });
});

describe("a farm's pickup setup", () => {
  it("starts with its own address, in its province's zone, and refuses overlaps and another farm's place", async () => {
    const farm = await createMerchant(db, { provinceState: "BC", city: "Victoria" });
    const other = await createMerchant(db);
    const setup = await getFarmPickupSetup(db, farm.id);
    expect(setup.timeZone).toBe("America/Vancouver");
    expect(setup.places).toHaveLength(1);
    expect(setup.places[0]).toMatchObject({ atFarm: true, name: "At the farm" });
    expect(setup.places[0]!.address).toContain("Victoria");
    // Reading again makes no second farm place.
    expect((await getFarmPickupSetup(db, farm.id)).places).toHaveLength(1);

    const placeId = setup.places[0]!.id;
    const w = pickupWindowSchema.parse(window({ placeId }));
    await addPickupWindow(db, farm.id, w);
    const overlap = await addPickupWindow(
      db,
      farm.id,
      pickupWindowSchema.parse(window({ placeId, startsAt: "11:00", endsAt: "13:00" })),
    ).catch((e: unknown) => e);
    expect(overlap).toBeInstanceOf(AppError);
    expect((overlap as AppError).message).toBe(PICKUP_MSG.overlap);
    // Back to back is not an overlap.
    await addPickupWindow(
      db,
      farm.id,
      pickupWindowSchema.parse(window({ placeId, startsAt: "12:00", endsAt: "13:00" })),
    );
    const foreign = await addPickupWindow(db, other.id, w).catch((e: unknown) => e);
    expect((foreign as AppError).message).toBe(PICKUP_MSG.place);
    expect((await getFarmPickupSetup(db, other.id)).windows).toHaveLength(0);

    await setFarmTimeZone(db, farm.id, "America/Edmonton");
    expect((await getFarmPickupSetup(db, farm.id)).timeZone).toBe("America/Edmonton");
  });

  it("geocodes a market stall from the offline tables", async () => {
    const farm = await createMerchant(db);
    const { id } = await addPickupPlace(
      db,
      farm.id,
      pickupPlaceSchema.parse({
        name: "Market stall",
        address: "93 Front St E",
        city: "Toronto",
        provinceState: "ON",
        country: "CA",
        postalCode: "M5E 1C3",
      }),
    );
    const place = (await getFarmPickupSetup(db, farm.id)).places.find((p) => p.id === id)!;
    expect(place.latitude).not.toBeNull();
    expect(place.address).toBe("93 Front St E, Toronto, ON M5E 1C3");
  });
});

describe("window occurrences for the next four weeks", () => {
  it("are in the farm's zone, and closed dates, past cut-offs and full windows are not open", async () => {
    const farm = await createMerchant(db, { provinceState: "ON" });
    const { places } = await getFarmPickupSetup(db, farm.id);
    // Saturdays 09:00–12:00 Toronto time, closing Friday 18:00; capacity 2.
    const { id: windowId } = await addPickupWindow(
      db,
      farm.id,
      pickupWindowSchema.parse(window({ placeId: places[0]!.id, capacity: 2 })),
    );
    // Friday 2026-12-11, 20:00 in Toronto (01:00 UTC Saturday): Dec 12's cut-off has passed.
    const at = new Date("2026-12-12T01:00:00Z");
    await addClosedDate(db, farm.id, "2026-12-26");
    await db.insert(pickupSlots).values({ windowId, day: "2026-12-19", taken: 2, capacity: 2 });
    const occ = await windowOccurrences(db, [farm.id], at);
    expect(occ.map((o) => o.day)).toEqual(["2026-12-12", "2026-12-19", "2026-12-26", "2027-01-02"]);
    expect(occ.map((o) => o.open)).toEqual([false, false, false, true]);
    expect(occ[0]).toMatchObject({ pastCutoff: true, closed: false, timeZone: "America/Toronto" });
    expect(occ[1]).toMatchObject({ taken: 2, capacity: 2 });
    expect(occ[2]!.closed).toBe(true);
    expect(occ[3]!.startsAt).toBe("2027-01-02T14:00:00.000Z");
    expect(occ[3]!.endsAt).toBe("2027-01-02T17:00:00.000Z");
    expect(pickupTimeLabel(occ[3]!)).toBe("Sat, Jan 2, 9:00 a.m. – 12:00 p.m.");
    expect(pickupTimeLabel(occ[3]!, "America/Vancouver")).toMatch(
      /^Sat, Jan 2, 9:00 a\.m\. – 12:00 p\.m\. EST \(Sat, Jan 2, 6:00 a\.m\. – 9:00 a\.m\. PST your time\)$/,
    );

    await removePickupWindow(db, farm.id, windowId);
    expect(await windowOccurrences(db, [farm.id], at)).toEqual([]);
  });

  it("falls back to the province's zone", () => {
    expect(farmTimeZone(null, "ns")).toBe("America/Halifax");
    expect(farmTimeZone("America/Regina", "ON")).toBe("America/Regina");
  });
});
