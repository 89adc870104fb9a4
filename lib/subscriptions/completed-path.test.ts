import { describe, expect, it } from "vitest";
import { subscriptionCompletedPath } from "./completed-path";

describe("subscriptionCompletedPath", () => {
  it("writes the type alone, or with the date in seconds and the payment", () => {
    expect(subscriptionCompletedPath("resubscribe")).toBe(
      "/subscription/payment/resubscribe/completed",
    );
    expect(
      subscriptionCompletedPath("cancel", { expiresAt: new Date("2026-12-26T10:00:00.900Z") }),
    ).toBe("/subscription/payment/cancel/1798279200/completed");
    expect(
      subscriptionCompletedPath("create", { expiresAt: 1798279200, paymentIntentId: "pi_123" }),
    ).toBe("/subscription/payment/create/1798279200/completed?paymentIntentId=pi_123");
  });
});
