import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/db/client";
import { createCartItem, createCustomer } from "@/server/db/seed/factories";
import { placeOrder } from "@/server/checkout/place-order";
import { cancelOrder } from "@/server/orders/cancel-order";
import { closeTestDb, createTestDb } from "@/tests/db";
import { farmWithWindow, pickupDelivery } from "@/tests/pickup-windows";
import { listFarmPickups } from "./farm-pickups";

// The farm's Pickups view (issue 41 item 5): the next two weeks' days with orders, and one day in
// full with what to pack.

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => closeTestDb(db));

async function orderFor(
  farm: Awaited<ReturnType<typeof farmWithWindow>>,
  occurrence: number,
  qty: number,
) {
  const customer = await createCustomer(db);
  await createCartItem(db, { memberId: customer.id, productId: farm.product.id, qty });
  const chosen = farm.open[occurrence]!;
  const placed = await placeOrder(db, {
    customerId: customer.id,
    checkoutKey: randomUUID(),
    delivery: pickupDelivery(customer, [{ windowId: farm.windowId, day: chosen.day }]),
  });
  return { customer, ...placed, day: chosen.day };
}

describe("the farm's Pickups view", () => {
  it("lists the days with orders and shows the first in full, with what to pack", async () => {
    const farm = await farmWithWindow(db, { capacity: null });
    const a = await orderFor(farm, 0, 2);
    const b = await orderFor(farm, 0, 3);
    const c = await orderFor(farm, 1, 1);

    const view = await listFarmPickups(db, farm.farmer.id);
    expect(view.days).toEqual([
      { day: a.day, orders: 2 },
      { day: c.day, orders: 1 },
    ]);
    expect(view.day).toBe(a.day);
    expect(view.windows).toHaveLength(1);
    expect(view.windows[0]!.orders.map((o) => o.orderNo).sort()).toEqual(
      [a.orderNo, b.orderNo].sort(),
    );
    expect(view.windows[0]!.pack).toEqual([{ productName: farm.product.name, unit: "ea", qty: 5 }]);

    const next = await listFarmPickups(db, farm.farmer.id, { day: c.day });
    expect(next.day).toBe(c.day);
    expect(next.windows[0]!.orders.map((o) => o.orderNo)).toEqual([c.orderNo]);
  });

  it("shows the first day for a day without pickups or a malformed one", async () => {
    const farm = await farmWithWindow(db, { capacity: null });
    const a = await orderFor(farm, 0, 1);
    for (const day of ["2001-01-01", "tomorrow", "2026-13-45' or 1=1"]) {
      expect((await listFarmPickups(db, farm.farmer.id, { day })).day).toBe(a.day);
    }
  });

  it("leaves out a cancelled order (its day, its list, what to pack), and has nothing for a farm without orders", async () => {
    const farm = await farmWithWindow(db, { capacity: null });
    const kept = await orderFor(farm, 0, 2);
    const gone = await orderFor(farm, 0, 4);
    await cancelOrder(db, { customerId: gone.customer.id, orderNo: gone.orderNo });
    const view = await listFarmPickups(db, farm.farmer.id);
    expect(view.days).toEqual([{ day: kept.day, orders: 1 }]);
    expect(view.windows[0]!.orders.map((o) => o.orderNo)).toEqual([kept.orderNo]);
    expect(view.windows[0]!.pack).toEqual([{ productName: farm.product.name, unit: "ea", qty: 2 }]);

    const empty = await farmWithWindow(db, { capacity: null });
    expect(await listFarmPickups(db, empty.farmer.id)).toEqual({
      days: [],
      day: null,
      windows: [],
    });
  });
});
