import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.NEXTAUTH_SECRET = "place-order-test-secret-place-order-test-01";
  process.env.APP_URL = "https://market.example";
});

import { deliverySchema, type Delivery } from "@/lib/validation/checkout";
import { EMPTY_CART_MESSAGE } from "./cart-rules";
import type { Db } from "@/server/db/client";
import {
  cartItems,
  emailOutbox,
  merchantLineCounts,
  notificationPreferences,
  orderItems,
  orders,
  products,
} from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { withFollowUps } from "@/server/base/follow-ups";
import { closeTestDb, createTestDb } from "@/tests/db";
import {
  createCartItem,
  createCustomer,
  createMerchant,
  createProduct,
  type Member,
  type Product,
} from "@/server/db/seed/factories";
import { cancelOrder } from "@/server/orders/cancel-order";
import { CART_CHANGED_MESSAGE, CHECKOUT_KEY_USED_MESSAGE, placeOrder } from "./place-order";

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => closeTestDb(db));

function storePickup(member: Member): Delivery {
  return deliverySchema.parse({
    deliveryDestination: "store",
    firstName: member.firstName,
    lastName: "Buyer",
    email: member.email,
    phone: "4165550142",
  });
}

function homeDelivery(member: Member): Delivery {
  return deliverySchema.parse({
    ...storePickup(member),
    deliveryDestination: "home",
    address: "22 Elm St., Apt 4",
    city: "Newmarket",
    provinceState: "ON",
    country: "Canada",
    postalCode: "l3y4x1",
  });
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const cartOf = (memberId: number) =>
  db.select().from(cartItems).where(eq(cartItems.memberId, memberId));
const ordersOf = (customerId: number) =>
  db.select().from(orders).where(eq(orders.customerId, customerId));
const mailsTo = (to: string) => db.select().from(emailOutbox).where(eq(emailOutbox.to, to));

/**
 * `db`, but placeOrder's write (the named statement `writeOrder` prepares, which begins
 * `with ordered`) runs only after `meanwhile`, the first time.
 */
function beforeFirstWrite(meanwhile: () => Promise<unknown>): Db {
  let waiting = true;
  const session = db._.session;
  const hooked = new Proxy(session, {
    get(target, property, receiver) {
      if (property !== "prepareQuery") return Reflect.get(target, property, receiver);
      return (...args: Parameters<typeof session.prepareQuery>) => {
        const prepared = target.prepareQuery(...args);
        if (!waiting || !args[0].sql.trimStart().startsWith("with ordered")) return prepared;
        const execute = prepared.execute.bind(prepared);
        prepared.execute = async (...values: Parameters<typeof execute>) => {
          waiting = false;
          await meanwhile();
          return execute(...values);
        };
        return prepared;
      };
    },
  });
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === "_") return { ...target._, session: hooked };
      return Reflect.get(target, property, receiver);
    },
  });
}

