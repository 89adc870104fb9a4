import { describe, expect, it } from "vitest";
import { afterLoginPath, safeRedirectPath } from "./safe-redirect";

const ORIGIN = "https://market.example";

describe("safeRedirectPath", () => {
  it.each([
    ["/cart", "/cart"],
    ["cart", "/cart"],
    ["/settings?section=password", "/settings?section=password"],
    ["/products/12#reviews", "/products/12#reviews"],
    ["/checkout/delivery/card/home", "/checkout/delivery/card/home"],
    ["customerOrders/manage", "/customerOrders/manage"],
    [`${ORIGIN}/pricing`, "/"], // absolute URLs are refused even when they are ours: we only send paths
    ["//evil.com", "/"],
    // Dot segments that resolve to a path starting with "//" (another host to a browser).
    ["/.//evil.com", "/"],
    ["/..//evil.com", "/"],
    ["/%2e//evil.com", "/"],
    ["/a/../..//evil.com/cart", "/"],
    ["cart/..//evil.com", "/"],
    ["/products/../cart", "/cart"],
    ["//evil.com/cart", "/"],
    ["/\\evil.com", "/"],
    ["\\\\evil.com", "/"],
    ["/%5Cevil.com", "/%5Cevil.com"], // an encoded backslash stays a path segment on our site
    ["https://evil.com", "/"],
    ["http://evil.com/login", "/"],
    ["javascript:alert(1)", "/"],
    ["JavaScript:alert(1)", "/"],
    ["data:text/html,hi", "/"],
    ["evil.com", "/"],
    ["/\tevil.com", "/"],
    ["  ", "/"],
    ["", "/"],
  ])("%j -> %j", (value, expected) => {
    expect(safeRedirectPath(value, ORIGIN)).toBe(expected);
  });

  it("falls back for null and undefined", () => {
    expect(safeRedirectPath(null, ORIGIN)).toBe("/");
    expect(safeRedirectPath(undefined, ORIGIN, "/home")).toBe("/home");
  });
});

describe("afterLoginPath", () => {
  const base = { origin: ORIGIN, username: "green_acres", storePagesExist: true } as const;

  it("follows the redirect query first, for every member type", () => {
    expect(afterLoginPath({ ...base, memberType: "merchant", redirect: "/settings" })).toBe(
      "/settings",
    );
    expect(
      afterLoginPath({
        ...base,
        memberType: "customer",
        redirect: "/cart",
        redirectTo: "/profile",
      }),
    ).toBe("/cart");
  });

  it("sends merchants to their store", () => {
    expect(afterLoginPath({ ...base, memberType: "merchant", redirectTo: "/cart" })).toBe(
      "/stores/green_acres",
    );
  });

  it("sends merchants to the dashboard while store pages do not exist", () => {
    expect(afterLoginPath({ ...base, storePagesExist: false, memberType: "merchant" })).toBe("/");
  });

  it("sends others to redirectTo, else the dashboard", () => {
    expect(afterLoginPath({ ...base, memberType: "customer", redirectTo: "cart" })).toBe("/cart");
    expect(afterLoginPath({ ...base, memberType: "admin" })).toBe("/");
  });

  it("ignores off-site and looping destinations", () => {
    expect(
      afterLoginPath({
        ...base,
        memberType: "customer",
        redirect: "//evil.com",
        redirectTo: "/cart",
      }),
    ).toBe("/cart");
    expect(
      afterLoginPath({ ...base, memberType: "customer", redirectTo: "https://evil.com" }),
    ).toBe("/");
    expect(
      afterLoginPath({ ...base, memberType: "customer", redirectTo: "/login?redirectTo=/cart" }),
    ).toBe("/");
  });
});
