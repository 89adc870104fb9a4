import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { toMerchantCardView, toProductCardView } from "@/lib/catalog/card-view";
import type {
  MerchantCard as MerchantCardData,
  ProductCard as ProductCardData,
} from "@/lib/catalog/types";
import { CARD_DESCRIPTION_MAX_CHARS, INTRODUCTION_PREVIEW_MAX_CHARS } from "@/lib/constants";
import { MerchantCard } from "./merchant-card";
import { ProductCard } from "./product-card";

const PRODUCT: ProductCardData = {
  id: 7,
  title: "Heirloom Tomatoes",
  detail: "Ripe on the vine.",
  price: "6.99",
  priceUnit: "2 lbs",
  currencySymbol: "$",
  currency: "CAD",
  deliveryMethod: "free_delivery",
  merchantUsername: "maple_ridge_farm",
  merchantCity: "Guelph",
  merchantProvinceState: "ON",
  image: null,
  score: 4.5,
  reviewCount: 12,
  inStock: true,
};

const MERCHANT: MerchantCardData = {
  id: 3,
  username: "maple_ridge_farm",
  introduction: "Apples and cider.",
  city: "Guelph",
  province_state: "ON",
  avatar_image: null,
  rating: 4.6,
  review_count: 12,
};

// Texts around the cut: shorter, exactly at it, one past, far past, a space where the cut falls,
// and characters outside the basic plane (the cut counts characters, not UTF-16 units).
function textsAround(max: number): string[] {
  return [
    "Short.",
    "a".repeat(max),
    "a".repeat(max + 1),
    "word ".repeat(max),
    `${"a".repeat(max - 1)} ${"b".repeat(40)}`,
    `${"a".repeat(max - 2)}  tail`,
    "🍅".repeat(max + 5),
  ];
}

describe("the cards drawn from what they show", () => {
  it.each(textsAround(CARD_DESCRIPTION_MAX_CHARS))(
    "draws the same product card from its view (detail %#)",
    (detail) => {
      const product = { ...PRODUCT, detail };
      expect(renderToStaticMarkup(<ProductCard product={toProductCardView(product)} />)).toBe(
        renderToStaticMarkup(<ProductCard product={product} />),
      );
    },
  );

  it("keeps the distance and the sold-out state, and drops the farm's username", () => {
    const product = { ...PRODUCT, distanceKm: 12.34, inStock: false, image: "/uploads/a-sm.webp" };
    const view = toProductCardView(product);
    expect(view).not.toHaveProperty("merchantUsername");
    expect(renderToStaticMarkup(<ProductCard product={view} />)).toBe(
      renderToStaticMarkup(<ProductCard product={product} />),
    );
  });

  it("sends no more of a long detail than the card cuts", () => {
    const view = toProductCardView({ ...PRODUCT, detail: "x".repeat(2000) });
    expect(view.detail).toHaveLength(CARD_DESCRIPTION_MAX_CHARS + 1);
  });

  it.each([...textsAround(INTRODUCTION_PREVIEW_MAX_CHARS), null])(
    "draws the same farmer card from its view (introduction %#)",
    (introduction) => {
      const merchant = { ...MERCHANT, introduction, distanceKm: 0.4 };
      expect(renderToStaticMarkup(<MerchantCard merchant={toMerchantCardView(merchant)} />)).toBe(
        renderToStaticMarkup(<MerchantCard merchant={merchant} />),
      );
    },
  );

  it("sends no more of a long introduction than the card cuts", () => {
    const view = toMerchantCardView({ ...MERCHANT, introduction: "y".repeat(2000) });
    expect(view.introduction).toHaveLength(INTRODUCTION_PREVIEW_MAX_CHARS + 1);
  });
});

describe("the cards' ratings", () => {
  it("reads a product's and a farm's average and count out as one phrase", () => {
    const product = renderToStaticMarkup(<ProductCard product={toProductCardView(PRODUCT)} />);
    expect(product).toContain('role="img" aria-label="4.5 out of 5, 12 reviews"');
    const farm = renderToStaticMarkup(<MerchantCard merchant={toMerchantCardView(MERCHANT)} />);
    expect(farm).toContain('role="img" aria-label="4.6 out of 5, 12 reviews"');
  });

  it("says so when nobody has reviewed yet, and says one review in the singular", () => {
    const none = { ...PRODUCT, score: 0, reviewCount: 0 };
    expect(renderToStaticMarkup(<ProductCard product={toProductCardView(none)} />)).toContain(
      'aria-label="No reviews yet"',
    );
    const one = { ...MERCHANT, rating: 5, review_count: 1 };
    expect(renderToStaticMarkup(<MerchantCard merchant={toMerchantCardView(one)} />)).toContain(
      'aria-label="5 out of 5, 1 review"',
    );
  });
});