describe("placeOrder", () => {
  it("places one order with a snapshot per line, totals in cents, and clears the ordered cart rows", async () => {
    const customer = await createCustomer(db);
    const farmA = await createMerchant(db);
    const farmB = await createMerchant(db);
    const eggs = await createProduct(db, {
      merchantId: farmA.id,
      name: "Free-range Eggs",
      unitPriceCents: 650,
    });
    const honey = await createProduct(db, {
      merchantId: farmB.id,
      name: "Wildflower Honey",
      unitPriceCents: 1299,
      weightRequired: true,
      unitWeight: "0.50",
      unitWeightSymbol: "kg",
    });
    const cardOnly = await createProduct(db, {
      merchantId: farmB.id,
      payInPerson: false,
      payByCard: true,
    });
    await createCartItem(db, { memberId: customer.id, productId: eggs.id, qty: 2 });
    await createCartItem(db, { memberId: customer.id, productId: honey.id, qty: 3 });
    await createCartItem(db, { memberId: customer.id, productId: cardOnly.id, qty: 1 });

    const placed = await placeOrder(db, {
      customerId: customer.id,
      checkoutKey: randomUUID(),
      delivery: storePickup(customer),
    });

    expect(placed.created).toBe(true);
    expect(placed.orderNo).toMatch(/^[A-Z0-9]{12}$/);
    const [order] = await db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(order).toMatchObject({
      orderNo: placed.orderNo,
      customerId: customer.id,
      paymentType: "in_person",
      paymentStatus: "not_required",
      deliveryDestination: "store",
      currency: "CAD",
      totalCents: 2 * 650 + 3 * 1299,
      firstName: customer.firstName,
      lastName: "Buyer",
      phone: "(416) 555-0142",
      address: null,
      postalCode: null,
    });
    const lines = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, placed.orderId))
      .orderBy(orderItems.id);
    expect(lines).toMatchObject([
      {
        productId: eggs.id,
        merchantId: farmA.id,
        productName: "Free-range Eggs",
        unitPriceCents: 650,
        qty: 2,
        unitWeight: "1.00",
        unitWeightSymbol: null,
        status: "order_created",
      },
      {
        productId: honey.id,
        merchantId: farmB.id,
        productName: "Wildflower Honey",
        unitPriceCents: 1299,
        qty: 3,
        unitWeight: "0.50",
        unitWeightSymbol: "kg",
      },
    ]);
    // The card-only line was not part of this checkout and stays in the cart.
    expect((await cartOf(customer.id)).map((row) => row.productId)).toEqual([cardOnly.id]);
  });

  it("keeps the snapshot when the product changes later", async () => {
    const customer = await createCustomer(db);
    const farm = await createMerchant(db);
    const product = await createProduct(db, {
      merchantId: farm.id,
      name: "Maple Syrup",
      unitPriceCents: 1800,
    });
    await createCartItem(db, { memberId: customer.id, productId: product.id, qty: 1 });
    const placed = await placeOrder(db, {
      customerId: customer.id,
      checkoutKey: randomUUID(),
      delivery: storePickup(customer),
    });

    await db
      .update(products)
      .set({ name: "Dark Maple Syrup", unitPriceCents: 2400, status: "deleted" })
      .where(eq(products.id, product.id));

    const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, placed.orderId));
    expect(line).toMatchObject({ productName: "Maple Syrup", unitPriceCents: 1800 });
    const [order] = await db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(order!.totalCents).toBe(1800);
  });

  it("stores the address for home delivery and delivers only what the farmer delivers", async () => {
    const customer = await createCustomer(db);
    const farm = await createMerchant(db);
    const delivered = await createProduct(db, {
      merchantId: farm.id,
      deliveryService: "free_delivery",
    });
    const pickup = await createProduct(db, { merchantId: farm.id, deliveryService: "in_store" });
    await createCartItem(db, { memberId: customer.id, productId: delivered.id });
    await createCartItem(db, { memberId: customer.id, productId: pickup.id });

    const placed = await placeOrder(db, {
      customerId: customer.id,
      checkoutKey: randomUUID(),
      delivery: homeDelivery(customer),
    });

    const [order] = await db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(order).toMatchObject({
      deliveryDestination: "home",
      address: "22 Elm St., Apt 4",
      city: "Newmarket",
      provinceState: "ON",
      country: "CA",
      postalCode: "L3Y 4X1",
    });
    const lines = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, placed.orderId))
      .orderBy(orderItems.id);
    expect(lines.map((line) => line.deliveryService)).toEqual(["free_delivery", "in_store"]);
  });

  it("turns a delivered product into a pickup line when the customer picks up at the farm", async () => {
    const customer = await createCustomer(db);
    const farm = await createMerchant(db);
    const delivered = await createProduct(db, {
      merchantId: farm.id,
      deliveryService: "free_delivery",
    });
    await createCartItem(db, { memberId: customer.id, productId: delivered.id });

    const placed = await placeOrder(db, {
      customerId: customer.id,
      checkoutKey: randomUUID(),
      delivery: storePickup(customer),
    });

    const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, placed.orderId));
    expect(line!.deliveryService).toBe("in_store");
  });

  it.each([
    [
      "no longer active",
      { status: "deleted" as const },
      "is no longer available. Please review your order again.",
    ],
    ["out of stock", { inStock: false }, "is now out of stock. Please review your order again."],
  ])(
    "refuses a reviewed product that is %s since, naming it, and changes nothing",
    async (_, change, message) => {
      const customer = await createCustomer(db);
      const farm = await createMerchant(db);
      const fine = await createProduct(db, { merchantId: farm.id });
      const bad = await createProduct(db, { merchantId: farm.id, name: "Sour Cherries" });
      await createCartItem(db, { memberId: customer.id, productId: fine.id });
      await createCartItem(db, { memberId: customer.id, productId: bad.id });
      const items = [fine, bad].map((p) => ({ pKey: p.pKey, qty: 1 }));
      await db.update(products).set(change).where(eq(products.id, bad.id));

      const error = await failure(
        placeOrder(db, {
          customerId: customer.id,
          checkoutKey: randomUUID(),
          delivery: storePickup(customer),
          items,
        }),
      );

      expect(error.code).toBe("conflict");
      expect(error.message).toBe(`Sour Cherries ${message}`);
      expect(await ordersOf(customer.id)).toEqual([]);
      expect(await cartOf(customer.id)).toHaveLength(2);
    },
  );

  it("leaves sold-out and withdrawn products in the cart when no reviewed lines are sent", async () => {
    const customer = await createCustomer(db);
    const farm = await createMerchant(db);
    const fine = await createProduct(db, { merchantId: farm.id });
    const soldOut = await createProduct(db, { merchantId: farm.id, inStock: false });
    const withdrawn = await createProduct(db, { merchantId: farm.id, status: "deleted" });
    for (const product of [fine, soldOut, withdrawn])
      await createCartItem(db, { memberId: customer.id, productId: product.id });

    const placed = await placeOrder(db, {
      customerId: customer.id,
      checkoutKey: randomUUID(),
      delivery: storePickup(customer),
    });

    const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, placed.orderId));
    expect(lines.map((line) => line.productId)).toEqual([fine.id]);
    expect((await cartOf(customer.id)).map((row) => row.productId).sort()).toEqual(
      [soldOut.id, withdrawn.id].sort(),
    );

    const nothingLeft = await failure(
      placeOrder(db, {
        customerId: customer.id,
        checkoutKey: randomUUID(),
        delivery: storePickup(customer),
      }),
    );
    expect(nothingLeft.message).toBe(EMPTY_CART_MESSAGE);
  });

  it("refuses a reviewed product that no longer offers pay in person", async () => {
    const customer = await createCustomer(db);
    const farm = await createMerchant(db);
    const product = await createProduct(db, { merchantId: farm.id, name: "Redhaven Peaches" });
    await createCartItem(db, { memberId: customer.id, productId: product.id, qty: 2 });
    const items = [{ pKey: product.pKey, qty: 2 }];
    await db
      .update(products)
      .set({ payInPerson: false, payByCard: true })
      .where(eq(products.id, product.id));

    const error = await failure(
      placeOrder(db, {
        customerId: customer.id,
        checkoutKey: randomUUID(),
        delivery: storePickup(customer),
        items,
      }),
    );

    expect(error.message).toBe(
      "Redhaven Peaches can no longer be paid in person. Please review your order again.",
    );
    expect(await ordersOf(customer.id)).toEqual([]);
  });

  it("orders exactly the reviewed lines and refuses a cart that changed since the review", async () => {
    const customer = await createCustomer(db);
    const farm = await createMerchant(db);
    const reviewed = await createProduct(db, { merchantId: farm.id, name: "Blueberries" });
    const addedLater = await createProduct(db, { merchantId: farm.id });
    await createCartItem(db, { memberId: customer.id, productId: reviewed.id, qty: 2 });

    const changedQty = await failure(
      placeOrder(db, {
        customerId: customer.id,
        checkoutKey: randomUUID(),
        delivery: storePickup(customer),
        items: [{ pKey: reviewed.pKey, qty: 1 }],
      }),
    );
    expect(changedQty.message).toBe(
      "The quantity of Blueberries in your cart is now 2. Please review your order again.",
    );
    const gone = await failure(
      placeOrder(db, {
        customerId: customer.id,
        checkoutKey: randomUUID(),
        delivery: storePickup(customer),
        items: [{ pKey: addedLater.pKey, qty: 1 }],
      }),
    );
    expect(gone.message).toBe(CART_CHANGED_MESSAGE);

    await createCartItem(db, { memberId: customer.id, productId: addedLater.id });
    const placed = await placeOrder(db, {
      customerId: customer.id,
      checkoutKey: randomUUID(),
      delivery: storePickup(customer),
      items: [{ pKey: reviewed.pKey, qty: 2 }],
    });
    const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, placed.orderId));
    expect(lines.map((line) => line.productId)).toEqual([reviewed.id]);
    expect((await cartOf(customer.id)).map((row) => row.productId)).toEqual([addedLater.id]);
  });

  // placeOrder reads and checks the cart, then writes in one statement (writeOrder). These run
  // `meanwhile` just before that statement, as another tab or a double click would.
  it("reads the cart again when it changed between the check and the write, and orders it as it is then", async () => {
    const customer = await createCustomer(db);
    const farm = await createMerchant(db);
    const eggs = await createProduct(db, { merchantId: farm.id, unitPriceCents: 650 });
    await createCartItem(db, { memberId: customer.id, productId: eggs.id, qty: 2 });
    const meanwhile = () =>
      db.update(cartItems).set({ qty: 5 }).where(eq(cartItems.memberId, customer.id));

    const placed = await placeOrder(beforeFirstWrite(meanwhile), {
      customerId: customer.id,
      checkoutKey: randomUUID(),
      delivery: storePickup(customer),
    });

    expect(placed.created).toBe(true);
    const [order] = await ordersOf(customer.id);
    expect(order!.totalCents).toBe(5 * 650);
    const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, placed.orderId));
    expect(lines.map((line) => line.qty)).toEqual([5]);
    expect(await cartOf(customer.id)).toEqual([]);
  });

  it("refuses reviewed lines changed between the check and the write, and writes nothing", async () => {
    const customer = await createCustomer(db);
    const farm = await createMerchant(db);
    const berries = await createProduct(db, { merchantId: farm.id, name: "Blueberries" });
    const corn = await createProduct(db, { merchantId: farm.id, name: "Sweet Corn" });
    await createCartItem(db, { memberId: customer.id, productId: berries.id, qty: 2 });
    await createCartItem(db, { memberId: customer.id, productId: corn.id, qty: 1 });
    const items = [
      { pKey: berries.pKey, qty: 2 },
      { pKey: corn.pKey, qty: 1 },
    ];
    const meanwhile = () =>
      db.update(cartItems).set({ qty: 3 }).where(eq(cartItems.productId, berries.id));

    const changed = await failure(
      placeOrder(beforeFirstWrite(meanwhile), {
        customerId: customer.id,
        checkoutKey: randomUUID(),
        delivery: storePickup(customer),
        items,
      }),
    );

    expect(changed).toMatchObject({
      code: "conflict",
      message: "The quantity of Blueberries in your cart is now 3. Please review your order again.",
    });
    expect(await ordersOf(customer.id)).toEqual([]);
    expect((await cartOf(customer.id)).map((row) => row.qty).sort()).toEqual([1, 3]);
  });

  it.each<[string, Partial<typeof products.$inferInsert>, string]>([
    [
      "goes out of stock",
      { inStock: false },
      "Sour Cherries is now out of stock. Please review your order again.",
    ],
    [
      "is deleted by its farmer",
      { status: "deleted" },
      "Sour Cherries is no longer available. Please review your order again.",
    ],
    ["is removed for good", { status: "removed" }, CART_CHANGED_MESSAGE],
    [
      "stops offering pay in person",
      { payInPerson: false, payByCard: true },
      "Sour Cherries can no longer be paid in person. Please review your order again.",
    ],
    [
      "changes price",
      { unitPriceCents: 975 },
      "The price of Sour Cherries is now $9.75. Please review your order again.",
    ],
  ])(
    "refuses a reviewed product that %s between the check and the write as the check does, and writes nothing",
    async (_, change, message) => {
      const customer = await createCustomer(db);
      const farm = await createMerchant(db);
      const fine = await createProduct(db, { merchantId: farm.id, unitPriceCents: 650 });
      const cherries = await createProduct(db, {
        merchantId: farm.id,
        name: "Sour Cherries",
        unitPriceCents: 450,
      });
      await createCartItem(db, { memberId: customer.id, productId: fine.id });
      await createCartItem(db, { memberId: customer.id, productId: cherries.id, qty: 2 });
      const input = {
        customerId: customer.id,
        delivery: storePickup(customer),
        items: [
          { pKey: fine.pKey, qty: 1, unitPriceCents: 650 },
          { pKey: cherries.pKey, qty: 2, unitPriceCents: 450 },
        ],
      };
      const cartBefore = await cartOf(customer.id);
      const meanwhile = () => db.update(products).set(change).where(eq(products.id, cherries.id));

      const refused = await failure(
        placeOrder(beforeFirstWrite(meanwhile), { ...input, checkoutKey: randomUUID() }),
      );

      expect(refused).toMatchObject({ code: "conflict", message });
      expect(await ordersOf(customer.id)).toEqual([]);
      expect(await cartOf(customer.id)).toEqual(cartBefore);
      const sold = await db
        .select({ units: products.unitsSold90d })
        .from(products)
        .where(inArray(products.id, [fine.id, cherries.id]));
      expect(sold).toEqual([{ units: 0 }, { units: 0 }]);
      // The check alone, once the change is in, gives the same answer.
      const checked = await failure(placeOrder(db, { ...input, checkoutKey: randomUUID() }));
      expect(checked.message).toBe(message);
    },
  );

  it("orders the reviewed lines when a product edit between the check and the write changes nothing the check reads", async () => {
    const customer = await createCustomer(db);
    const farm = await createMerchant(db);
    const cherries = await createProduct(db, { merchantId: farm.id, unitPriceCents: 450 });
    await createCartItem(db, { memberId: customer.id, productId: cherries.id, qty: 2 });
    const meanwhile = () =>
      db.update(products).set({ detail: "Picked today." }).where(eq(products.id, cherries.id));

    const placed = await placeOrder(beforeFirstWrite(meanwhile), {
      customerId: customer.id,
      checkoutKey: randomUUID(),
      delivery: storePickup(customer),
      items: [{ pKey: cherries.pKey, qty: 2, unitPriceCents: 450 }],
    });

    expect(placed.created).toBe(true);
    const [order] = await ordersOf(customer.id);
    expect(order!.totalCents).toBe(2 * 450);
    expect(await cartOf(customer.id)).toEqual([]);
  });

  it("without reviewed lines, orders what can still be bought at its price of now when products change between the check and the write", async () => {
    const customer = await createCustomer(db);
    const farm = await createMerchant(db);
    const eggs = await createProduct(db, { merchantId: farm.id, unitPriceCents: 650 });
    const cherries = await createProduct(db, { merchantId: farm.id, unitPriceCents: 450 });
    await createCartItem(db, { memberId: customer.id, productId: eggs.id, qty: 2 });
    await createCartItem(db, { memberId: customer.id, productId: cherries.id, qty: 3 });
    const meanwhile = async () => {
      await db.update(products).set({ inStock: false }).where(eq(products.id, eggs.id));
      await db.update(products).set({ unitPriceCents: 500 }).where(eq(products.id, cherries.id));
    };

    const placed = await placeOrder(beforeFirstWrite(meanwhile), {
      customerId: customer.id,
      checkoutKey: randomUUID(),
      delivery: storePickup(customer),
    });

    const [order] = await ordersOf(customer.id);
    expect(order!.totalCents).toBe(3 * 500);
    const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, placed.orderId));
    expect(lines).toMatchObject([{ productId: cherries.id, qty: 3, unitPriceCents: 500 }]);
    expect((await cartOf(customer.id)).map((row) => row.productId)).toEqual([eggs.id]);
  });

  it("answers the first order when its twin committed between the check and the write", async () => {
    const customer = await createCustomer(db);
    const farm = await createMerchant(db);
    const product = await createProduct(db, { merchantId: farm.id });
    await createCartItem(db, { memberId: customer.id, productId: product.id, qty: 2 });
    const input = {
      customerId: customer.id,
      checkoutKey: randomUUID(),
      delivery: storePickup(customer),
      items: [{ pKey: product.pKey, qty: 2 }],
    };
    let first: Awaited<ReturnType<typeof placeOrder>> | undefined;

    const second = await placeOrder(
      beforeFirstWrite(async () => {
        first = await placeOrder(db, input);
      }),
      input,
    );

    expect(first?.created).toBe(true);
    expect(second).toEqual({ ...first, created: false });
    expect(await ordersOf(customer.id)).toHaveLength(1);
  });

  it("refuses a reviewed line whose price changed since the preview, and orders it at the new one once seen", async () => {
    const customer = await createCustomer(db);
    const farm = await createMerchant(db);
    const berries = await createProduct(db, {
      merchantId: farm.id,
      name: "Blueberries",
      unitPriceCents: 450,
    });
    await createCartItem(db, { memberId: customer.id, productId: berries.id });
    await db.update(products).set({ unitPriceCents: 975 }).where(eq(products.id, berries.id));

    const changed = await failure(
      placeOrder(db, {
        customerId: customer.id,
        checkoutKey: randomUUID(),
        delivery: storePickup(customer),
        items: [{ pKey: berries.pKey, qty: 1, unitPriceCents: 450 }],
      }),
    );
    expect(changed.code).toBe("conflict");
    expect(changed.message).toBe(
      "The price of Blueberries is now $9.75. Please review your order again.",
    );
    expect(await ordersOf(customer.id)).toEqual([]);

    const placed = await placeOrder(db, {
      customerId: customer.id,
      checkoutKey: randomUUID(),
      delivery: storePickup(customer),
      items: [{ pKey: berries.pKey, qty: 1, unitPriceCents: 975 }],
    });
    const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, placed.orderId));
    expect(line!.unitPriceCents).toBe(975);
  });

  it("refuses a cart mixing currencies, naming the items to move", async () => {
    const customer = await createCustomer(db);
    const canadian = await createMerchant(db);
    const american = await createMerchant(db, { country: "US" });
    const cad = await createProduct(db, { merchantId: canadian.id });
    const usdA = await createProduct(db, { merchantId: american.id, name: "Concord Grapes" });
    const usdB = await createProduct(db, { merchantId: american.id, name: "Sweet Cherries" });
    for (const product of [usdA, cad, usdB])
      await createCartItem(db, { memberId: customer.id, productId: product.id });

    const error = await failure(
      placeOrder(db, {
        customerId: customer.id,
        checkoutKey: randomUUID(),
        delivery: storePickup(customer),
      }),
    );

    expect(error.code).toBe("conflict");
    expect(error.message).toBe(
      "One order is paid in one currency, and your cart mixes Canadian dollars and US dollars. " +
        "Please move these items to your Dream Tracker and check them out separately: Concord Grapes, Sweet Cherries.",
    );
    expect(await ordersOf(customer.id)).toEqual([]);
    expect(await cartOf(customer.id)).toHaveLength(3);
  });

  it("refuses an empty cart, and a cart holding only card items", async () => {
    const customer = await createCustomer(db);
    const empty = await failure(
      placeOrder(db, {
        customerId: customer.id,
        checkoutKey: randomUUID(),
        delivery: storePickup(customer),
      }),
    );
    expect(empty).toMatchObject({ code: "conflict", message: EMPTY_CART_MESSAGE });

    const farm = await createMerchant(db);
    const cardOnly = await createProduct(db, {
      merchantId: farm.id,
      payInPerson: false,
      payByCard: true,
    });
    await createCartItem(db, { memberId: customer.id, productId: cardOnly.id });
    const cardCart = await failure(
      placeOrder(db, {
        customerId: customer.id,
        checkoutKey: randomUUID(),
        delivery: storePickup(customer),
      }),
    );
    expect(cardCart.message).toBe(EMPTY_CART_MESSAGE);
    expect(await ordersOf(customer.id)).toEqual([]);
  });

  it("leaves another member's cart alone", async () => {
    const customer = await createCustomer(db);
    const neighbour = await createCustomer(db);
    const farm = await createMerchant(db);
    const product = await createProduct(db, { merchantId: farm.id });
    await createCartItem(db, { memberId: customer.id, productId: product.id });
    await createCartItem(db, { memberId: neighbour.id, productId: product.id, qty: 4 });

    await placeOrder(db, {
      customerId: customer.id,
      checkoutKey: randomUUID(),
      delivery: storePickup(customer),
    });

    expect(await cartOf(customer.id)).toEqual([]);
    expect(await cartOf(neighbour.id)).toMatchObject([{ productId: product.id, qty: 4 }]);
    expect(await ordersOf(neighbour.id)).toEqual([]);
  });

  it("answers a retry with the same order, and refuses another member's checkout key", async () => {
    const customer = await createCustomer(db);
    const farm = await createMerchant(db);
    const product = await createProduct(db, { merchantId: farm.id });
    await createCartItem(db, { memberId: customer.id, productId: product.id });
    const checkoutKey = randomUUID();

    const first = await placeOrder(db, {
      customerId: customer.id,
      checkoutKey,
      delivery: storePickup(customer),
    });
    const again = await placeOrder(db, {
      customerId: customer.id,
      checkoutKey,
      delivery: homeDelivery(customer),
    });

    expect(again).toEqual({ ...first, created: false });
    expect(await ordersOf(customer.id)).toHaveLength(1);

    const other = await createCustomer(db);
    await createCartItem(db, { memberId: other.id, productId: product.id });
    const error = await failure(
      placeOrder(db, { customerId: other.id, checkoutKey, delivery: storePickup(other) }),
    );
    expect(error).toMatchObject({ code: "conflict", message: CHECKOUT_KEY_USED_MESSAGE });
    expect(await cartOf(other.id)).toHaveLength(1);
  });

  it("makes exactly one order from twenty concurrent submissions of one checkout", async () => {
    const customer = await createCustomer(db);
    const farm = await createMerchant(db);
    const a = await createProduct(db, { merchantId: farm.id, unitPriceCents: 500 });
    const b = await createProduct(db, { merchantId: farm.id, unitPriceCents: 725 });
    await createCartItem(db, { memberId: customer.id, productId: a.id, qty: 3 });
    await createCartItem(db, { memberId: customer.id, productId: b.id, qty: 1 });
    const checkoutKey = randomUUID();

    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        placeOrder(db, { customerId: customer.id, checkoutKey, delivery: storePickup(customer) }),
      ),
    );

    const placed = await ordersOf(customer.id);
    expect(placed).toHaveLength(1);
    expect(placed[0]!.totalCents).toBe(3 * 500 + 725);
    expect(new Set(results.map((r) => r.orderNo))).toEqual(new Set([placed[0]!.orderNo]));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(
      await db.select().from(orderItems).where(eq(orderItems.orderId, placed[0]!.id)),
    ).toHaveLength(2);
    expect(await cartOf(customer.id)).toEqual([]);
  });

  // On PostgreSQL these transactions really overlap. Each adds to its farmers' line counters when
  // its lines are inserted (migration 0015, in farmer id order) and to the units sold of its
  // products at commit (migration 0008, in product id order, whatever the cart's order); a cancel
  // updates its lines, and so its products, in product id order too. The products of three farms
  // are interleaved, so farm order and product order differ. Those lock orders are what rule a
  // deadlock out; a cycle needs two commits to meet within a millisecond, which a test cannot
  // force, so this one checks that every order and cancel goes through with exact counts.
  it("places every order when ten carts sharing products of three farms, in opposite orders, check out while others cancel", async () => {
    const farms = await Promise.all([0, 1, 2].map(() => createMerchant(db)));
    const shared: Product[] = [];
    for (let i = 0; i < 30; i += 1)
      shared.push(
        await createProduct(db, { merchantId: farms[(30 - i) % 3]!.id, unitPriceCents: 300 }),
      );
    const customers = await Promise.all(Array.from({ length: 10 }, () => createCustomer(db)));
    for (const [i, customer] of customers.entries()) {
      const order = i % 2 === 0 ? shared : [...shared].reverse();
      for (const product of order)
        await createCartItem(db, { memberId: customer.id, productId: product.id, qty: 2 });
    }
    // Four earlier orders of the same products, cancelled while the carts check out.
    const earlier = await Promise.all(Array.from({ length: 4 }, () => createCustomer(db)));
    // Each placed order mails its customer and farmers (a 30-line mail rendered each time): this
    // test is about the writes, so everyone here has turned order mails off.
    await db.insert(notificationPreferences).values(
      [...farms, ...customers, ...earlier].map((member) => ({
        memberId: member.id,
        type: "order" as const,
        allowed: false,
      })),
    );
    const placed: { customerId: number; orderNo: string }[] = [];
    for (const customer of earlier) {
      for (const product of shared)
        await createCartItem(db, { memberId: customer.id, productId: product.id, qty: 1 });
      const { orderNo } = await placeOrder(db, {
        customerId: customer.id,
        checkoutKey: randomUUID(),
        delivery: storePickup(customer),
      });
      placed.push({ customerId: customer.id, orderNo });
    }

    const results = await Promise.allSettled([
      ...customers.map((customer) =>
        placeOrder(db, {
          customerId: customer.id,
          checkoutKey: randomUUID(),
          delivery: storePickup(customer),
        }),
      ),
      ...placed.map((order) => cancelOrder(db, order)),
    ]);

    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    const sold = await db
      .select({ units: products.unitsSold90d })
      .from(products)
      .where(
        inArray(
          products.id,
          shared.map((p) => p.id),
        ),
      );
    expect(sold.map((p) => p.units)).toEqual(shared.map(() => 20));
    const counters = await db
      .select({ merchantId: merchantLineCounts.merchantId, lines: merchantLineCounts.lineCount })
      .from(merchantLineCounts)
      .where(
        inArray(
          merchantLineCounts.merchantId,
          farms.map((f) => f.id),
        ),
      );
    // 14 orders of 10 lines from each farm, the cancelled ones included.
    expect(counters.map((c) => c.lines)).toEqual([140, 140, 140]);
  });

  it("orders a cart once when two tabs check it out at the same time with different keys", async () => {
    const customer = await createCustomer(db);
    const farm = await createMerchant(db);
    const product = await createProduct(db, { merchantId: farm.id });
    await createCartItem(db, { memberId: customer.id, productId: product.id, qty: 2 });
    const items = [{ pKey: product.pKey, qty: 2 }];

    const results = await Promise.allSettled(
      [randomUUID(), randomUUID()].map((checkoutKey) =>
        placeOrder(db, {
          customerId: customer.id,
          checkoutKey,
          delivery: storePickup(customer),
          items,
        }),
      ),
    );

    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(refused?.reason).toMatchObject({ code: "conflict", message: CART_CHANGED_MESSAGE });
    expect(await ordersOf(customer.id)).toHaveLength(1);
  });
});

