import { describe, expect, it } from "vitest";
import {
  distanceKm,
  geocode,
  geocodeOrThrow,
  LocationNotFoundError,
  type GeocodeInput,
} from "./index";

// The offline tables only: a developer's NEXT_PUBLIC_MAPBOX_TOKEN must not send tests to the network.
const offline = (input: GeocodeInput) => geocode(input, { mapboxToken: null });

/** Asserts the result lies within `km` of the expected point. */
async function expectNear(input: GeocodeInput, latitude: number, longitude: number, km: number) {
  const result = await offline(input);
  expect(result, JSON.stringify(input)).not.toBeNull();
  expect(distanceKm(result!, { latitude, longitude })).toBeLessThan(km);
  return result!;
}

describe("geocode with the offline tables", () => {
  it("places a Toronto FSA downtown and names the city", async () => {
    const result = await expectNear({ postalCode: "M5V" }, 43.64, -79.4, 2);
    expect(result).toMatchObject({
      city: "Toronto",
      provinceState: "ON",
      country: "CA",
      precision: "fsa",
      approximate: false,
    });
  });

  it.each(["m5v 3l9", "M5V3L9", "M5V 3L9", " m5v3l9 ", "M5V-3L9"])(
    "reads the postal code %j",
    async (postalCode) => {
      const result = await expectNear({ postalCode }, 43.6404, -79.3995, 0.1);
      expect(result.precision).toBe("fsa");
    },
  );

  it("finds Richmond Hill from L4C", async () => {
    const result = await expectNear({ postalCode: "L4C 1A1", country: "CA" }, 43.88, -79.44, 3);
    expect(result.city).toBe("Richmond Hill");
  });

  it.each([
    ["10001", 40.75, -73.99, "New York", "NY"],
    ["90210", 34.09, -118.41, "Beverly Hills", "CA"],
    ["90210-1234", 34.09, -118.41, "Beverly Hills", "CA"],
    ["902101234", 34.09, -118.41, "Beverly Hills", "CA"],
    ["02134", 42.35, -71.11, "Allston", "MA"],
  ])("finds the US ZIP %s", async (postalCode, lat, lon, city, state) => {
    const result = await expectNear({ postalCode }, lat, lon, 2);
    expect(result).toMatchObject({
      city,
      provinceState: state,
      country: "US",
      precision: "zip",
      approximate: false,
    });
  });

  it.each<GeocodeInput>([
    { city: "Montréal" },
    { city: "montreal" },
    { city: "MONTREAL", provinceState: "qc" },
    { city: "montreal, QC" },
    { city: "Montreal", provinceState: "Québec", country: "Canada" },
    { city: "Montréal, Quebec, Canada" },
  ])("finds Montréal from %j, accents and case aside", async (input) => {
    const result = await expectNear(input, 45.5089, -73.5617, 0.1);
    expect(result).toMatchObject({
      city: "Montréal",
      provinceState: "QC",
      country: "CA",
      precision: "city",
    });
  });

  it.each<GeocodeInput>([
    { city: "Guelph, ON" },
    { city: "Guelph", provinceState: "ON" },
    { city: "guelph on" },
  ])("finds Guelph from %j", async (input) => {
    const result = await expectNear(input, 43.55, -80.25, 1);
    expect(result).toMatchObject({
      city: "Guelph",
      provinceState: "ON",
      precision: "city",
      approximate: false,
    });
  });

  it("matches St./Saint spellings", async () => {
    expect((await offline({ city: "St Catharines", provinceState: "ON" }))?.city).toBe(
      "St. Catharines",
    );
    expect((await offline({ city: "Saint-Jean-sur-Richelieu" }))?.provinceState).toBe("QC");
  });

  it("takes the largest place when a name exists in several provinces and states", async () => {
    expect(await offline({ city: "London" })).toMatchObject({ provinceState: "ON", country: "CA" });
    expect(await offline({ city: "London", country: "US" })).toMatchObject({ country: "US" });
    expect(await offline({ city: "Portland" })).toMatchObject({ provinceState: "OR" });
    expect(await offline({ city: "Portland", provinceState: "ME" })).toMatchObject({
      provinceState: "ME",
    });
  });

  it("finds a US town that only the ZIP table knows, at the average of its ZIPs", async () => {
    // Brattleboro, VT has four ZIPs (05301-05304) and no row in places.csv.
    const result = await expectNear(
      { city: "Brattleboro", provinceState: "VT" },
      (42.8574 + 3 * 42.8509) / 4,
      (-72.5933 + 3 * -72.5579) / 4,
      0.05,
    );
    expect(result).toMatchObject({
      city: "Brattleboro",
      provinceState: "VT",
      country: "US",
      precision: "city",
    });
    await expectNear({ city: "ogunquit, me" }, 43.2541, -70.6094, 0.05);
  });

  it("uses the town named with a rural FSA, and marks it approximate", async () => {
    // N0B covers most of Wellington County; Centre Wellington (Fergus/Elora) is 16 km from its centroid.
    const result = await expectNear(
      { postalCode: "N0B 2K0", city: "Centre Wellington" },
      43.7,
      -80.3667,
      0.1,
    );
    expect(result).toMatchObject({
      city: "Centre Wellington",
      provinceState: "ON",
      precision: "city",
      approximate: true,
    });
  });

  it("keeps a rural FSA's centroid, marked approximate, when the town is not in the tables", async () => {
    const result = await expectNear(
      { postalCode: "N0B 1S0", city: "Elora" },
      43.5569,
      -80.4414,
      0.1,
    );
    expect(result).toMatchObject({ city: "Elora", precision: "fsa", approximate: true });
    expect(await offline({ postalCode: "N0B" })).toMatchObject({
      precision: "fsa",
      approximate: true,
    });
  });

  it("ignores the city for an urban FSA", async () => {
    const result = await expectNear(
      { postalCode: "M5V 3L9", city: "Guelph" },
      43.6404,
      -79.3995,
      0.1,
    );
    expect(result.city).toBe("Toronto");
  });

  it("falls back to the city when the postal code is unknown or of the wrong country", async () => {
    await expectNear(
      { postalCode: "00000", city: "Guelph", provinceState: "ON" },
      43.55,
      -80.25,
      1,
    );
    await expectNear({ postalCode: "10001", city: "Guelph", country: "CA" }, 43.55, -80.25, 1);
  });

  it("reads a postal code, city and province out of a one-line address", async () => {
    const result = await expectNear(
      { address: "12 Main St, Guelph, ON N1H 1A1" },
      43.5588,
      -80.3004,
      0.1,
    );
    expect(result).toMatchObject({ city: "Guelph", precision: "fsa" });
    await expectNear({ address: "350 5th Ave, New York, NY 10118" }, 40.75, -73.99, 2);
    await expectNear({ address: "1 Rue Sainte-Catherine, Montréal, QC" }, 45.5089, -73.5617, 0.1);
  });

  it.each<GeocodeInput>([
    { postalCode: "ZZZ" },
    { postalCode: "00000" },
    { postalCode: "D1A" }, // D is never a first letter
    { postalCode: "1234" },
    { postalCode: "" },
    { city: "" },
    { city: "   " },
    {},
    { city: "Xyzzyville" },
    { city: "Atlantis", country: "CA" },
    { city: "Atlantis", provinceState: "ON" },
    { city: "Guelph", provinceState: "NY" },
    { city: "Paris", country: "France" },
    { postalCode: "M5V 3L9", country: "FR" },
    { city: "'; DROP TABLE members; --" },
    { city: "\u0000\uFFFF" },
    { postalCode: "M5V".repeat(1000), city: "x".repeat(10_000) },
    { address: "1".repeat(100_000) },
    { city: 42, postalCode: null, country: ["CA"] } as unknown as GeocodeInput,
  ])("finds nothing for %j", async (input) => {
    await expect(offline(input)).resolves.toBeNull();
  });

  it("throws the user-facing error from geocodeOrThrow", async () => {
    const error = await geocodeOrThrow({ city: "Xyzzyville" }, { mapboxToken: null }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(LocationNotFoundError);
    expect(error).toMatchObject({
      code: "location_not_found",
      message: "Location not found. Please check the postal code or city.",
    });
    await expect(
      geocodeOrThrow({ postalCode: "M5V" }, { mapboxToken: null }),
    ).resolves.toMatchObject({ city: "Toronto" });
  });
});

describe("distanceKm", () => {
  it("measures great-circle distances", () => {
    const toronto = { latitude: 43.6532, longitude: -79.3832 };
    const montreal = { latitude: 45.5019, longitude: -73.5674 };
    expect(distanceKm(toronto, montreal)).toBeCloseTo(504, -1);
    expect(distanceKm(toronto, toronto)).toBe(0);
    expect(distanceKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(
      20015,
      -1,
    );
  });
});
