import { describe, expect, it } from "vitest";
import { parseDmyDateTime } from "@/lib/validation/resellers";
import { formatTimeStamp, resellerRegistrationLink } from "./types";

describe("formatTimeStamp", () => {
  it.each([
    ["2026-07-01T04:00:00.000Z", "01/07/2026, 00:00:00"], // EDT, UTC-4
    ["2026-12-01T04:59:59.999Z", "30/11/2026, 23:59:59"], // EST, UTC-5
    ["2026-03-08T07:00:00.000Z", "08/03/2026, 03:00:00"], // the first hour of summer time
  ])("shows %s in Toronto time as %s", (iso, text) => {
    expect(formatTimeStamp(iso)).toBe(text);
  });

  it("writes what the filter reads back", () => {
    expect(parseDmyDateTime(formatTimeStamp("2026-11-20T15:04:05.000Z"))).toBe(
      "2026-11-20T10:04:05",
    );
  });
});

describe("resellerRegistrationLink", () => {
  it("points at the merchant registration with the identifier as ak", () => {
    expect(resellerRegistrationLink("https://market.example", "a".repeat(32))).toBe(
      `https://market.example/merchants/register?ak=${"a".repeat(32)}`,
    );
    expect(resellerRegistrationLink("http://127.0.0.1:3000/", "b".repeat(32))).toBe(
      `http://127.0.0.1:3000/merchants/register?ak=${"b".repeat(32)}`,
    );
  });
});
