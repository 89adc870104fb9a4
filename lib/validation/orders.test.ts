import { describe, expect, it } from "vitest";
import { adminKeywordSchema, orderListQuerySchema, updateOrderStatusSchema } from "./orders";
import { errorsOf, parseOk } from "./test-utils";

describe("order lists", () => {
  it("sanitises the order search keyword", () => {
    expect(parseOk(orderListQuerySchema, { keyword: "ORD-1001" })).toEqual({
      page: 1,
      perPage: 10,
      keyword: "ORD-1001",
    });
    expect(parseOk(orderListQuerySchema, { keyword: "1' OR '1'='1", page: "2" })).toEqual({
      page: 2,
      perPage: 10,
      keyword: "",
    });
    expect(parseOk(orderListQuerySchema, { keyword: "<script>x()</script>kale" }).keyword).toBe(
      "kale",
    );
    expect(parseOk(adminKeywordSchema, { keyword: "jane@example.com; --" }).keyword).toBe("");
  });

  it("refuses a page below 1 and more than 50 rows a page", () => {
    expect(errorsOf(orderListQuerySchema, { page: "0" })).toEqual({ page: ["Invalid Page"] });
    expect(errorsOf(orderListQuerySchema, { perPage: "500" })).toEqual({
      perPage: ["Invalid Page"],
    });
  });
});

describe("order status update", () => {
  it("takes an order line id and a known status", () => {
    expect(
      parseOk(updateOrderStatusSchema, { order_id: "31", order_status: "ready_for_pickup" }),
    ).toEqual({
      order_id: 31,
      order_status: "ready_for_pickup",
    });
    expect(errorsOf(updateOrderStatusSchema, { order_id: 31, order_status: "lost" })).toEqual({
      order_status: ["Invalid Status"],
    });
    expect(errorsOf(updateOrderStatusSchema, { order_id: "x", order_status: "shipped" })).toEqual({
      order_id: ["Invalid Value"],
    });
  });
});
