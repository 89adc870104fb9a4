import { describe, expect, it } from "vitest";
import {
  CANADIAN_PROVINCES,
  countryFromSlug,
  isRegionOf,
  parseCountry,
  regionName,
  US_STATES,
} from "./regions";

describe("regions", () => {
  it("lists Canada's 13 provinces and territories", () => {
    expect(CANADIAN_PROVINCES).toHaveLength(13);
    expect(CANADIAN_PROVINCES.map((r) => r.code).sort()).toEqual(
      ["AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT"].sort(),
    );
  });

  it("lists the 50 states, DC and the 5 inhabited territories", () => {
    expect(US_STATES).toHaveLength(56);
    for (const code of ["DC", "PR", "GU", "VI", "AS", "MP"])
      expect(isRegionOf("US", code)).toBe(true);
  });

  it("codes are unique two capitals with names", () => {
    for (const list of [CANADIAN_PROVINCES, US_STATES]) {
      expect(new Set(list.map((r) => r.code)).size).toBe(list.length);
      for (const r of list) {
        expect(r.code).toMatch(/^[A-Z]{2}$/);
        expect(r.name.length).toBeGreaterThan(3);
      }
    }
  });

  it("checks a region against its country", () => {
    expect(isRegionOf("CA", "on")).toBe(true);
    expect(isRegionOf("US", "ON")).toBe(false);
    expect(isRegionOf("CA", "CA")).toBe(false);
    expect(regionName("CA", "QC")).toBe("Quebec");
  });

  it.each([
    ["CA", "CA"],
    ["canada", "CA"],
    [" Canada ", "CA"],
    ["US", "US"],
    ["usa", "US"],
    ["U.S.A.", "US"],
    ["United States", "US"],
    ["Mexico", undefined],
    ["", undefined],
  ])("reads the country %j as %s", (input, code) => {
    expect(parseCountry(input)).toBe(code);
  });

  it("reads the subscription route's country", () => {
    expect(countryFromSlug("usa")).toBe("US");
    expect(countryFromSlug("canada")).toBe("CA");
    expect(countryFromSlug("mars")).toBeUndefined();
  });
});
