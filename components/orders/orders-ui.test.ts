import { describe, expect, it } from "vitest";
import { cancelErrorText, cancelNote, CANCEL_ERROR, REFUNDED_ERROR } from "./order-dialog";
import { listHref, readListParams } from "./list-params";
import { pageNumbers } from "./pagination";

describe("pageNumbers", () => {
  it.each([
    [1, 1, [1]],
    [1, 5, [1, 2, 3, 4, 5]],
    [1, 20, [1, 2, 3, null, 20]],
    [10, 20, [1, null, 8, 9, 10, 11, 12, null, 20]],
    [20, 20, [1, null, 18, 19, 20]],
  ])("page %i of %i: %j", (page, count, expected) => {
    expect(pageNumbers(page, count)).toEqual(expected);
  });
});

describe("order list addresses", () => {
  it("reads page and keyword with the calls' rules, page 1 for a bad page", () => {
    expect(readListParams({ page: "3", keyword: "Tomatoes" })).toEqual({
      page: 3,
      keyword: "Tomatoes",
    });
    expect(readListParams({ page: "0", keyword: ["eggs", "x"] })).toEqual({
      page: 1,
      keyword: "eggs",
    });
    expect(readListParams({ keyword: "' OR 1=1 --" })).toEqual({ page: 1, keyword: "" });
  });

  it("keeps the keyword in page links", () => {
    expect(listHref("/myOrders/manage", 1, "")).toBe("/myOrders/manage");
    expect(listHref("/myOrders/manage", 2, "maple syrup")).toBe(
      "/myOrders/manage?keyword=maple+syrup&page=2",
    );
  });
});

describe("cancel error text", () => {
  it("says the refunded case in the spec's words, anything else generically", () => {
    expect(cancelErrorText("The order AB12 has already been refunded.")).toBe(REFUNDED_ERROR);
    expect(cancelErrorText("The order AB12 has already been cancelled.")).toBe(CANCEL_ERROR);
  });
});

describe("why Cancel Order is off", () => {
  it.each([
    [["refunded", "cancelled"], REFUNDED_ERROR],
    [["cancelled", "cancelled"], "This order is cancelled."],
    [
      ["cancelled", "shipped"],
      "A farmer has cancelled part of this order; the rest can no longer be cancelled here.",
    ],
    [["ready_for_pickup"], "An order can be cancelled only until a farmer starts on it."],
  ])("%j: %s", (statuses, text) => {
    expect(cancelNote(statuses.map((status) => ({ status })))).toBe(text);
  });
});