describe("order-placed emails", () => {
  // The write that created the order schedules them (afterCommit): after the answer inside a
  // request (app/api/checkout/route.test.ts), before placeOrder returns here, outside one.
  it("are sent by the call that placed the order, once, and not for a retry of its key", async () => {
    const customer = await createCustomer(db);
    const farm = await createMerchant(db);
    const product = await createProduct(db, { merchantId: farm.id });
    await createCartItem(db, { memberId: customer.id, productId: product.id });
    const input = {
      customerId: customer.id,
      checkoutKey: randomUUID(),
      delivery: storePickup(customer),
    };

    const placed = await placeOrder(db, input);
    const retried = await placeOrder(db, input);

    expect([placed.created, retried.created]).toEqual([true, false]);
    expect(await mailsTo(customer.email)).toHaveLength(1);
    expect(await mailsTo(farm.email)).toHaveLength(1);
  });

  it("mail the customer the whole order and each farmer only their lines", async () => {
    const customer = await createCustomer(db);
    const farmA = await createMerchant(db);
    const farmB = await createMerchant(db);
    const carrots = await createProduct(db, {
      merchantId: farmA.id,
      name: "Rainbow Carrots",
      unitPriceCents: 450,
    });
    const pears = await createProduct(db, {
      merchantId: farmB.id,
      name: "Bartlett Pears",
      unitPriceCents: 650,
    });
    await createCartItem(db, { memberId: customer.id, productId: carrots.id, qty: 2 });
    await createCartItem(db, { memberId: customer.id, productId: pears.id, qty: 1 });
    const placed = await placeOrder(db, {
      customerId: customer.id,
      checkoutKey: randomUUID(),
      delivery: homeDelivery(customer),
    });

    const [toCustomer] = await mailsTo(customer.email);
    expect(toCustomer!.subject).toBe(`Thank you for your order ${placed.orderNo}`);
    expect(toCustomer!.text).toContain("Rainbow Carrots");
    expect(toCustomer!.text).toContain("Bartlett Pears");
    expect(toCustomer!.text).toContain("CA$15.50");
    expect(toCustomer!.text).toContain("https://market.example/myOrders/manage");
    expect(toCustomer!.text).toContain("You pay each farmer in person when you get your items.");
    expect(toCustomer!.headers["List-Unsubscribe"]).toContain("/order/");

    const [toFarmA] = await mailsTo(farmA.email);
    expect(toFarmA!.subject).toBe(`New order ${placed.orderNo} from ${customer.firstName} Buyer`);
    expect(toFarmA!.text).toContain("Rainbow Carrots");
    expect(toFarmA!.text).not.toContain("Bartlett Pears");
    expect(toFarmA!.text).toContain(customer.email);
    expect(toFarmA!.text).toContain("(416) 555-0142");
    expect(toFarmA!.text).toContain("22 Elm St., Apt 4, Newmarket, ON L3Y 4X1, Canada");
    expect(toFarmA!.text).toContain("https://market.example/customerOrders/manage");
    expect(toFarmA!.text).toContain("and will pay you in person.");
    const [toFarmB] = await mailsTo(farmB.email);
    expect(toFarmB!.text).toContain("Bartlett Pears");
    expect(toFarmB!.text).not.toContain("Rainbow Carrots");
  });

  it("skip the members who turned order notifications off", async () => {
    const customer = await createCustomer(db);
    const quietFarm = await createMerchant(db);
    const farm = await createMerchant(db);
    await db.insert(notificationPreferences).values([
      { memberId: customer.id, type: "order", allowed: false },
      { memberId: quietFarm.id, type: "order", allowed: false },
    ]);
    for (const merchantId of [quietFarm.id, farm.id]) {
      const product = await createProduct(db, { merchantId });
      await createCartItem(db, { memberId: customer.id, productId: product.id });
    }
    await placeOrder(db, {
      customerId: customer.id,
      checkoutKey: randomUUID(),
      delivery: storePickup(customer),
    });

    expect(await mailsTo(customer.email)).toEqual([]);
    expect(await mailsTo(quietFarm.email)).toEqual([]);
    expect(await mailsTo(farm.email)).toHaveLength(1);
  });
});

