import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/db/client";
import { closeTestDb, createTestDb } from "@/tests/db";
import {
  createCustomer,
  createMerchant,
  createOrder,
  createProduct,
} from "@/server/db/seed/factories";
import { getLastDelivery } from "./get-last-delivery";

let db: Db;
let productId: number;

beforeAll(async () => {
  db = await createTestDb();
  const farm = await createMerchant(db);
  productId = (await createProduct(db, { merchantId: farm.id })).id;
});
afterAll(() => closeTestDb(db));

const HOME = {
  deliveryDestination: "home" as const,
  phone: "(905) 555-0101",
  address: "22 Elm St., Apt 4",
  city: "Newmarket",
  provinceState: "ON",
  country: "CA",
  postalCode: "L3Y 4X1",
};

describe("getLastDelivery", () => {
  it("is null before the first order", async () => {
    const customer = await createCustomer(db);
    expect(await getLastDelivery(db, customer.id)).toBeNull();
  });

  it("prefers the last home delivery's address over a later pickup", async () => {
    const customer = await createCustomer(db);
    await createOrder(db, { customerId: customer.id, items: [{ productId }], ...HOME });
    await createOrder(db, {
      customerId: customer.id,
      items: [{ productId }],
      deliveryDestination: "store",
      phone: "(416) 555-0199",
      address: null,
      city: null,
      provinceState: null,
      country: null,
      postalCode: null,
    });
    expect(await getLastDelivery(db, customer.id)).toEqual({
      phone: HOME.phone,
      home: {
        address: HOME.address,
        city: HOME.city,
        provinceState: HOME.provinceState,
        postalCode: HOME.postalCode,
        country: "CA",
      },
    });
  });

  it("gives the phone alone when the member only ever picked up", async () => {
    const customer = await createCustomer(db);
    await createOrder(db, {
      customerId: customer.id,
      items: [{ productId }],
      deliveryDestination: "store",
      phone: "(416) 555-0199",
      address: null,
      city: null,
      provinceState: null,
      country: null,
      postalCode: null,
    });
    expect(await getLastDelivery(db, customer.id)).toEqual({ phone: "(416) 555-0199", home: null });
  });
});
