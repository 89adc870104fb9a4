import { describe, expect, it } from "vitest";
import { localLocationSchema } from "./location";
import { errorsOf, parseOk, type MessageRow } from "./test-utils";

const location = {
  address: "100 Queen St. W",
  city: "Toronto",
  provinceState: "ON",
  postalCode: "M5H 2N2",
  country: "CA",
  radius: "25",
};

describe("local location", () => {
  const rows: MessageRow[] = [
    ["address", { address: "100 Queen St, W" }, "Invalid Address"],
    ["city", { city: "Toronto!" }, "Invalid City"],
    ["provinceState", { provinceState: "ONT" }, "Invalid Province/State"],
    ["provinceState", { provinceState: "TX" }, "Invalid Province/State"],
    ["postalCode", { postalCode: "M5H_2N2" }, "Invalid Postal code"],
    [
      "postalCode",
      { country: "US", provinceState: "NY", postalCode: "M5H 2N2" },
      "Invalid Zip code",
    ],
    ["country", { country: "" }, "Required Field"],
    ["country", { country: "Mexico" }, "Invalid Country"],
    ["radius", { radius: "7" }, "Invalid Radius"],
    ["radius", { radius: "55" }, "Invalid Radius"],
    ["radius", { radius: "-5" }, "Invalid Radius"],
    ["radius", { radius: "10km" }, "Invalid Radius"],
    ["city", { city: "", postalCode: "" }, "Required Field"],
    ["provinceState", { provinceState: "", postalCode: "" }, "Required Field"],
  ];

  it.each(rows)("reports on %s for %j: %s", (field, change, message) => {
    expect(errorsOf(localLocationSchema, { ...location, ...change })?.[field]).toContain(message);
  });

  it("accepts a full location and reads the radius as a number", () => {
    expect(parseOk(localLocationSchema, location)).toMatchObject({
      radius: 25,
      country: "CA",
      postalCode: "M5H 2N2",
    });
  });

  it("needs only a postal code, and treats a missing radius as 0 (no limit)", () => {
    expect(parseOk(localLocationSchema, { country: "Canada", postalCode: "m5h2n2" })).toEqual({
      address: null,
      city: null,
      provinceState: null,
      postalCode: "M5H 2N2",
      country: "CA",
      radius: 0,
    });
  });

  it.each([0, 5, 50, "0", "50"])("accepts the radius %j (0 to 50 in steps of 5)", (radius) => {
    expect(errorsOf(localLocationSchema, { ...location, radius })).toBeNull();
  });

  it("accepts a city with its state in the US", () => {
    expect(
      errorsOf(localLocationSchema, {
        country: "US",
        city: "Buffalo",
        provinceState: "NY",
        radius: 10,
      }),
    ).toBeNull();
  });
});
