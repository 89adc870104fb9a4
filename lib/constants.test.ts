import { describe, expect, it } from "vitest";
import {
  DELIVERY_ORDER_STATUSES,
  IMAGE_MAX_BYTES,
  ORDER_STATUSES,
  orderStatusesFor,
  PAGE_SIZES,
  PICKUP_ORDER_STATUSES,
  PLANS,
  RADIUS_OPTIONS_KM,
} from "./constants";

describe("constants", () => {
  it("offers the radius 0 to 50 km in steps of 5", () => {
    expect(RADIUS_OPTIONS_KM).toEqual([0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50]);
  });

  it("the customer's status list is the union of pickup and delivery statuses", () => {
    expect(new Set(ORDER_STATUSES)).toEqual(
      new Set([...PICKUP_ORDER_STATUSES, ...DELIVERY_ORDER_STATUSES]),
    );
    expect(ORDER_STATUSES).toHaveLength(8);
    expect(orderStatusesFor(1)).toBe(DELIVERY_ORDER_STATUSES);
    expect(orderStatusesFor(false)).toBe(PICKUP_ORDER_STATUSES);
  });

  it("keeps the spec's page sizes and image limit", () => {
    expect(PAGE_SIZES).toMatchObject({
      orders: 10,
      resellers: 10,
      merchants: 10,
      conversations: 20,
      messages: 20,
      products: 12,
      reviews: 5,
    });
    expect(IMAGE_MAX_BYTES).toBe(8192 * 1024);
  });

  it("re-exports the plans", () => {
    expect(PLANS.map((p) => p.id)).toEqual(["basic", "engager", "harvest"]);
  });
});
