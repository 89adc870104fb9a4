import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/db/client";
import { closeTestDb, createTestDb } from "@/tests/db";
import {
  createCustomer,
  createMerchant,
  createProduct,
  createReview,
} from "@/server/db/seed/factories";
import { getProductDetail } from "./get-product-detail";

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => closeTestDb(db));

describe("getProductDetail", () => {
  it("reads an active product with its farm, price and score", async () => {
    const merchant = await createMerchant(db, {
      username: "maple_farm",
      city: "Guelph",
      provinceState: "ON",
    });
    const product = await createProduct(db, {
      merchantId: merchant.id,
      name: "Heirloom Tomatoes",
      detail: "Ripe on the vine.",
      unitPriceCents: 450,
      unitWeight: "1.00",
      unitWeightSymbol: "lbs",
      weightRequired: true,
      deliveryService: "free_delivery",
      payByCard: true,
      image: "product/0123456789abcdef0123456789abcdef",
    });
    const [a, b] = await Promise.all([createCustomer(db), createCustomer(db)]);
    await createReview(db, { productId: product.id, memberId: a.id, score: 5 });
    await createReview(db, { productId: product.id, memberId: b.id, score: 4 });

    expect(await getProductDetail(db, product.id)).toMatchObject({
      id: product.id,
      p_key: product.pKey,
      name: "Heirloom Tomatoes",
      detail: "Ripe on the vine.",
      product_image: "/uploads/product/0123456789abcdef0123456789abcdef-lg.webp",
      product_image_sm: "/uploads/product/0123456789abcdef0123456789abcdef-sm.webp",
      unit_price: "4.50",
      unit_price_cents: 450,
      currency: "CAD",
      currency_symbol: "$",
      unit_weight: "1",
      unit_weight_symbol: "lbs",
      price_unit: "1 lbs",
      in_stock: true,
      pay_by_card: true,
      pay_in_person: true,
      delivery_service: "free_delivery",
      merchant_username: "maple_farm",
      merchant_city: "Guelph",
      merchant_province_state: "ON",
      score: 4.5,
      review_count: 2,
    });
  });

  it("prices a product not sold by weight per item and keeps an out-of-stock product visible", async () => {
    const merchant = await createMerchant(db, { country: "US" });
    const product = await createProduct(db, {
      merchantId: merchant.id,
      inStock: false,
      image: null,
    });
    expect(await getProductDetail(db, product.id)).toMatchObject({
      price_unit: "ea",
      currency: "USD",
      in_stock: false,
      product_image: null,
      score: 0,
      review_count: 0,
    });
  });

  it.each([
    ["deleted", { status: "deleted" as const, deletedAt: new Date() }],
    ["permanently removed", { status: "removed" as const, removedAt: new Date() }],
  ])("answers null for a %s product", async (_, state) => {
    const merchant = await createMerchant(db);
    const product = await createProduct(db, { merchantId: merchant.id, ...state });
    expect(await getProductDetail(db, product.id)).toBeNull();
  });

  it("answers null for an unknown id", async () => {
    expect(await getProductDetail(db, 987_654)).toBeNull();
  });
});
