import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// A visitor without location cookies.
vi.mock("next/headers", () => ({ cookies: async () => ({ get: () => undefined }) }));

import { encodeSessionToken, nowSeconds } from "@/server/auth/token";
import type { Db } from "@/server/db/client";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import {
  createCustomer,
  createLocalLocation,
  createMerchant,
  type Member,
} from "@/server/db/seed/factories";
import { GET } from "./route";

let db: Db;
beforeAll(async () => {
  db = await createRouteTestDb();
  for (let i = 0; i < 11; i++) {
    await createMerchant(db, {
      username: `orchard_${i}`,
      email: `orchard${i}@apples.example`,
      latitude: 43.65,
      longitude: -79.38,
    });
  }
  await createMerchant(db, {
    username: "ottawa_greens",
    city: "Ottawa",
    latitude: 45.42,
    longitude: -75.69,
  });
});
afterAll(() => closeTestDb(db));

type Answer = {
  merchants: Record<string, unknown>[];
  total: number;
  page: number;
  perPage: number;
  hasMore: boolean;
  nextCursor: string | null;
  errors?: unknown;
};

async function get(query: string, member?: Member) {
  const headers = new Headers();
  if (member) {
    const token = await encodeSessionToken({
      memberId: member.id,
      sessionVersion: member.sessionVersion,
      signedInAt: nowSeconds(),
    });
    headers.set("authorization", `Bearer ${token}`);
  }
  const response = await GET(
    new Request(`http://localhost:3000/api/merchants/list${query}`, { headers }),
    {
      params: Promise.resolve({}),
    },
  );
  return { status: response.status, body: (await response.json()) as Answer };
}

describe("GET /api/merchants/list", () => {
  it("answers 10 merchant cards a page with the total and a cursor, never an email", async () => {
    const { status, body } = await get("?keyword=orchard_");
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 11, page: 1, perPage: 10, hasMore: true });
    expect(body.merchants).toHaveLength(10);
    expect(Object.keys(body.merchants[0]!).sort()).toEqual([
      "avatar_image",
      "city",
      "id",
      "introduction",
      "province_state",
      "rating",
      "review_count",
      "username",
    ]);
    expect(JSON.stringify(body)).not.toContain("apples.example");

    const next = await get(`?keyword=orchard_&cursor=${body.nextCursor}`);
    expect(next.body).toMatchObject({ total: 11, page: 2, hasMore: false, nextCursor: null });
    expect(next.body.merchants).toHaveLength(1);
  });

  it("finds a farmer by the whole email only, and never answers it", async () => {
    const { body } = await get(`?keyword=${encodeURIComponent("Orchard3@Apples.example")}`);
    expect(body.merchants.map((m) => m.username)).toEqual(["orchard_3"]);
    expect(JSON.stringify(body)).not.toContain("apples.example");
    expect((await get("?keyword=apples.example")).body.total).toBe(0);
  });

  it("sanitises the keyword instead of failing", async () => {
    const { status, body } = await get(
      `?keyword=${encodeURIComponent("<script>x</script>ottawa")}`,
    );
    expect(status).toBe(200);
    expect(body.merchants.map((m) => m.username)).toEqual(["ottawa_greens"]);
    expect((await get(`?keyword=${encodeURIComponent("1; DROP TABLE members")}`)).body.total).toBe(
      12,
    );
  });

  it.each(["?page=0", "?page=x", "?page=500"])(
    "answers 422 'Invalid Page' to %s",
    async (query) => {
      const { status, body } = await get(query);
      expect(status).toBe(422);
      expect(body.errors).toEqual({ page: ["Invalid Page"] });
    },
  );

  it("keeps a signed-in customer's My Local radius", async () => {
    const customer = await createCustomer(db);
    await createLocalLocation(db, {
      memberId: customer.id,
      latitude: 45.4,
      longitude: -75.7,
      radiusKm: 10,
    });
    const { body } = await get("", customer);
    expect(body.merchants.map((m) => m.username)).toEqual(["ottawa_greens"]);
    expect(body.merchants[0]!.distanceKm).toBeLessThan(10);
  });
});
