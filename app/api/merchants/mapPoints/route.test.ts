import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("next/cache", () => ({ cacheLife: () => {}, cacheTag: () => {} }));

import type { Db } from "@/server/db/client";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import { createCustomer, createMerchant } from "@/server/db/seed/factories";
import { GET } from "./route";

let db: Db;
beforeAll(async () => {
  db = await createRouteTestDb();
});
afterAll(() => closeTestDb(db));

async function get(query = "") {
  const response = await GET(new Request(`http://localhost:3000/api/merchants/mapPoints${query}`), {
    params: Promise.resolve({}),
  });
  return {
    status: response.status,
    cache: response.headers.get("cache-control"),
    body: (await response.json()) as Record<string, unknown>,
  };
}

describe("GET /api/merchants/mapPoints", () => {
  it("answers every visitor with { points } of merchants with coordinates, publicly cacheable", async () => {
    const farm = await createMerchant(db, {
      latitude: 43.65,
      longitude: -79.38,
      introduction: "Heirloom tomatoes.",
    });
    await createMerchant(db, { latitude: null, longitude: null });
    await createCustomer(db, { latitude: 43.6, longitude: -79.3 });
    const { status, cache, body } = await get();
    expect(status).toBe(200);
    expect(cache).toContain("public");
    expect(body).toEqual({
      points: [
        {
          latitude: 43.65,
          longitude: -79.38,
          username: farm.username,
          introduction: "Heirloom tomatoes.",
        },
      ],
    });
  });

  it("keeps to a bbox", async () => {
    const far = await createMerchant(db, { latitude: 49.28, longitude: -123.12 });
    const inside = (await get("?bbox=-124,49,-122.5,49.5")).body.points as { username: string }[];
    expect(inside.map((p) => p.username)).toEqual([far.username]);
    expect((await get("?bbox=-60,40,-59,41")).body).toEqual({ points: [] });
  });

  it.each(["?bbox=1,2,3", "?bbox=-79,44,-80,43", "?bbox=x,y,z,w"])(
    "answers 422 to %s",
    async (query) => {
      const { status, body } = await get(query);
      expect(status).toBe(422);
      expect(body).toEqual({
        message: "The bbox must be minLon,minLat,maxLon,maxLat in degrees.",
        errors: { bbox: ["The bbox must be minLon,minLat,maxLon,maxLat in degrees."] },
        requestId: expect.any(String),
      });
    },
  );
});
