import { describe, expect, it } from "vitest";
import {
  currencyForCountry,
  defaultCountry,
  formatCanadianPostalInput,
  formatPhoneInput,
  formatPostalCodeInput,
  formatZipInput,
} from "./input-format";

describe("formatPhoneInput", () => {
  it.each([
    ["", ""],
    ["4", "(4"],
    ["416", "(416"],
    ["4165", "(416) 5"],
    ["41655", "(416) 55"],
    ["416555", "(416) 555"],
    ["4165551", "(416) 555-1"],
    ["4165551234", "(416) 555-1234"],
    ["41655512345678", "(416) 555-1234"],
    ["(416) 555-1234", "(416) 555-1234"],
    ["+1 416 555 1234", "(416) 555-1234"],
    ["416.555.1234", "(416) 555-1234"],
    ["abc", ""],
  ])("%j → %j", (typed, shown) => {
    expect(formatPhoneInput(typed)).toBe(shown);
  });

  it("never exceeds 14 characters", () => {
    expect(formatPhoneInput("9".repeat(40)).length).toBeLessThanOrEqual(14);
  });

  it("lets backspace remove the last digit", () => {
    expect(formatPhoneInput("(416) 5")).toBe("(416) 5");
    expect(formatPhoneInput("(416) ")).toBe("(416");
  });
});

describe("postal code input", () => {
  it.each([
    ["m", "M"],
    ["m5v", "M5V"],
    ["m5v3", "M5V 3"],
    ["m5v3l9", "M5V 3L9"],
    ["M5V 3L9 extra", "M5V 3L9"],
    ["m5v-3l9", "M5V 3L9"],
  ])("Canada: %j → %j", (typed, shown) => {
    expect(formatCanadianPostalInput(typed)).toBe(shown);
  });

  it.each([
    ["1234", "1234"],
    ["12345", "12345"],
    ["123456", "12345-6"],
    ["123456789", "12345-6789"],
    ["12345-67890", "12345-6789"],
  ])("US: %j → %j", (typed, shown) => {
    expect(formatZipInput(typed)).toBe(shown);
  });

  it("chooses by country", () => {
    expect(formatPostalCodeInput("k1a0b1", "CA")).toBe("K1A 0B1");
    expect(formatPostalCodeInput("902101234", "US")).toBe("90210-1234");
  });
});

describe("country defaults", () => {
  it("currency follows the country", () => {
    expect(currencyForCountry("CA")).toBe("CAD");
    expect(currencyForCountry("US")).toBe("USD");
  });

  it.each([
    ["US", "US"],
    ["us", "US"],
    ["CA", "CA"],
    ["FR", "CA"],
    [undefined, "CA"],
    [null, "CA"],
  ] as const)("visitor from %j defaults to %s", (code, expected) => {
    expect(defaultCountry(code)).toBe(expected);
  });
});
