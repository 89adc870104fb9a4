import { describe, expect, it } from "vitest";
import type { CartItem } from "@/lib/cart/types";
import { countLabel } from "./cart-events";
import { hasMixedCurrencies, totalsByCurrency } from "./totals";

const item = (overrides: Partial<CartItem>): CartItem => ({
  id: 1,
  p_key: "k",
  name: "Carrots",
  product_image: null,
  unit_price: "4.50",
  unit_price_cents: 450,
  unit_weight: "ea",
  currency_symbol: "$",
  currency: "CAD",
  qty: 1,
  pay_in_person: true,
  pay_by_card: false,
  delivery_service: 0,
  in_stock: true,
  merchant_username: "farm",
  purchasable: true,
  unavailable_reason: null,
  ...overrides,
});

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