describe("placeOrder's statements", () => {
  // Decision 0015: the cart read and the write are parsed once per connection and planned once,
  // not for every checkout (1.1 ms of PostgreSQL's 2.9 ms a checkout at M, session 21).
  it.runIf(inject("testDb")?.kind === "postgres")(
    "on PostgreSQL, reads and writes through named statements that keep one plan",
    async () => {
      const customer = await createCustomer(db);
      const farm = await createMerchant(db);
      const product = await createProduct(db, { merchantId: farm.id });
      // The scope a caller opening its own transaction owes placeOrder's mails (decision 0041).
      await withFollowUps(db, () =>
        db.transaction(async (tx) => {
          // One connection (the transaction's), as a server's pool connection lives across
          // checkouts; earlier tests may have run the statements on it already.
          const plans = async () => {
            const { rows } = await tx.execute<{ statement: string; generic: number; runs: number }>(
              sql`select case when name = 'cart_lines' then 'cart read' else 'write' end as statement,
              generic_plans::int as generic, (generic_plans + custom_plans)::int as runs
              from pg_prepared_statements
              where name = 'cart_lines' or statement like '%with ordered as (%'`,
            );
            return new Map(rows.map((row) => [row.statement, row]));
          };
          const before = await plans();
          for (let round = 0; round < 7; round += 1) {
            await tx
              .insert(cartItems)
              .values({ memberId: customer.id, productId: product.id, qty: 1 });
            const placed = await placeOrder(tx, {
              customerId: customer.id,
              checkoutKey: randomUUID(),
              delivery: storePickup(customer),
            });
            expect(placed.created).toBe(true);
          }
          const after = await plans();
          expect([...after.keys()].sort()).toEqual(["cart read", "write"]);
          for (const [statement, row] of after) {
            const earlier = before.get(statement) ?? { generic: 0, runs: 0 };
            expect(row.runs - earlier.runs, statement).toBe(7);
            // After five runs planned for their values, PostgreSQL keeps the generic plan.
            expect(row.generic - earlier.generic, statement).toBeGreaterThanOrEqual(2);
          }
        }),
      );
    },
  );
});
