import { describe, expect, it } from "vitest";
import { CARD_DESCRIPTION_MAX_CHARS, INTRODUCTION_PREVIEW_MAX_CHARS } from "./constants";
import { formatDateTimeDMY, formatStatusLabel, truncate } from "./format";

describe("truncate", () => {
  it("leaves text at or under the limit alone", () => {
    expect(truncate("a".repeat(99), CARD_DESCRIPTION_MAX_CHARS)).toBe("a".repeat(99));
    expect(truncate("", 5)).toBe("");
  });

  it("cuts at the limit and adds an ellipsis", () => {
    expect(truncate("a".repeat(200), INTRODUCTION_PREVIEW_MAX_CHARS)).toBe(`${"a".repeat(157)}...`);
    expect(truncate("Fresh eggs and honey", 11)).toBe("Fresh eggs...");
  });

  it("never splits an emoji", () => {
    expect(truncate("🍓🍓🍓", 2)).toBe("🍓🍓...");
  });
});

describe("formatStatusLabel", () => {
  it.each([
    ["ready_for_pickup", "Ready For Pickup"],
    ["order_created", "Order Created"],
    ["in_shipping", "In Shipping"],
    ["refunded", "Refunded"],
  ])("%s → %s", (status, label) => {
    expect(formatStatusLabel(status)).toBe(label);
  });
});

describe("formatDateTimeDMY", () => {
  it("writes dd/mm/yyyy, hh:mm:ss", () => {
    expect(formatDateTimeDMY(new Date(Date.UTC(2025, 2, 5, 7, 8, 9)), { utc: true })).toBe(
      "05/03/2025, 07:08:09",
    );
  });
});
