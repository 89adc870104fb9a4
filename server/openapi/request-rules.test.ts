import { describe, expect, it } from "vitest";
import { z } from "zod";
import { pickupClosedDateSchema, pickupWindowSchema } from "@/lib/validation/pickup";
import { resellerUpdateSchema } from "@/lib/validation/resellers";
import {
  country,
  phoneFormatted,
  phoneLoose,
  postalCode,
  postalCodeProblem,
  provinceState,
} from "@/lib/validation/shared";
import { currency } from "@/lib/validation/profile";
import { decimal2 } from "@/lib/validation/core";
import { localLocationSchema } from "@/lib/validation/location";
import { toJsonSchema } from "./json-schema";

/**
 * A documented rule (decision 0048) says what the server checks: every value the check takes fits
 * the document's pattern, and the values it refuses for their form do not.
 */
function documentedPattern(schema: z.ZodType): RegExp {
  const pattern = toJsonSchema(schema).pattern;
  expect(typeof pattern).toBe("string");
  return new RegExp(pattern as string, "u");
}

type Case = {
  name: string;
  schema: z.ZodType;
  taken: string[];
  refused: string[];
  /** Whether the server takes the value, where the field's own schema is not the whole check. */
  takes?: (value: string) => boolean;
};

/** A postal code's form is checked with its country (a Canadian first half alone where allowed). */
const fitsACountry = (value: string) =>
  postalCode().safeParse(value).success &&
  (["CA", "US"] as const).some((code) => !postalCodeProblem(code, value.trim(), "fsa-allowed"));

const cases: Case[] = [
  {
    name: "a formatted phone",
    schema: phoneFormatted(),
    taken: ["(416) 555-0123", " (416) 555-0123 "],
    refused: ["4165550123", "416-555-0123", "Contract"],
  },
  {
    name: "a phone as digits or formatted",
    schema: phoneLoose(),
    taken: ["(416) 555-0123", "4165550123"],
    refused: ["416555012", "Contract"],
  },
  {
    name: "a country",
    schema: country(),
    taken: ["CA", "ca", "Canada", "U.S.A.", "united  states", "United States of America"],
    refused: ["Mexico", "C A", "Contract"],
  },
  {
    name: "a province or state",
    schema: provinceState(),
    taken: ["ON", "on", " QC "],
    refused: ["Ontario", "O", "Contract"],
  },
  {
    name: "a postal code",
    schema: postalCode(),
    takes: fitsACountry,
    taken: ["M5V 2T6", "m5v2t6", "M5V", "12345", "12345-6789"],
    refused: ["Contract", "1234"],
  },
  {
    name: "a currency",
    schema: currency(),
    taken: ["CAD", "USD"],
    refused: ["EUR", "cad", "Contract"],
  },
  {
    name: "an amount",
    schema: decimal2({ required: "r", invalid: "i" }, { min: 1 }),
    taken: ["1", "4.5", " 19.99 "],
    refused: ["1.999", "Contract", "-1"],
  },
];

describe("a request rule the document states", () => {
  it.each(cases)("takes what the server takes: $name", ({ schema, taken, refused, takes }) => {
    const pattern = documentedPattern(schema);
    const server = takes ?? ((value: string) => schema.safeParse(value).success);
    for (const value of taken) {
      expect(server(value), value).toBe(true);
      expect(pattern.test(value), value).toBe(true);
    }
    for (const value of refused) {
      expect(server(value), value).toBe(false);
      expect(pattern.test(value), value).toBe(false);
    }
  });

  it("states the pickup days and times, the reseller identifier and what a location needs", () => {
    const day = toJsonSchema(pickupClosedDateSchema) as {
      properties: { day: { pattern: string } };
    };
    expect(new RegExp(day.properties.day.pattern).test("2027-02-14")).toBe(true);
    const window = toJsonSchema(pickupWindowSchema) as {
      properties: Record<string, { pattern?: string }>;
    };
    expect(new RegExp(window.properties.startsAt!.pattern!).test("09:00")).toBe(true);
    expect(new RegExp(window.properties.startsAt!.pattern!).test("nine")).toBe(false);
    const reseller = toJsonSchema(resellerUpdateSchema) as {
      properties: Record<string, { pattern?: string }>;
    };
    expect(reseller.properties.identifier!.pattern).toBeDefined();
    expect(toJsonSchema(localLocationSchema).anyOf).toEqual([
      { required: ["city", "provinceState"] },
      { required: ["postalCode"] },
    ]);
  });
});
