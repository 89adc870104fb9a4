import { describe, expect, it } from "vitest";
import { transactionsHref } from "./reseller-transactions-href";

describe("transactionsHref", () => {
  const none = { resellerKeyword: "", dateFrom: "", dateTo: "" };

  it("is the bare path without filters on page 1", () => {
    expect(transactionsHref("/resellerTransactions", none)).toBe("/resellerTransactions");
  });

  it("keeps the filled filters, trimmed, and the page past 1", () => {
    expect(
      transactionsHref(
        "/resellerTransactions",
        { resellerKeyword: " pat@example.com ", dateFrom: "01/11/2026, 00:00:00", dateTo: "" },
        3,
      ),
    ).toBe(
      "/resellerTransactions?resellerKeyword=pat%40example.com&dateFrom=01%2F11%2F2026%2C+00%3A00%3A00&page=3",
    );
  });
});
