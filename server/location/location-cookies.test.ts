import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.NEXTAUTH_SECRET = "location-cookie-secret-location-cookie-secret-1";
});

import {
  clearLocationCookies,
  decryptLocationCookie,
  encryptLocationCookie,
  parseRadiusCookie,
  readLocationCookies,
  writeLocationCookies,
} from "./location-cookies";
import type { ViewerLocation } from "./types";

const TORONTO: ViewerLocation = {
  latitude: 43.6426,
  longitude: -79.3871,
  radiusKm: 25,
  address: "290 Bremner Blvd.",
  city: "Toronto",
  provinceState: "ON",
  postalCode: "M5V 2T6",
  country: "CA",
};

/** A cookie store like next/headers' one, recording what was set. */
function jar(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  const sets: { name: string; value: string; options: Record<string, unknown> }[] = [];
  return {
    values,
    sets,
    get: (name: string) => (values.has(name) ? { value: values.get(name)! } : undefined),
    set: (name: string, value: string, options: Record<string, unknown>) => {
      sets.push({ name, value, options });
      values.set(name, value);
    },
  };
}

describe("the loc_address cookie", () => {
  it("round-trips a location and does not show it in clear text", () => {
    const value = encryptLocationCookie(TORONTO);
    expect(value).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(value).not.toContain("Toronto");
    expect(value).not.toContain("Bremner");
    const { radiusKm: _radius, ...place } = TORONTO;
    expect(decryptLocationCookie(value)).toEqual(place);
  });

  it("encrypts the same place differently each time (a fresh IV)", () => {
    expect(encryptLocationCookie(TORONTO)).not.toBe(encryptLocationCookie(TORONTO));
  });

  it("rejects a value that was changed, cut, forged or is missing", () => {
    const value = encryptLocationCookie(TORONTO);
    const body = Buffer.from(value.slice(3), "base64url");
    const flipped = Buffer.from(body);
    flipped[20] = flipped[20]! ^ 0x01;
    const forged = Buffer.from(JSON.stringify({ n: "CA", la: 0, lo: 0 })).toString("base64url");
    for (const bad of [
      `v1.${flipped.toString("base64url")}`,
      value.slice(0, -4),
      `v1.${forged}`,
      `v2.${value.slice(3)}`,
      "v1.",
      "",
      undefined,
    ]) {
      expect(decryptLocationCookie(bad)).toBeNull();
    }
  });

  it("rejects a value encrypted with another secret", async () => {
    const value = encryptLocationCookie(TORONTO);
    vi.resetModules();
    process.env.NEXTAUTH_SECRET = "another-secret-entirely-another-secret-entirely";
    const other = await import("./location-cookies");
    expect(other.decryptLocationCookie(value)).toBeNull();
    expect(other.decryptLocationCookie(other.encryptLocationCookie(TORONTO))).not.toBeNull();
  });
});

describe("the loc_radius cookie", () => {
  it.each([
    ["0", 0],
    ["5", 5],
    ["25", 25],
    ["50", 50],
  ])("reads %s as %i km", (value, km) => {
    expect(parseRadiusCookie(value)).toBe(km);
  });

  it.each(["7", "55", "-5", "10km", " 10", "1e1", "", undefined])(
    "reads %j as 0 (no limit)",
    (value) => {
      expect(parseRadiusCookie(value)).toBe(0);
    },
  );
});

describe("reading and writing both cookies", () => {
  it("writes httpOnly, SameSite=Lax, year-long cookies and reads them back", () => {
    const cookies = jar();
    writeLocationCookies(cookies, TORONTO);
    expect(cookies.sets.map((s) => s.name)).toEqual(["loc_address", "loc_radius"]);
    for (const { options } of cookies.sets) {
      expect(options).toMatchObject({
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        maxAge: 365 * 24 * 60 * 60,
      });
    }
    expect(cookies.values.get("loc_radius")).toBe("25");
    expect(readLocationCookies(cookies)).toEqual(TORONTO);
  });

  it("has no location without loc_address, and radius 0 without loc_radius", () => {
    expect(readLocationCookies(jar({ loc_radius: "25" }))).toBeNull();
    const onlyAddress = jar({ loc_address: encryptLocationCookie(TORONTO) });
    expect(readLocationCookies(onlyAddress)?.radiusKm).toBe(0);
  });

  it("expires both cookies when cleared", () => {
    const cookies = jar();
    clearLocationCookies(cookies);
    expect(cookies.sets).toEqual([
      expect.objectContaining({
        name: "loc_address",
        value: "",
        options: expect.objectContaining({ maxAge: 0 }),
      }),
      expect.objectContaining({
        name: "loc_radius",
        value: "",
        options: expect.objectContaining({ maxAge: 0 }),
      }),
    ]);
  });
});
