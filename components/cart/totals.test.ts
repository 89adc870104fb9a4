import { describe, expect, it } from "vitest";
import { cartItem } from "@/tests/cart-item";
import { countLabel } from "./cart-events";
import { hasMixedCurrencies, totalsByCurrency } from "./totals";

const item = cartItem;

describe("totalsByCurrency", () => {
  it("adds up price times quantity of the items that can be bought, per currency", () => {
    const items = [
      item({ unit_price_cents: 450, qty: 2 }),
      item({ unit_price_cents: 199, qty: 3 }),
      item({
        unit_price_cents: 1000,
        qty: 1,
        purchasable: false,
        unavailable_reason: "out_of_stock",
      }),
      item({ unit_price_cents: 250, qty: 4, currency: "USD" }),
    ];
    expect(totalsByCurrency(items)).toEqual([
      { currency: "CAD", cents: 1497 },
      { currency: "USD", cents: 1000 },
    ]);
    expect(hasMixedCurrencies(items)).toBe(true);
    expect(hasMixedCurrencies(items.slice(0, 2))).toBe(false);
  });
});

describe("countLabel", () => {
  it.each([
    [0, "Cart, empty"],
    [1, "Cart, 1 item"],
    [3, "Cart, 3 items"],
  ])("%i -> %s", (count, label) => {
    expect(countLabel("Cart", count)).toBe(label);
  });
});
