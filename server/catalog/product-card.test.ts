import { describe, expect, it } from "vitest";
import { formatWeight, priceUnit, toProductCard, type ProductCardRow } from "./product-card";

const row: ProductCardRow = {
  id: 7,
  title: "Raw Honey",
  detail: "Wildflower honey.",
  unitPriceCents: 1205,
  currency: "USD",
  unitWeight: "1.00",
  unitWeightSymbol: null,
  deliveryService: "in_store",
  image: "product/0123456789abcdef0123456789abcdef",
  score: "4.50",
  reviewCount: 12,
  inStock: true,
  availableQty: null,
  lowStockAt: 5,
  merchantUsername: "bee_farm",
  merchantCity: "Burlington",
  merchantProvinceState: "VT",
};

describe("toProductCard", () => {
  it("answers the price as a decimal string, the unit, the symbol and the card image URL", () => {
    expect(toProductCard(row)).toEqual({
      id: 7,
      title: "Raw Honey",
      detail: "Wildflower honey.",
      price: "12.05",
      priceUnit: "ea",
      currencySymbol: "$",
      currency: "USD",
      deliveryMethod: "in_store",
      merchantUsername: "bee_farm",
      merchantCity: "Burlington",
      merchantProvinceState: "VT",
      image: "/uploads/product/0123456789abcdef0123456789abcdef-sm.webp",
      score: 4.5,
      reviewCount: 12,
      inStock: true,
    });
  });

  it("says how many are left once a limited product reaches the farm's threshold", () => {
    expect(toProductCard({ ...row, availableQty: "12.00", lowStockAt: 5 })).not.toHaveProperty(
      "onlyLeft",
    );
    expect(toProductCard({ ...row, availableQty: "3.00", lowStockAt: 5 }).onlyLeft).toBe(3);
    // Sold by weight: 2.5 kg units out of 10 kg are 4 units.
    expect(
      toProductCard({ ...row, unitWeight: "2.50", availableQty: "10.00", lowStockAt: 5 }).onlyLeft,
    ).toBe(4);
    // Sold out is SOLD OUT, not "Only 0 left".
    expect(toProductCard({ ...row, availableQty: "0.00", lowStockAt: 5 })).not.toHaveProperty(
      "onlyLeft",
    );
  });

  it("adds the distance to one decimal only when asked", () => {
    expect(toProductCard(row, 12.345).distanceKm).toBe(12.3);
    expect(toProductCard(row, null).distanceKm).toBeNull();
    expect(toProductCard(row)).not.toHaveProperty("distanceKm");
  });
});

describe("priceUnit", () => {
  it.each([
    ["1.00", null, "ea"],
    ["2.00", "lbs", "2 lbs"],
    ["0.50", "kg", "0.5 kg"],
    ["250.00", "g", "250 g"],
    ["1.25", "oz", "1.25 oz"],
    [3, "l", "3 l"],
  ] as const)("%s %s reads %s", (weight, symbol, expected) => {
    expect(priceUnit(weight, symbol)).toBe(expected);
  });

  it("keeps whole numbers whole", () => {
    expect(formatWeight("10")).toBe("10");
    expect(formatWeight("100.00")).toBe("100");
  });
});
