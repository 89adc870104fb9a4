import { describe, expect, it } from "vitest";
import { isMeasuredRoute, isPublicRoute } from "./bundle";

describe("first-load JS routes", () => {
  it("measures signed-in and admin pages as well as public ones", () => {
    for (const route of ["/", "/login", "/profile", "/settings", "/resellerManager", "/messages"])
      expect(isMeasuredRoute(route), route).toBe(true);
  });

  it("leaves out the benchmark's own pages and Next's internals", () => {
    for (const route of ["/bench/statements", "/_not-found", "/_global-error"])
      expect(isMeasuredRoute(route), route).toBe(false);
  });

  it("labels the pages a visitor reaches without signing in", () => {
    expect(isPublicRoute("/products/[productId]")).toBe(true);
    expect(isPublicRoute("/products/[productId]/edit")).toBe(false);
    expect(isPublicRoute("/settings")).toBe(false);
  });
});
