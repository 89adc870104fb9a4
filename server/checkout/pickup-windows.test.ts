import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/db/client";
import { orderPickups, pickupSlots } from "@/server/db/schema";
import {
  createCartItem,
  createCustomer,
  createMerchant,
  createProduct,
  type Member,
} from "@/server/db/seed/factories";
import { AppError } from "@/server/errors";
import { addClosedDate } from "@/server/pickup/farm-setup";
import { failure } from "@/tests/card-checkout";
import { closeTestDb, createTestDb } from "@/tests/db";
import { farmWithWindow as farmWithWindowOf, pickupDelivery } from "@/tests/pickup-windows";
import { placeOrder } from "./place-order";

// Pickup windows at checkout (issue 41 item 4, decision 0050): the chosen window is checked, and a
// window's capacity is taken in the order's own statement. `node scripts/test-pg.mjs
// server/checkout/pickup-windows.test.ts` runs it on PostgreSQL, where the checkouts overlap.

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => closeTestDb(db));

const pickup = pickupDelivery;
const farmWithWindow = (capacity: number | null) => farmWithWindowOf(db, { capacity });

async function buyer(productId: number) {
  const customer = await createCustomer(db);
  await createCartItem(db, { memberId: customer.id, productId, qty: 1 });
  return customer;
}

const order = (customer: Member, choices?: { windowId: number; day: string }[]) =>
  placeOrder(db, {
    customerId: customer.id,
    checkoutKey: randomUUID(),
    delivery: pickup(customer, choices),
  });

const refusal = async (promise: Promise<unknown>) => (await failure(promise)).message;

describe("a store pickup naming a window", () => {
  it("keeps the window, place and time on the order", async () => {
    const { product, windowId, open } = await farmWithWindow(null);
    const customer = await buyer(product.id);
    const { orderId } = await order(customer, [{ windowId, day: open[0]!.day }]);
    const [row] = await db.select().from(orderPickups).where(eq(orderPickups.orderId, orderId));
    expect(row).toMatchObject({ windowId, day: open[0]!.day, placeName: "At the farm" });
    expect(row!.startsAt.toISOString()).toBe(open[0]!.startsAt);
  });

  it("is refused when closed, of another farm or missing, offering the next window; nothing is ordered", async () => {
    const { farmer, product, windowId, open } = await farmWithWindow(null);
    const other = await farmWithWindow(null);
    const customer = await buyer(product.id);
    await addClosedDate(db, farmer.id, open[0]!.day);
    const closed = await refusal(order(customer, [{ windowId, day: open[0]!.day }]));
    expect(closed).toContain("is closed that day. The next open pickup time is");
    expect(
      await refusal(order(customer, [{ windowId: other.windowId, day: other.open[0]!.day }])),
    ).toBe(
      "The pickup time you chose is not offered by a farm in your order. Please choose a pickup time again.",
    );
    expect(await refusal(order(customer, []))).toBe(
      `Please choose a pickup time for ${farmer.username}.`,
    );
    // The spec's clients send no choice: ordered as before, without a time.
    const { orderId } = await order(customer);
    expect(await db.select().from(orderPickups).where(eq(orderPickups.orderId, orderId))).toEqual(
      [],
    );
  });

  it("without windows at the farm orders as before", async () => {
    const farmer = await createMerchant(db);
    const product = await createProduct(db, { merchantId: farmer.id });
    const customer = await buyer(product.id);
    expect((await order(customer, [])).created).toBe(true);
  });
});

describe("the last places of a window, taken by many at once", () => {
  it("50 buyers for 5 places: exactly 5 ordered, the rest told it is full with the next window", async () => {
    const { product, windowId, open } = await farmWithWindow(5);
    const day = open[0]!.day;
    const buyers = await Promise.all(Array.from({ length: 50 }, () => buyer(product.id)));
    const results = await Promise.allSettled(buyers.map((c) => order(c, [{ windowId, day }])));
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(AppError);
      expect((r.reason as AppError).message).toMatch(/is full\. The next open pickup time is/);
    }
    const [slot] = await db.select().from(pickupSlots).where(eq(pickupSlots.windowId, windowId));
    expect(slot).toMatchObject({ taken: 5, capacity: 5 });
    expect(
      await db.select().from(orderPickups).where(eq(orderPickups.windowId, windowId)),
    ).toHaveLength(5);
  });
});
