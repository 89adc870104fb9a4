import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.NEXTAUTH_SECRET = "checkout-test-secret-checkout-test-secret-01";
  process.env.APP_URL = "https://market.example";
});

import { deliverySchema } from "@/lib/validation/checkout";
import type { Db } from "@/server/db/client";
import { placeOrder } from "@/server/checkout/place-order";
import { closeTestDb, createTestDb } from "@/tests/db";
import {
  createCartItem,
  createCustomer,
  createMerchant,
  createProduct,
} from "@/server/db/seed/factories";
import { fulfilmentFor, priceUnitLabel } from "./cart-rules";
import { getCheckoutCart } from "./get-checkout-cart";
import { getPlacedOrder } from "./get-placed-order";

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => closeTestDb(db));

describe("getCheckoutCart", () => {
  it("lists the lines of one payment type with line totals, totals and where to deliver", async () => {
    const customer = await createCustomer(db);
    // Card lines are bought only from a farm that can be paid out.
    const farm = await createMerchant(db, { payoutAcctSet: true });
    const delivered = await createProduct(db, {
      merchantId: farm.id,
      name: "Heirloom Tomatoes",
      unitPriceCents: 699,
      weightRequired: true,
      unitWeight: "2.00",
      unitWeightSymbol: "lbs",
      deliveryService: "free_delivery",
    });
    const cardOnly = await createProduct(db, {
      merchantId: farm.id,
      payInPerson: false,
      payByCard: true,
      unitPriceCents: 100,
    });
    const both = await createProduct(db, {
      merchantId: farm.id,
      payByCard: true,
      unitPriceCents: 250,
    });
    await createCartItem(db, { memberId: customer.id, productId: delivered.id, qty: 2 });
    await createCartItem(db, { memberId: customer.id, productId: cardOnly.id, qty: 1 });
    await createCartItem(db, { memberId: customer.id, productId: both.id, qty: 4 });

    const inPerson = await getCheckoutCart(db, { memberId: customer.id, paymentType: "in_person" });
    expect(inPerson.lines.map((line) => line.pKey)).toEqual([delivered.pKey, both.pKey]);
    expect(inPerson.lines[0]).toMatchObject({
      name: "Heirloom Tomatoes",
      qty: 2,
      unitPriceCents: 699,
      lineTotalCents: 1398,
      currency: "CAD",
      priceUnit: "2 lbs",
      deliveryService: "free_delivery",
      merchantUsername: farm.username,
    });
    expect(inPerson.totals).toEqual([{ currency: "CAD", totalCents: 1398 + 1000 }]);
    expect(inPerson.problems).toEqual([]);
    expect(inPerson.suggestedDestination).toBe("home");

    const byCard = await getCheckoutCart(db, { memberId: customer.id, paymentType: "by_card" });
    expect(byCard.lines.map((line) => line.pKey)).toEqual([cardOnly.pKey, both.pKey]);
    expect(byCard.totals).toEqual([{ currency: "CAD", totalCents: 100 + 1000 }]);
    expect(byCard.suggestedDestination).toBe("store");
  });

  it("leaves sold-out and withdrawn lines out, and names the items to move from a mix of currencies", async () => {
    const customer = await createCustomer(db);
    const canadian = await createMerchant(db);
    const american = await createMerchant(db, { country: "US" });
    const soldOut = await createProduct(db, {
      merchantId: canadian.id,
      name: "Sweet Corn",
      inStock: false,
      unitPriceCents: 800,
    });
    const withdrawn = await createProduct(db, {
      merchantId: canadian.id,
      name: "Leeks",
      status: "deleted",
    });
    const cad = await createProduct(db, {
      merchantId: canadian.id,
      name: "Radishes",
      unitPriceCents: 300,
    });
    const usd = await createProduct(db, {
      merchantId: american.id,
      name: "Apple Cider",
      unitPriceCents: 900,
    });
    for (const product of [soldOut, withdrawn, cad, usd])
      await createCartItem(db, { memberId: customer.id, productId: product.id });

    const cart = await getCheckoutCart(db, { memberId: customer.id, paymentType: "in_person" });

    expect(cart.lines.map((line) => line.name)).toEqual(["Radishes", "Apple Cider"]);
    expect(cart.unavailable.map((line) => [line.name, line.reason])).toEqual([
      ["Sweet Corn", "out_of_stock"],
      ["Leeks", "inactive"],
    ]);
    expect(cart.totals).toEqual([
      { currency: "CAD", totalCents: 300 },
      { currency: "USD", totalCents: 900 },
    ]);
    expect(cart.problems).toEqual([
      "One order is paid in one currency, and your cart mixes Canadian dollars and US dollars. Please move these items to your Dream Tracker and check them out separately: Apple Cider.",
    ]);
  });

  it("is empty for a member with no cart, and leaves out permanently removed products", async () => {
    const customer = await createCustomer(db);
    expect(
      (await getCheckoutCart(db, { memberId: customer.id, paymentType: "in_person" })).lines,
    ).toEqual([]);
    const farm = await createMerchant(db);
    const removed = await createProduct(db, { merchantId: farm.id, status: "removed" });
    await createCartItem(db, { memberId: customer.id, productId: removed.id });
    expect(
      (await getCheckoutCart(db, { memberId: customer.id, paymentType: "in_person" })).lines,
    ).toEqual([]);
  });
});

