import { describe, expect, it } from "vitest";
import {
  canAddProduct,
  centsToDecimalString,
  formatMoney,
  getPlan,
  parsePriceToCents,
  planPriceCents,
  PLANS,
} from "./money";

describe("parsePriceToCents", () => {
  it.each([
    ["0", 0],
    ["0.5", 50],
    ["19.99", 1999],
    ["1234567.89", 123456789],
    ["0.05", 5],
    [" 7 ", 700],
    ["0.1", 10],
  ])("reads %j as %i cents, exactly", (text, cents) => {
    expect(parsePriceToCents(text)).toBe(cents);
  });

  it.each(["1.234", "abc", "-1", "", ".5", "1.", "1,000.00", "1e3", "$5"])("refuses %j", (text) => {
    expect(parsePriceToCents(text)).toBeNull();
  });

  it.each(["0", "0.5", "19.99", "1234567.89"])("round-trips %j through cents", (text) => {
    const cents = parsePriceToCents(text);
    expect(cents).not.toBeNull();
    expect(parsePriceToCents(centsToDecimalString(cents as number))).toBe(cents);
  });

  it("never drifts the way float multiplication does (0.29 * 100 = 28.999...)", () => {
    expect(0.29 * 100).not.toBe(29);
    expect(parsePriceToCents("0.29")).toBe(29);
    expect(parsePriceToCents("1.005".slice(0, 4))).toBe(100);
  });
});

describe("centsToDecimalString", () => {
  it.each([
    [0, "0.00"],
    [50, "0.50"],
    [1999, "19.99"],
    [123456789, "1234567.89"],
    [-150, "-1.50"],
  ])("%i → %j", (cents, text) => {
    expect(centsToDecimalString(cents)).toBe(text);
  });

  it("refuses fractions of a cent", () => {
    expect(() => centsToDecimalString(1.5)).toThrow(RangeError);
  });
});

describe("formatMoney", () => {
  it.each([
    [1999, "CAD", "$19.99"],
    [1999, "USD", "$19.99"],
    [0, "CAD", "$0.00"],
    [123456789, "USD", "$1,234,567.89"],
    [-500, "CAD", "-$5.00"],
  ] as const)("%i %s → %j", (cents, currency, text) => {
    expect(formatMoney(cents, currency)).toBe(text);
  });

  it("names the currency where both may appear", () => {
    expect(formatMoney(1299, "CAD", { showCode: true })).toBe("CA$12.99");
    expect(formatMoney(999, "USD", { showCode: true })).toBe("US$9.99");
  });
});

describe("plans", () => {
  it("lists Basic, Engager, Harvest with their limits and monthly prices in cents", () => {
    expect(PLANS.map((p) => [p.id, p.name, p.productLimit, p.messaging, p.priceCents])).toEqual([
      ["basic", "Basic", 2, false, { USD: 0, CAD: 0 }],
      ["engager", "Engager", 4, true, { USD: 999, CAD: 1299 }],
      ["harvest", "Harvest", null, true, { USD: 1699, CAD: 1999 }],
    ]);
  });

  it("prices and limits by plan", () => {
    expect(planPriceCents("harvest", "CAD")).toBe(1999);
    expect(getPlan("engager").name).toBe("Engager");
    expect(canAddProduct("basic", 1)).toBe(true);
    expect(canAddProduct("basic", 2)).toBe(false);
    expect(canAddProduct("engager", 3)).toBe(true);
    expect(canAddProduct("engager", 4)).toBe(false);
    expect(canAddProduct("harvest", 10_000)).toBe(true);
  });
});
