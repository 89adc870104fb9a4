import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliverySchema, type Delivery } from "@/lib/validation/checkout";
import { selectCartLines } from "./cart-lines";
import { reviewOrderLines } from "./review-order-lines";
import type { Db } from "@/server/db/client";
import { cartItems, orderItems, orders, products } from "@/server/db/schema";
import { closeTestDb, createTestDb } from "@/tests/db";
import {
  createCartItem,
  createCustomer,
  createMerchant,
  createProduct,
  type Member,
} from "@/server/db/seed/factories";
import { writeOrder, type WrittenOrder } from "./write-order";

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => closeTestDb(db));

function homeDelivery(member: Member): Delivery {
  return deliverySchema.parse({
    deliveryDestination: "home",
    firstName: member.firstName,
    lastName: "Buyer",
    email: member.email,
    phone: "4165550142",
    address: "22 Elm St.",
    city: "Newmarket",
    provinceState: "ON",
    country: "Canada",
    postalCode: "l3y4x1",
  });
}

/** A customer with two lines of two farms, read and checked as placeOrder does. */
async function reviewedCart() {
  const customer = await createCustomer(db);
  const [farmA, farmB] = [await createMerchant(db), await createMerchant(db)];
  // Created in the opposite order of their ids' use below, so the cart order is not the product order.
  const honey = await createProduct(db, {
    merchantId: farmB.id,
    name: "Honey",
    unitPriceCents: 1299,
    deliveryService: "free_delivery",
    unitWeight: "0.50",
    unitWeightSymbol: "kg",
    weightRequired: true,
  });
  const eggs = await createProduct(db, { merchantId: farmA.id, name: "Eggs", unitPriceCents: 650 });
  await createCartItem(db, { memberId: customer.id, productId: eggs.id, qty: 2 });
  await createCartItem(db, { memberId: customer.id, productId: honey.id, qty: 1 });
  const cart = await selectCartLines(db, customer.id);
  const reviewed = await reviewOrderLines(db, {
    customerId: customer.id,
    cart,
    items: undefined,
    paymentType: "in_person",
  });
  return { customer, eggs, honey, reviewed };
}

const cartOf = (memberId: number) =>
  db.select().from(cartItems).where(eq(cartItems.memberId, memberId)).orderBy(cartItems.id);
const ordersOf = (customerId: number) =>
  db.select().from(orders).where(eq(orders.customerId, customerId));

