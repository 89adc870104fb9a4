import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.NEXTAUTH_SECRET = "handover-state-secret-handover-state-secret";
  process.env.APP_URL = "https://market.example";
});

import type { Db } from "@/server/db/client";
import { closeTestDb, createTestDb } from "@/tests/db";
import {
  createCustomer,
  createMerchant,
  createOrder,
  createProduct,
  type Member,
} from "@/server/db/seed/factories";
import { getCustomerOrder } from "./get-customer-order";
import { getHandoverState } from "./get-handover-state";

let db: Db;
let customer: Member;
let farm: Member;
let productIds: number[];

beforeAll(async () => {
  db = await createTestDb();
  customer = await createCustomer(db);
  farm = await createMerchant(db);
  // An order holds one line per product.
  productIds = [
    (await createProduct(db, { merchantId: farm.id })).id,
    (await createProduct(db, { merchantId: farm.id })).id,
  ];
});
afterAll(() => closeTestDb(db));

type Line = Parameters<typeof createOrder>[1]["items"][number];

async function orderWith(...lines: Omit<Line, "productId">[]) {
  return createOrder(db, {
    customerId: customer.id,
    items: lines.map((line, index) => ({ productId: productIds[index]!, ...line })),
  });
}

/** Nothing left to hand over: every line cancelled, refunded, on its way to a refund or inactive. */
const CLOSED: [string, Omit<Line, "productId">[]][] = [
  ["every line cancelled", [{ status: "cancelled" }, { status: "cancelled" }]],
  ["a card line refunded", [{ status: "refunded" }]],
  ["a cancelled card line whose refund is on its way", [{ refundRequestedAt: new Date() }]],
  ["an inactive line and a cancelled one", [{ active: false }, { status: "cancelled" }]],
];

describe("what is left to hand over", () => {
  it.each(CLOSED)("shows no QR code and tells the farmer plainly: %s", async (_, lines) => {
    const order = await orderWith(...lines);
    const view = await getCustomerOrder(db, { customerId: customer.id, orderNo: order.orderNo });
    expect(view?.handovers).toEqual([]);
    expect(await getHandoverState(db, { orderId: order.id, merchantId: farm.id })).toMatchObject({
      state: "closed",
      orderNo: order.orderNo,
    });
  });

  it("keeps the code while one line is still to hand over", async () => {
    const order = await orderWith({ status: "cancelled" }, {});
    const view = await getCustomerOrder(db, { customerId: customer.id, orderNo: order.orderNo });
    expect(view?.handovers.map((code) => code.merchantId)).toEqual([farm.id]);
    expect(await getHandoverState(db, { orderId: order.id, merchantId: farm.id })).toEqual({
      state: "open",
    });
  });

  it("says refunded when the customer's money went back", async () => {
    const order = await orderWith({ status: "refunded" });
    expect(await getHandoverState(db, { orderId: order.id, merchantId: farm.id })).toMatchObject({
      refunded: true,
    });
  });

  it("finds nothing for another farm or an impossible id", async () => {
    const order = await orderWith({});
    const other = await createMerchant(db);
    expect(await getHandoverState(db, { orderId: order.id, merchantId: other.id })).toEqual({
      state: "missing",
    });
    expect(await getHandoverState(db, { orderId: 2 ** 40, merchantId: farm.id })).toEqual({
      state: "missing",
    });
  });
});