describe("getPlacedOrder", () => {
  it("gives the customer their order with its lines, and nobody else", async () => {
    const customer = await createCustomer(db);
    const stranger = await createCustomer(db);
    const farm = await createMerchant(db);
    const product = await createProduct(db, {
      merchantId: farm.id,
      name: "Music Garlic",
      unitPriceCents: 1200,
    });
    await createCartItem(db, { memberId: customer.id, productId: product.id, qty: 2 });
    const delivery = deliverySchema.parse({
      deliveryDestination: "store",
      firstName: "Ada",
      lastName: "Lee",
      email: "ada@example.com",
      phone: "(416) 555-0100",
    });
    const { orderNo } = await placeOrder(db, {
      customerId: customer.id,
      checkoutKey: randomUUID(),
      delivery,
    });

    const order = await getPlacedOrder(db, { customerId: customer.id, orderNo });
    expect(order).toMatchObject({
      orderNo,
      paymentType: "in_person",
      deliveryDestination: "store",
      totalCents: 2400,
      contact: { firstName: "Ada", lastName: "Lee", email: "ada@example.com", address: null },
      lines: [
        {
          productName: "Music Garlic",
          qty: 2,
          unitPriceCents: 1200,
          lineTotalCents: 2400,
          merchantUsername: farm.username,
          deliveryService: "in_store",
        },
      ],
    });
    expect(await getPlacedOrder(db, { customerId: stranger.id, orderNo })).toBeNull();
    expect(await getPlacedOrder(db, { customerId: customer.id, orderNo: "NOPE'--" })).toBeNull();
  });
});

describe("cart rules", () => {
  it.each([
    ["free_delivery", "home", "free_delivery"],
    ["free_delivery", "store", "in_store"],
    ["in_store", "home", "in_store"],
    ["in_store", "store", "in_store"],
  ] as const)(
    "a %s product with %s delivery is fulfilled as %s",
    (offered, destination, expected) => {
      expect(fulfilmentFor(offered, destination)).toBe(expected);
    },
  );

  it("labels the price unit like product cards", () => {
    expect(
      priceUnitLabel({ weightRequired: false, unitWeight: "1.00", unitWeightSymbol: null }),
    ).toBe("ea");
    expect(
      priceUnitLabel({ weightRequired: true, unitWeight: "0.50", unitWeightSymbol: "kg" }),
    ).toBe("0.5 kg");
    expect(
      priceUnitLabel({ weightRequired: true, unitWeight: "250.00", unitWeightSymbol: "g" }),
    ).toBe("250 g");
  });
});