describe("writeOrder", () => {
  it("writes the order, its lines in product id order, and removes the ordered cart rows in one call", async () => {
    const { customer, eggs, honey, reviewed } = await reviewedCart();
    const checkoutKey = randomUUID();

    const written = await writeOrder(db, {
      customerId: customer.id,
      checkoutKey,
      delivery: homeDelivery(customer),
      reviewed,
    });

    expect(written).toMatchObject({
      outcome: "created",
      orderNo: expect.stringMatching(/^[A-Z0-9]{12}$/),
    });
    const [order] = await ordersOf(customer.id);
    expect(order).toMatchObject({
      checkoutKey,
      paymentType: "in_person",
      paymentStatus: "not_required",
      currency: "CAD",
      totalCents: 2 * 650 + 1299,
      deliveryDestination: "home",
      city: "Newmarket",
      postalCode: "L3Y 4X1",
    });
    const lines = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order!.id))
      .orderBy(orderItems.id);
    expect(lines).toMatchObject(
      [
        {
          productId: honey.id,
          productName: "Honey",
          unitPriceCents: 1299,
          qty: 1,
          unitWeight: "0.50",
          unitWeightSymbol: "kg",
          deliveryService: "free_delivery",
        },
        {
          productId: eggs.id,
          productName: "Eggs",
          unitPriceCents: 650,
          qty: 2,
          unitWeight: "1.00",
          unitWeightSymbol: null,
          deliveryService: "in_store",
        },
      ].sort((a, b) => a.productId - b.productId),
    );
    expect(await cartOf(customer.id)).toEqual([]);
    const sold = await db
      .select({ units: products.unitsSold90d })
      .from(products)
      .where(eq(products.id, eggs.id));
    expect(sold).toEqual([{ units: 2 }]);
  });

  it("writes nothing when a cart row changed or left since it was read", async () => {
    const first = await reviewedCart();
    await db.update(cartItems).set({ qty: 3 }).where(eq(cartItems.productId, first.eggs.id));
    const second = await reviewedCart();
    await db.delete(cartItems).where(eq(cartItems.productId, second.honey.id));

    for (const { customer, reviewed } of [first, second]) {
      const before = await cartOf(customer.id);
      const written = await writeOrder(db, {
        customerId: customer.id,
        checkoutKey: randomUUID(),
        delivery: homeDelivery(customer),
        reviewed,
      });
      expect(written).toEqual({ outcome: "cart_changed" });
      expect(await ordersOf(customer.id)).toEqual([]);
      expect(await cartOf(customer.id)).toEqual(before);
    }
  });

  it("writes nothing when the checkout key was used already, and leaves the cart as it was", async () => {
    const { customer, reviewed } = await reviewedCart();
    const other = await reviewedCart();
    const checkoutKey = randomUUID();
    await writeOrder(db, {
      customerId: other.customer.id,
      checkoutKey,
      delivery: homeDelivery(other.customer),
      reviewed: other.reviewed,
    });
    const before = await cartOf(customer.id);

    const written = await writeOrder(db, {
      customerId: customer.id,
      checkoutKey,
      delivery: homeDelivery(customer),
      reviewed,
    });

    expect(written).toEqual({ outcome: "key_taken" });
    expect(await ordersOf(customer.id)).toEqual([]);
    expect(await cartOf(customer.id)).toEqual(before);
  });

  // The farmer's edit lands after reviewOrderLines read the product and before this statement:
  // the statement re-checks each product itself, so a stale review writes nothing.
  it.each<[string, WrittenOrder["outcome"], Partial<typeof products.$inferInsert>]>([
    ["nothing changed", "created", {}],
    ["it went out of stock", "products_changed", { inStock: false }],
    ["its farmer deleted it", "products_changed", { status: "deleted" }],
    ["it was removed for good", "products_changed", { status: "removed" }],
    ["its price changed", "products_changed", { unitPriceCents: 700 }],
    ["pay in person was switched off", "products_changed", { payInPerson: false, payByCard: true }],
    ["its currency changed", "products_changed", { currency: "USD" }],
  ])("when, since a product was reviewed, %s: answers %s", async (_, outcome, change) => {
    const { customer, eggs, honey, reviewed } = await reviewedCart();
    if (Object.keys(change).length > 0)
      await db.update(products).set(change).where(eq(products.id, eggs.id));
    const before = await cartOf(customer.id);

    const written = await writeOrder(db, {
      customerId: customer.id,
      checkoutKey: randomUUID(),
      delivery: homeDelivery(customer),
      reviewed,
    });

    expect(written.outcome).toBe(outcome);
    const sold = await db
      .select({ units: products.unitsSold90d })
      .from(products)
      .where(inArray(products.id, [eggs.id, honey.id]))
      .orderBy(products.id);
    if (outcome === "created") {
      expect(await ordersOf(customer.id)).toHaveLength(1);
      expect(await cartOf(customer.id)).toEqual([]);
      expect(sold.map((row) => row.units).sort()).toEqual([1, 2]);
    } else {
      expect(await ordersOf(customer.id)).toEqual([]);
      expect(await cartOf(customer.id)).toEqual(before);
      expect(sold).toEqual([{ units: 0 }, { units: 0 }]);
    }
  });

  it("never takes another member's cart rows, even when given their ids", async () => {
    const owner = await reviewedCart();
    const intruder = await createCustomer(db);

    const written = await writeOrder(db, {
      customerId: intruder.id,
      checkoutKey: randomUUID(),
      delivery: homeDelivery(intruder),
      reviewed: owner.reviewed,
    });

    expect(written).toEqual({ outcome: "cart_changed" });
    expect(await ordersOf(intruder.id)).toEqual([]);
    expect(await cartOf(owner.customer.id)).toHaveLength(2);
  });
});
