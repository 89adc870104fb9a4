import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

const testState = vi.hoisted(() => {
  process.env.NEXTAUTH_SECRET = "location-service-secret-location-service-secret";
  return { cookies: new Map<string, string>() };
});
vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) =>
      testState.cookies.has(name) ? { name, value: testState.cookies.get(name)! } : undefined,
  }),
}));

import { eq } from "drizzle-orm";
import type { SessionMember } from "@/server/auth/session";
import type { Db } from "@/server/db/client";
import { localLocations } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { closeTestDb, createTestDb } from "@/tests/db";
import {
  createAdmin,
  createCustomer,
  createLocalLocation,
  createMerchant,
  type Member,
} from "@/server/db/seed/factories";
import { localLocationSchema } from "@/lib/validation/location";
import { clearViewerLocation } from "./clear-viewer-location";
import { getViewerLocation } from "./get-viewer-location";
import { LOCATION_NOT_FOUND_MESSAGE, saveViewerLocation } from "./save-viewer-location";

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => closeTestDb(db));
beforeEach(() => testState.cookies.clear());

function sessionOf(member: Member): SessionMember {
  return {
    id: member.id,
    userKey: member.userKey,
    username: member.username,
    memberType: member.memberType,
    firstName: member.firstName,
    currency: member.currency,
    phone: member.phone,
    hasCompleteProfile: true,
  };
}

/** The response cookies a route would send, written into the request cookies of the next call. */
function responseCookies() {
  const sets: { name: string; value: string; maxAge: number }[] = [];
  return {
    sets,
    set(name: string, value: string, options: { maxAge: number }) {
      sets.push({ name, value, maxAge: options.maxAge });
      if (options.maxAge === 0) testState.cookies.delete(name);
      else testState.cookies.set(name, value);
    },
  };
}

const toronto = (change: Record<string, unknown> = {}) =>
  localLocationSchema.parse({
    address: "290 Bremner Blvd",
    city: "Toronto",
    provinceState: "ON",
    postalCode: "M5V 2T6",
    country: "CA",
    radius: "25",
    ...change,
  });

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("a customer's My Local", () => {
  it("is saved in local_locations, geocoded, and read back", async () => {
    const customer = sessionOf(await createCustomer(db));
    const cookies = responseCookies();
    const saved = await saveViewerLocation(db, { member: customer, input: toronto(), cookies });
    expect(saved).toMatchObject({
      city: "Toronto",
      provinceState: "ON",
      postalCode: "M5V 2T6",
      radiusKm: 25,
    });
    expect(saved.latitude).toBeCloseTo(43.64, 1);
    expect(saved.longitude).toBeCloseTo(-79.39, 1);
    expect(cookies.sets).toEqual([]);
    expect(await getViewerLocation(db, customer)).toEqual(saved);
  });

  it("replaces the saved location on a second save", async () => {
    const customer = sessionOf(await createCustomer(db));
    await saveViewerLocation(db, {
      member: customer,
      input: toronto(),
      cookies: responseCookies(),
    });
    await saveViewerLocation(db, {
      member: customer,
      input: toronto({ address: "", postalCode: "", city: "Guelph", radius: "10" }),
      cookies: responseCookies(),
    });
    const rows = await db
      .select()
      .from(localLocations)
      .where(eq(localLocations.memberId, customer.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      city: "Guelph",
      postalCode: null,
      address: null,
      radiusKm: 10,
    });
    expect(rows[0]!.latitude).toBeCloseTo(43.55, 1);
  });

  it("fills the city and province from a postal code given alone", async () => {
    const customer = sessionOf(await createCustomer(db));
    const saved = await saveViewerLocation(db, {
      member: customer,
      input: localLocationSchema.parse({ postalCode: "m5v2t6", country: "Canada", radius: "0" }),
      cookies: responseCookies(),
    });
    expect(saved).toMatchObject({
      city: "Toronto",
      provinceState: "ON",
      postalCode: "M5V 2T6",
      radiusKm: 0,
    });
  });

  it("is forgotten when cleared", async () => {
    const customer = sessionOf(await createCustomer(db));
    await createLocalLocation(db, { memberId: customer.id });
    const cookies = responseCookies();
    await clearViewerLocation(db, { member: customer, cookies });
    expect(await getViewerLocation(db, customer)).toBeNull();
    expect(cookies.sets.map((s) => [s.name, s.maxAge])).toEqual([
      ["loc_address", 0],
      ["loc_radius", 0],
    ]);
  });

  it("is null for a customer without one, or with a row that has no point", async () => {
    const customer = sessionOf(await createCustomer(db));
    expect(await getViewerLocation(db, customer)).toBeNull();
    await createLocalLocation(db, { memberId: customer.id, latitude: null, longitude: null });
    expect(await getViewerLocation(db, customer)).toBeNull();
  });

  it("never reads the visitor cookies", async () => {
    const visitorCookies = responseCookies();
    await saveViewerLocation(db, { member: null, input: toronto(), cookies: visitorCookies });
    const customer = sessionOf(await createCustomer(db));
    expect(await getViewerLocation(db, customer)).toBeNull();
  });
});

