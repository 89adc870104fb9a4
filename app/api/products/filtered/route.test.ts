import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

const testState = vi.hoisted(() => {
  return { cookies: new Map<string, string>() };
});
// A visitor's My Local lives in cookies read through next/headers.
vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) =>
      testState.cookies.has(name) ? { name, value: testState.cookies.get(name)! } : undefined,
  }),
}));

import { COOKIE_NAMES } from "@/lib/constants";
import { encodeSessionToken, nowSeconds } from "@/server/auth/token";
import type { Db } from "@/server/db/client";
import { encryptLocationCookie } from "@/server/location/location-cookies";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import {
  createCustomer,
  createLocalLocation,
  createMerchant,
  createProduct,
  type Member,
} from "@/server/db/seed/factories";
import { GET } from "./route";

let db: Db;
const ids: Record<string, number> = {};
beforeAll(async () => {
  db = await createRouteTestDb();
  const toronto = await createMerchant(db, {
    username: "toronto_farm",
    latitude: 43.65,
    longitude: -79.38,
  });
  const barrie = await createMerchant(db, {
    username: "barrie_farm",
    latitude: 44.39,
    longitude: -79.69,
  });
  for (let i = 0; i < 14; i++)
    await createProduct(db, { merchantId: toronto.id, name: `Toronto Turnip ${i}` });
  ids.barrie = (await createProduct(db, { merchantId: barrie.id, name: "Barrie Beets" })).id;
  ids.exact = (await createProduct(db, { merchantId: barrie.id, name: "Turnip" })).id;
});
afterAll(() => closeTestDb(db));
beforeEach(() => testState.cookies.clear());

type Answer = {
  products: { id: number; title: string; distanceKm?: number | null }[];
  total: number;
  page: number;
  perPage: number;
  hasMore: boolean;
  nextCursor: string | null;
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
    new Request(`http://localhost:3000/api/products/filtered${query}`, { headers }),
    {
      params: Promise.resolve({}),
    },
  );
  return {
    status: response.status,
    body: (await response.json()) as Answer & { message?: string; errors?: unknown },
  };
}

describe("GET /api/products/filtered", () => {
  it("answers a visitor with one page of product cards and how to get the next", async () => {
    const { status, body } = await get("?keyword=turnip&sortType=latest");
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual([
      "hasMore",
      "nextCursor",
      "page",
      "perPage",
      "products",
      "total",
    ]);
    expect(body).toMatchObject({ total: 15, page: 1, perPage: 12, hasMore: true });
    expect(body.products).toHaveLength(12);
    // The exact name match comes first, whatever the sort.
    expect(body.products[0]!.id).toBe(ids.exact);
    expect(typeof body.nextCursor).toBe("string");

    const next = await get(`?keyword=turnip&sortType=latest&cursor=${body.nextCursor}`);
    expect(next.body).toMatchObject({
      total: 15,
      page: 2,
      perPage: 12,
      hasMore: false,
      nextCursor: null,
    });
    expect(next.body.products).toHaveLength(3);
    const seen = new Set(body.products.map((p) => p.id));
    expect(next.body.products.some((p) => seen.has(p.id))).toBe(false);
  });

  it("pages by number too", async () => {
    const { body } = await get("?keyword=turnip&page=2");
    expect(body).toMatchObject({ page: 2, hasMore: false });
    expect(body.products).toHaveLength(3);
  });

  it.each([
    ["a script tag, stripped", "?keyword=<script>alert(1)</script>beets", ["Barrie Beets"]],
    ["SQL-like text, cleared (every product)", "?keyword=' OR 1=1 --", null],
    ["an unknown sort, read as all", "?keyword=beets&sortType=cheapest", ["Barrie Beets"]],
  ])("sanitises %s instead of failing", async (_label, query, titles) => {
    const { status, body } = await get(query);
    expect(status).toBe(200);
    if (titles) expect(body.products.map((p) => p.title)).toEqual(titles);
    else expect(body.total).toBe(16);
  });

  it.each(["?page=0", "?page=abc", "?page=-1", "?page=1000"])(
    "answers 422 'Invalid Page' to %s",
    async (query) => {
      const { status, body } = await get(query);
      expect(status).toBe(422);
      expect(body.errors).toEqual({ page: ["Invalid Page"] });
    },
  );

  it("narrows to a signed-in customer's My Local radius, nearest first", async () => {
    const customer = await createCustomer(db);
    await createLocalLocation(db, {
      memberId: customer.id,
      latitude: 44.38,
      longitude: -79.7,
      radiusKm: 20,
    });
    const { body } = await get("?sortType=popular", customer);
    expect(body.products.map((p) => p.id)).toEqual([ids.exact!, ids.barrie!].sort((a, b) => b - a));
    expect(body.products.every((p) => typeof p.distanceKm === "number" && p.distanceKm < 20)).toBe(
      true,
    );
  });

  it("reads a visitor's My Local from the location cookies", async () => {
    testState.cookies.set(
      COOKIE_NAMES.locAddress,
      encryptLocationCookie({
        address: null,
        city: "Toronto",
        provinceState: "ON",
        postalCode: null,
        country: "CA",
        latitude: 43.66,
        longitude: -79.39,
      }),
    );
    testState.cookies.set(COOKIE_NAMES.locRadius, "0");
    const { body } = await get("?keyword=beets");
    expect(body.products).toHaveLength(1);
    expect(body.products[0]!.distanceKm).toBeGreaterThan(80);
    const all = await get("?sortType=latest");
    // Radius 0: every farm, the Toronto farm's products first.
    expect(all.body.total).toBe(16);
    expect(all.body.products[0]!.title).toMatch(/^Toronto Turnip/);
  });
});
