import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  normalizeText,
  PRODUCT_TEXT_CHARS,
  SAFE_TEXT_CHARS,
  straightenPunctuation,
} from "./charsets";
import {
  decimal2,
  flag,
  isStrongPassword,
  normalizePostalCode,
  optional,
  postalCodeProblem,
  requiredText,
} from "./shared";

describe("text normalisation", () => {
  it("straightens smart punctuation from phone keyboards", () => {
    expect(straightenPunctuation("‘a’ “b” c–d—e…\u00a0f")).toBe(`'a' "b" c-d-e... f`);
    expect(normalizeText("  Cafe\u0301 ")).toBe("Café");
  });

  it("the product set and the safe set differ as the spec lists them", () => {
    expect(PRODUCT_TEXT_CHARS.test("Eggs [dozen] $5: fresh; #1 (local)/organic!")).toBe(true);
    expect(PRODUCT_TEXT_CHARS.test("50%")).toBe(false);
    expect(PRODUCT_TEXT_CHARS.test("a?")).toBe(false);
    expect(SAFE_TEXT_CHARS.test("50% {ok} a+b=c ~`^|")).toBe(false);
    expect(SAFE_TEXT_CHARS.test("50% {ok} a+b=c ~`^")).toBe(true);
  });
});

describe("building blocks", () => {
  it("a required text reports one message: empty, then too long, then invalid", () => {
    const schema = requiredText({
      required: "empty",
      max: 3,
      tooLong: "long",
      pattern: /^[a-z]+$/,
      invalid: "bad",
    });
    expect(schema.safeParse("").error?.issues.map((i) => i.message)).toEqual(["empty"]);
    expect(schema.safeParse("ABCD").error?.issues.map((i) => i.message)).toEqual(["long"]);
    expect(schema.safeParse("AB").error?.issues.map((i) => i.message)).toEqual(["bad"]);
    expect(schema.parse(" ab ")).toBe("ab");
  });

  it("optional turns empty, null and missing into null", () => {
    const schema = z.object({
      a: optional(requiredText({ required: "r", pattern: /^x$/, invalid: "bad" })),
    });
    expect(schema.parse({})).toEqual({ a: null });
    expect(schema.parse({ a: "" })).toEqual({ a: null });
    expect(schema.parse({ a: null })).toEqual({ a: null });
    expect(schema.parse({ a: "x" })).toEqual({ a: "x" });
    expect(schema.safeParse({ a: "y" }).error?.issues[0]?.message).toBe("bad");
  });

  it("flag reads multipart words and falls back to its default", () => {
    const schema = flag(true);
    expect(schema.parse(undefined)).toBe(true);
    expect(schema.parse("off")).toBe(false);
    expect(schema.parse("ON")).toBe(true);
    expect(schema.safeParse("perhaps").success).toBe(false);
  });

  it("decimal2 is exact and normalised", () => {
    const schema = decimal2({ required: "r", invalid: "i" }, { max: 999_999_999 });
    expect(schema.parse("0.1")).toBe("0.10");
    expect(schema.parse(19.99)).toBe("19.99");
    expect(schema.parse("1234567.89")).toBe("1234567.89");
    expect(schema.safeParse("1.234").error?.issues[0]?.message).toBe("i");
    expect(schema.safeParse("").error?.issues[0]?.message).toBe("r");
    expect(schema.safeParse(undefined).error?.issues[0]?.message).toBe("r");
    expect(
      decimal2({ required: "r", invalid: "i" }).safeParse("100000.00").error?.issues[0]?.message,
    ).toBe("i");
  });

  it("the password rule", () => {
    expect(isStrongPassword("Tomatoes2024!")).toBe(true);
    expect(isStrongPassword("Tomato2024!")).toBe(false);
    expect(isStrongPassword("Tomatoes 2024")).toBe(false);
    expect(isStrongPassword("TOMATOES2024!")).toBe(false);
    expect(isStrongPassword("Tomatoes!!!!!")).toBe(false);
  });

  it("postal codes by country", () => {
    expect(normalizePostalCode(" k1a0b1 ")).toBe("K1A 0B1");
    expect(postalCodeProblem("CA", "K1A 0B1")).toBeNull();
    expect(postalCodeProblem("CA", "K1A0B1")).toBeNull();
    expect(postalCodeProblem("CA", "K1A")).toBe("Invalid Postal code");
    expect(postalCodeProblem("CA", "K1A", "fsa-allowed")).toBeNull();
    expect(postalCodeProblem("US", "90210")).toBeNull();
    expect(postalCodeProblem("US", "90210-1234")).toBeNull();
    expect(postalCodeProblem("US", "902101234")).toBe("Invalid Zip code");
  });
});