describe("a visitor's My Local", () => {
  it("lives in the encrypted loc_address and the loc_radius cookies", async () => {
    const rowsBefore = await db.$count(localLocations);
    const cookies = responseCookies();
    const saved = await saveViewerLocation(db, { member: null, input: toronto(), cookies });
    expect(cookies.sets.map((s) => s.name)).toEqual(["loc_address", "loc_radius"]);
    expect(testState.cookies.get("loc_address")).not.toContain("Toronto");
    expect(testState.cookies.get("loc_radius")).toBe("25");
    expect(await getViewerLocation(db, null)).toEqual(saved);
    expect(await db.$count(localLocations)).toBe(rowsBefore);
  });

  it("is null when the address cookie was tampered with", async () => {
    await saveViewerLocation(db, { member: null, input: toronto(), cookies: responseCookies() });
    const value = testState.cookies.get("loc_address")!;
    // One character in the middle: all six of its bits are data (the last one of base64url may
    // carry unused bits, so changing it can leave the bytes as they were).
    const at = Math.floor(value.length / 2);
    testState.cookies.set(
      "loc_address",
      `${value.slice(0, at)}${value[at] === "A" ? "B" : "A"}${value.slice(at + 1)}`,
    );
    expect(await getViewerLocation(db, null)).toBeNull();
  });

  it("reads a changed radius cookie only when it is a valid radius", async () => {
    await saveViewerLocation(db, { member: null, input: toronto(), cookies: responseCookies() });
    testState.cookies.set("loc_radius", "35");
    expect((await getViewerLocation(db, null))?.radiusKm).toBe(35);
    testState.cookies.set("loc_radius", "33");
    expect((await getViewerLocation(db, null))?.radiusKm).toBe(0);
  });

  it("is forgotten when cleared", async () => {
    await saveViewerLocation(db, { member: null, input: toronto(), cookies: responseCookies() });
    await clearViewerLocation(db, { member: null, cookies: responseCookies() });
    expect(await getViewerLocation(db, null)).toBeNull();
  });
});

describe("places that cannot be found", () => {
  // A postal code that matches nothing with a known city uses the city (the geocoder's order).
  it.each([
    ["postalCode", { postalCode: "Z9Z 9Z9", city: "", provinceState: "" }],
    ["city", { postalCode: "", city: "Nowhereville", provinceState: "ON" }],
  ])(
    "answers on %s: 'Location not found. Please check the postal code or city.' (%j)",
    async (field, change) => {
      const customer = sessionOf(await createCustomer(db));
      const cookies = responseCookies();
      const error = await rejection(
        saveViewerLocation(db, { member: customer, input: toronto(change), cookies }),
      );
      expect(error.status).toBe(422);
      expect(error.fieldErrors).toEqual({ [field]: [LOCATION_NOT_FOUND_MESSAGE] });
      expect(await getViewerLocation(db, customer)).toBeNull();
      expect(cookies.sets).toEqual([]);
    },
  );

  it("saves nothing for a visitor either", async () => {
    const cookies = responseCookies();
    await rejection(
      saveViewerLocation(db, {
        member: null,
        input: toronto({ postalCode: "Z9Z 9Z9", city: "" }),
        cookies,
      }),
    );
    expect(cookies.sets).toEqual([]);
  });
});

describe("merchants and admins", () => {
  it.each([
    ["merchant", createMerchant],
    ["admin", createAdmin],
  ] as const)("a %s cannot save one, and has none", async (_type, create) => {
    const member = sessionOf(await create(db));
    const error = await rejection(
      saveViewerLocation(db, { member, input: toronto(), cookies: responseCookies() }),
    );
    expect(error.status).toBe(403);
    expect(error.message).toBe("My Local is for customers and visitors.");
    await createLocalLocation(db, { memberId: member.id });
    expect(await getViewerLocation(db, member)).toBeNull();
  });
});
