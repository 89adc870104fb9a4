import { describe, expect, it } from "vitest";
import { parseCookieHeader, readCookie } from "./cookie-header";

describe("parseCookieHeader / readCookie", () => {
  it("reads the cookies in order, decoded, keeping a value that does not decode", () => {
    const header = "a=1; _token=x%20y; bad=%E0%A4%A; a=2; novalue";
    expect(parseCookieHeader(header)).toEqual([
      { name: "a", value: "1" },
      { name: "_token", value: "x y" },
      { name: "bad", value: "%E0%A4%A" },
      { name: "a", value: "2" },
    ]);
    expect(readCookie(header, "a")).toBe("1");
    expect(readCookie(header, "missing")).toBeUndefined();
    expect(parseCookieHeader(null)).toEqual([]);
  });
});
