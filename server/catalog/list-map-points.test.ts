import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { members } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { closeTestDb, createTestDb } from "@/tests/db";
import { createCustomer, createMerchant } from "@/server/db/seed/factories";
import {
  INVALID_BBOX_MESSAGE,
  listMapPoints,
  MAP_POINTS_LIMIT,
  mapPointsInBoxQuery,
  parseBbox,
  type Bbox,
} from "./list-map-points";

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => closeTestDb(db));

/** Many merchants in one statement (the factory hashes a password per member, too slow for hundreds). */
async function insertMerchants(
  count: number,
  at: (i: number) => { latitude: number; longitude: number },
) {
  const stamp = Date.now().toString(36);
  await db.insert(members).values(
    Array.from({ length: count }, (_, i) => ({
      username: `bulk_${stamp}_${i}`,
      email: `bulk_${stamp}_${i}@example.com`,
      passwordHash: "not-a-real-hash",
      firstName: "Bulk",
      lastName: "Farm",
      memberType: "merchant" as const,
      introduction: `Bulk farm ${i}`,
      ...at(i),
    })),
  );
}

describe("parseBbox", () => {
  it("reads minLon,minLat,maxLon,maxLat and treats a missing box as none", () => {
    expect(parseBbox("-80.5,43.2,-79.1,44.1")).toEqual([-80.5, 43.2, -79.1, 44.1]);
    expect(parseBbox(" -80 , 43 , -79 , 44 ")).toEqual([-80, 43, -79, 44]);
    expect(parseBbox(null)).toBeNull();
    expect(parseBbox("")).toBeNull();
  });

  it.each([
    "-80,43,-79",
    "-80,43,-79,44,1",
    "a,b,c,d",
    "-80,43,-79,44;drop",
    "1e2,43,-79,44",
    "-79,43,-80,44",
    "-80,44,-79,43",
    "-181,43,-79,44",
    "-80,-91,-79,44",
    "-80,43,181,44",
    "-80,43,-80,44",
  ])("refuses %j with a field error", (value) => {
    let error: unknown;
    try {
      parseBbox(value);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(422);
    expect((error as AppError).fieldErrors).toEqual({ bbox: [INVALID_BBOX_MESSAGE] });
  });
});

describe("listMapPoints", () => {
  let inside: string;
  let outside: string;
  let unlocated: string;
  let locatedCustomer: string;
  let longIntro: string;

  beforeAll(async () => {
    inside = (await createMerchant(db, { latitude: 43.65, longitude: -79.38 })).username;
    outside = (await createMerchant(db, { latitude: 45.42, longitude: -75.69 })).username;
    unlocated = (await createMerchant(db, { latitude: null, longitude: null })).username;
    locatedCustomer = (await createCustomer(db, { latitude: 43.66, longitude: -79.4 })).username;
    longIntro = (
      await createMerchant(db, {
        latitude: 43.7,
        longitude: -79.42,
        introduction: "Fresh greens and more. ".repeat(20),
      })
    ).username;
  });

  it("gives only merchants with coordinates, with the four fields of a map point and nothing private", async () => {
    const points = await listMapPoints(db, { bbox: null });
    const names = points.map((p) => p.username);
    expect(names).toEqual(expect.arrayContaining([inside, outside, longIntro]));
    expect(names).not.toContain(unlocated);
    expect(names).not.toContain(locatedCustomer);
    for (const point of points)
      expect(Object.keys(point).sort()).toEqual([
        "introduction",
        "latitude",
        "longitude",
        "username",
      ]);
    expect(JSON.stringify(points)).not.toMatch(/@example\.com|password/);
  });

  it("places a farm to about a kilometre, not at its house", async () => {
    const exact = await createMerchant(db, { latitude: 43.654321, longitude: -79.387654 });
    const point = (await listMapPoints(db, { bbox: null })).find(
      (p) => p.username === exact.username,
    );
    expect(point).toMatchObject({ latitude: 43.65, longitude: -79.39 });
    const boxed = await listMapPoints(db, { bbox: [-79.4, 43.6, -79.3, 43.7] });
    expect(boxed.find((p) => p.username === exact.username)).toMatchObject({
      latitude: 43.65,
      longitude: -79.39,
    });
    // A box selects by the rounded point: shrinking it around the farm tells nothing more.
    const has = async (bbox: Bbox) =>
      (await listMapPoints(db, { bbox })).some((p) => p.username === exact.username);
    expect(await has([-79.3901, 43.6499, -79.3899, 43.6501])).toBe(true);
    expect(await has([-79.3878, 43.6542, -79.3875, 43.6545])).toBe(false);
  });

  it("lists the newest farms first without a box", async () => {
    const points = await listMapPoints(db, { bbox: null });
    expect(points.map((p) => p.username).indexOf(longIntro)).toBeLessThan(
      points.map((p) => p.username).indexOf(inside),
    );
  });

  it("cuts an introduction at 157 characters with an ellipsis", async () => {
    const full = "Fresh greens and more. ".repeat(20);
    const intro = (await listMapPoints(db, { bbox: null })).find(
      (p) => p.username === longIntro,
    )!.introduction!;
    expect(intro.endsWith("...")).toBe(true);
    const kept = intro.slice(0, -3);
    expect(kept.length).toBeLessThanOrEqual(157);
    expect(kept.length).toBeGreaterThan(150);
    expect(full.startsWith(kept)).toBe(true);
  });

  it("keeps a box to the farms inside it, nearest its centre first", async () => {
    const box: Bbox = [-79.6, 43.5, -79.2, 43.8];
    const names = (await listMapPoints(db, { bbox: box })).map((p) => p.username);
    expect(names).toContain(inside);
    expect(names).toContain(longIntro);
    expect(names).not.toContain(outside);
    const centred = (await listMapPoints(db, { bbox: [-79.5, 43.6, -79.34, 43.8] })).map(
      (p) => p.username,
    );
    expect(centred.indexOf(longIntro)).toBeLessThan(centred.indexOf(inside));
  });

  it("never answers more than the cap, with or without a box", async () => {
    await insertMerchants(MAP_POINTS_LIMIT + 20, (i) => ({
      latitude: 49 + (i % 50) * 0.01,
      longitude: -123 - Math.floor(i / 50) * 0.01,
    }));
    expect(await listMapPoints(db, { bbox: null })).toHaveLength(MAP_POINTS_LIMIT);
    const boxed = await listMapPoints(db, { bbox: [-124, 48.5, -122.5, 49.6] });
    expect(boxed).toHaveLength(MAP_POINTS_LIMIT);
    // Nearest the centre first: the farthest one kept is no nearer than any before it.
    const centre = { latitude: 49.05, longitude: -123.25 };
    const dist = (p: { latitude: number; longitude: number }) =>
      Math.hypot(
        p.latitude - centre.latitude,
        (p.longitude - centre.longitude) * Math.cos((49 * Math.PI) / 180),
      );
    expect(dist(boxed.at(-1)!)).toBeGreaterThanOrEqual(dist(boxed[0]!));
  });

  it("serves a box from the GiST index on the stored earth point, in distance order, bounded by the box", async () => {
    const { sql: text, params } = mapPointsInBoxQuery(db, [-79.6, 43.5, -79.2, 43.8]).toSQL();
    // Parameters inlined, so SET LOCAL and EXPLAIN share one transaction on any driver.
    const literal = (value: unknown) =>
      typeof value === "number" ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
    const inlined = text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
    const plan = await db.transaction(async (tx) => {
      // As the service runs it; and a test table is tiny, so sequential scans are off too.
      await tx.execute(sql`set local enable_bitmapscan = off`);
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(sql.raw(`explain ${inlined}`));
    });
    const lines = JSON.stringify(plan);
    expect(lines).toContain("Index Scan using members_merchant_geo_idx");
    expect(lines).toMatch(/Index Cond: [^"]*<@/);
    expect(lines).toMatch(/Order By: [^"]*<->/);
    expect(lines).not.toContain("Sort");
  });
});
