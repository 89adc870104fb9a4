import { describe, expect, it } from "vitest";
import { isMyLocalExcludedPath } from "@/lib/location/my-local-paths";

describe("where the My Local dialog may open by itself", () => {
  it.each([
    "/login",
    "/register",
    "/merchants/register",
    "/forgotPassword",
    "/resetPassword/abc123",
    "/checkout/delivery/by_card/home",
    "/checkout/payment/in_person/completed/LP-1",
    "/settings",
    "/profile",
    "/memberManager",
    "/orderManager",
    "/resellerManager",
    "/resellerTransactions",
    "/unsubscribe/order/12",
    "/securities/abc/block",
    "/shortLink/x1",
    "/dev/mailbox",
    "/subscription/payment/canada/harvest",
  ])("not on %s", (path) => {
    expect(isMyLocalExcludedPath(path)).toBe(true);
  });

  it.each([
    "/",
    "/products/filtered",
    "/products/12",
    "/merchants/list",
    "/stores/maple_ridge_farm",
    "/pricing",
    "/cart",
    "/loginx",
  ])("on %s", (path) => {
    expect(isMyLocalExcludedPath(path)).toBe(false);
  });
});
