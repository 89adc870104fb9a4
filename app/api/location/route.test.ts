import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

const testState = vi.hoisted(() => {
  return {
    db: undefined as unknown,
    cookies: new Map<string, string>(),
    sets: [] as { name: string; value: string; options: Record<string, unknown> }[],
  };
});
// next/headers' cookie store of the request: reads what the browser sent, records what is set.
vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) =>
      testState.cookies.has(name) ? { name, value: testState.cookies.get(name)! } : undefined,
    set: (name: string, value: string, options: Record<string, unknown>) => {
      testState.sets.push({ name, value, options });
      if (options.maxAge === 0) testState.cookies.delete(name);
      else testState.cookies.set(name, value);
    },
  }),
}));

import { encodeSessionToken, nowSeconds } from "@/server/auth/token";
import type { Db } from "@/server/db/client";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import { createCustomer, createMerchant, type Member } from "@/server/db/seed/factories";
import { DELETE, GET, POST } from "./route";

const SITE = "http://localhost:3000";
const noParams = { params: Promise.resolve({}) };
let db: Db;

beforeAll(async () => {
  db = await createRouteTestDb();
});
afterAll(() => closeTestDb(db));
beforeEach(() => {
  testState.cookies.clear();
  testState.sets.length = 0;
});

const tokenFor = (m: Member) =>
  encodeSessionToken({
    memberId: m.id,
    sessionVersion: m.sessionVersion,
    signedInAt: nowSeconds(),
  });

function request(
  method: string,
  { token, body, origin = SITE }: { token?: string; body?: unknown; origin?: string | null } = {},
) {
  const headers = new Headers({ "content-type": "application/json" });
  if (origin) headers.set("origin", origin);
  if (token) headers.set("cookie", `_token=${token}`);
  return new Request(new URL("/api/location", SITE), {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function call(handler: typeof GET, req: Request) {
  const response = await handler(req, noParams);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const TORONTO = {
  address: "290 Bremner Blvd",
  city: "Toronto",
  provinceState: "ON",
  postalCode: "M5V 2T6",
  country: "CA",
  radius: "25",
};

describe("/api/location for a visitor", () => {
  it("saves My Local in the cookies and reads it back", async () => {
    const saved = await call(POST, request("POST", { body: TORONTO }));
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      message: "Nice, You are set!",
      location: {
        city: "Toronto",
        provinceState: "ON",
        postalCode: "M5V 2T6",
        country: "CA",
        radius: 25,
      },
    });
    expect(testState.sets.map((s) => s.name)).toEqual(["loc_address", "loc_radius"]);
    expect(testState.sets[0]!.options).toMatchObject({
      httpOnly: true,
      sameSite: "lax",
      path: "/",
    });

    const read = await call(GET, request("GET"));
    expect(read).toEqual({ status: 200, body: { location: saved.body.location } });
  });

  it("has no location before saving one", async () => {
    expect(await call(GET, request("GET"))).toEqual({ status: 200, body: { location: null } });
  });

  it("clears it", async () => {
    await call(POST, request("POST", { body: TORONTO }));
    const cleared = await call(DELETE, request("DELETE"));
    expect(cleared).toEqual({ status: 200, body: { message: "Your location has been cleared." } });
    expect(await call(GET, request("GET"))).toEqual({ status: 200, body: { location: null } });
  });

  it("refuses a write from another site's page", async () => {
    const forged = await call(
      POST,
      request("POST", { body: TORONTO, origin: "https://evil.example" }),
    );
    expect(forged.status).toBe(403);
    expect((await call(DELETE, request("DELETE", { origin: "https://evil.example" }))).status).toBe(
      403,
    );
    expect(testState.sets).toEqual([]);
  });
});

describe("/api/location for members", () => {
  it("saves a customer's My Local on the server, not in cookies", async () => {
    const customer = await createCustomer(db);
    const token = await tokenFor(customer);
    const saved = await call(POST, request("POST", { token, body: TORONTO }));
    expect(saved.status).toBe(200);
    expect(testState.sets).toEqual([]);
    expect((await call(GET, request("GET", { token }))).body.location).toEqual(saved.body.location);
    expect((await call(GET, request("GET"))).body.location).toBeNull();

    expect((await call(DELETE, request("DELETE", { token }))).status).toBe(200);
    expect((await call(GET, request("GET", { token }))).body.location).toBeNull();
  });

  it("refuses a merchant (My Local is for customers and visitors)", async () => {
    const token = await tokenFor(await createMerchant(db));
    expect(await call(POST, request("POST", { token, body: TORONTO }))).toEqual({
      status: 403,
      body: { message: "My Local is for customers and visitors.", requestId: expect.any(String) },
    });
    expect((await call(GET, request("GET", { token }))).body).toEqual({ location: null });
  });

  it("refuses a cookie-authenticated write from another site", async () => {
    const token = await tokenFor(await createCustomer(db));
    expect(
      (await call(POST, request("POST", { token, body: TORONTO, origin: "https://evil.example" })))
        .status,
    ).toBe(403);
  });
});

describe("POST /api/location validation", () => {
  const rows: [string, Record<string, unknown>, string][] = [
    ["radius", { radius: "7" }, "Invalid Radius"],
    ["radius", { radius: "55" }, "Invalid Radius"],
    ["radius", { radius: "-5" }, "Invalid Radius"],
    ["radius", { radius: "10km" }, "Invalid Radius"],
    ["radius", { radius: 2.5 }, "Invalid Radius"],
    ["address", { address: "290 Bremner Blvd, Toronto" }, "Invalid Address"],
    ["city", { city: "Toronto!" }, "Invalid City"],
    ["provinceState", { provinceState: "Ont" }, "Invalid Province/State"],
    ["provinceState", { provinceState: "NY" }, "Invalid Province/State"],
    ["postalCode", { postalCode: "M5V_2T6" }, "Invalid Postal code"],
    [
      "postalCode",
      { country: "US", provinceState: "NY", postalCode: "M5V 2T6" },
      "Invalid Zip code",
    ],
    ["country", { country: "Mexico" }, "Invalid Country"],
    ["country", { country: "" }, "Required Field"],
    ["city", { postalCode: "", city: "" }, "Required Field"],
    [
      "postalCode",
      { postalCode: "X9X 9X9", city: "" },
      "Location not found. Please check the postal code or city.",
    ],
    [
      "city",
      { postalCode: "", city: "Nowhereville" },
      "Location not found. Please check the postal code or city.",
    ],
  ];

  it.each(rows)(
    "answers 422 on %s for %j: %s, and saves nothing",
    async (field, change, message) => {
      const { status, body } = await call(
        POST,
        request("POST", { body: { ...TORONTO, ...change } }),
      );
      expect(status).toBe(422);
      expect((body.errors as Record<string, string[]>)[field]).toContain(message);
      expect(testState.sets).toEqual([]);
    },
  );

  it.each(["0", "5", "50", 30])("accepts the radius %j", async (radius) => {
    expect((await call(POST, request("POST", { body: { ...TORONTO, radius } }))).status).toBe(200);
  });

  it("answers 400 to a body that is not JSON", async () => {
    expect((await call(POST, request("POST", { body: "{not json" }))).status).toBe(400);
  });
});
