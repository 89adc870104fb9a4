import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.NEXTAUTH_SECRET = "orders-test-secret-orders-test-secret-0001";
  process.env.APP_URL = "https://market.example";
});

import {
  DELIVERY_ORDER_STATUSES,
  ORDER_STATUSES,
  PICKUP_ORDER_STATUSES,
  type OrderStatus,
} from "@/lib/constants";
import type { Db } from "@/server/db/client";
import {
  emailOutbox,
  notificationPreferences,
  orderItems,
  orders,
  products,
} from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { closeTestDb, createTestDb } from "@/tests/db";
import {
  createCustomer,
  createMerchant,
  createOrder,
  createProduct,
  type Member,
  type Product,
} from "@/server/db/seed/factories";
import {
  alreadyCancelledMessage,
  alreadyRefundedMessage,
  cancelOrder,
  cancelledMessage,
  notCancellableMessage,
  paidByCardMessage,
} from "./cancel-order";
import {
  INVALID_CODE_MESSAGE,
  NOTHING_TO_CONFIRM_MESSAGE,
  SCAN_REQUIRED_MESSAGE,
  confirmByMerchant,
} from "./confirm-by-merchant";
import { getCustomerOrder } from "./get-customer-order";
import { handoverUrl, signHandoverToken, verifyHandoverToken } from "./handover-code";
import { listPlacedOrders } from "./list-placed-orders";
import { listReadyOrders } from "./list-ready-orders";
import { listReceivedOrders } from "./list-received-orders";
import { ORDER_NOT_FOUND_MESSAGE } from "./order-rules";
import { pageWindow } from "./page-window";
import {
  CARD_REFUND_MESSAGE,
  closedRowMessage,
  statusUpdatedMessage,
  updateOrderStatus,
  wrongListMessage,
} from "./update-order-status";

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => closeTestDb(db));

/** The AppError a promise rejects with (fails the test when it resolves). */
async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
const mailsTo = (to: string) => db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
const lineOf = (id: number) =>
  db.query.orderItems.findFirst({ where: (row, { eq }) => eq(row.id, id) });
const turnOffOrderMails = (member: Member) =>
  db.insert(notificationPreferences).values({ memberId: member.id, type: "order", allowed: false });

type Farm = { merchant: Member; pickup: Product; delivered: Product };

async function farm(overrides: Parameters<typeof createMerchant>[1] = {}): Promise<Farm> {
  const merchant = await createMerchant(db, overrides);
  const pickup = await createProduct(db, {
    merchantId: merchant.id,
    name: "Honeycrisp Apples",
    deliveryService: "in_store",
  });
  const delivered = await createProduct(db, {
    merchantId: merchant.id,
    name: "Maple Syrup",
    deliveryService: "free_delivery",
  });
  return { merchant, pickup, delivered };
}

describe("pageWindow", () => {
  it.each([
    [95, 1, 10, { offset: 0, limit: 10, reverse: false }],
    [95, 5, 10, { offset: 40, limit: 10, reverse: false }],
    [95, 6, 10, { offset: 35, limit: 10, reverse: true }],
    [95, 10, 10, { offset: 0, limit: 5, reverse: true }],
    [100, 10, 10, { offset: 0, limit: 10, reverse: true }],
    [3, 1, 10, { offset: 0, limit: 3, reverse: false }],
  ])("count %i, page %i of %i: %j", (count, page, perPage, expected) => {
    expect(pageWindow(count, page, perPage)).toEqual(expected);
  });

  it("has nothing to read past the end", () => {
    expect(pageWindow(95, 11, 10)).toBeNull();
    expect(pageWindow(0, 1, 10)).toBeNull();
  });
});

describe("listReceivedOrders", () => {
  it("answers the farmer's own lines, newest first, in the spec's shape", async () => {
    const mine = await farm();
    const other = await farm();
    const customer = await createCustomer(db, {
      firstName: "Grace",
      lastName: "Nguyen",
      email: "grace.n@example.com",
    });
    const older = await createOrder(db, {
      customerId: customer.id,
      createdAt: minutesAgo(30),
      items: [{ productId: mine.pickup.id, qty: 2 }, { productId: other.pickup.id }],
    });
    const newer = await createOrder(db, {
      customerId: customer.id,
      deliveryDestination: "home",
      createdAt: minutesAgo(5),
      items: [{ productId: mine.delivered.id, qty: 1, status: "in_shipping" }],
    });

    const list = await listReceivedOrders(db, { merchantId: mine.merchant.id });
    expect(list.count).toBe(2);
    expect(list.results).toEqual([
      {
        orderId: newer.items[0]!.id,
        orderNo: newer.orderNo,
        orderMethod: "delivery",
        customerName: "Grace Nguyen",
        customerEmail: "grace.n@example.com",
        customerPhone: customer.phone,
        productName: "Maple Syrup",
        quantity: 1,
        status: "in_shipping",
        orderDate: newer.createdAt.toISOString(),
        deliveryService: 1,
        refundPending: 0,
      },
      expect.objectContaining({
        orderId: older.items[0]!.id,
        orderNo: older.orderNo,
        orderMethod: "pickup",
        deliveryService: 0,
        quantity: 2,
      }),
    ]);
    // The other farm's line of the same order is theirs only.
    expect(
      (await listReceivedOrders(db, { merchantId: other.merchant.id })).results.map(
        (r) => r.orderId,
      ),
    ).toEqual([older.items[1]!.id]);
  });

  it("matches the keyword against order number, product, customer name and email, never another farm's lines", async () => {
    const mine = await farm();
    const other = await farm();
    const sam = await createCustomer(db, {
      firstName: "Samira",
      lastName: "Haddad",
      email: "samira.h@example.com",
    });
    const liam = await createCustomer(db, {
      firstName: "Liam",
      lastName: "Roy",
      email: "liam.r@example.com",
    });
    const a = await createOrder(db, { customerId: sam.id, items: [{ productId: mine.pickup.id }] });
    const b = await createOrder(db, {
      customerId: liam.id,
      items: [{ productId: mine.delivered.id }],
    });
    await createOrder(db, { customerId: sam.id, items: [{ productId: other.pickup.id }] });

    const find = async (keyword: string) =>
      (await listReceivedOrders(db, { merchantId: mine.merchant.id, keyword })).results
        .map((r) => r.orderNo)
        .sort();
    expect(await find(a.orderNo)).toEqual([a.orderNo]);
    expect(await find("maple")).toEqual([b.orderNo]);
    expect(await find("Samira Had")).toEqual([a.orderNo]);
    expect(await find("liam.r@")).toEqual([b.orderNo]);
    expect(await find("nothing like it")).toEqual([]);
    // LIKE wildcards in the keyword match literally.
    expect(await find("%")).toEqual([]);
    const counted = await listReceivedOrders(db, {
      merchantId: mine.merchant.id,
      keyword: "samira",
    });
    expect(counted.count).toBe(1);
  });

  it("keeps the farmer's total in step with their lines: cancelled ones count, deleted and rolled-back ones do not", async () => {
    const mine = await farm();
    const other = await farm();
    const customer = await createCustomer(db);
    const extra = await createProduct(db, { merchantId: mine.merchant.id });
    const total = async () =>
      (await listReceivedOrders(db, { merchantId: mine.merchant.id })).count;
    const counted = async () =>
      (await db.select().from(orderItems).where(eq(orderItems.merchantId, mine.merchant.id)))
        .length;
    expect(await total()).toBe(0);

    const kept = await createOrder(db, {
      customerId: customer.id,
      items: [
        { productId: mine.pickup.id, status: "cancelled" },
        { productId: mine.delivered.id },
        { productId: other.pickup.id },
      ],
    });
    const dropped = await createOrder(db, {
      customerId: customer.id,
      items: [{ productId: mine.pickup.id }],
    });
    expect(await total()).toBe(3);
    await db
      .update(orderItems)
      .set({ status: "cancelled" })
      .where(eq(orderItems.id, kept.items[1]!.id));
    expect(await total()).toBe(3);

    await db.delete(orders).where(eq(orders.id, dropped.id));
    await expect(
      db.transaction(async (tx) => {
        const { id: _id, ...line } = kept.items[0]!;
        await tx.insert(orderItems).values({ ...line, productId: extra.id });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await total()).toBe(2);
    expect(await total()).toBe(await counted());
    // A line never moves to another farmer (its counter would drift).
    await expect(
      db
        .update(orderItems)
        .set({ merchantId: other.merchant.id })
        .where(eq(orderItems.id, kept.items[1]!.id)),
    ).rejects.toThrow();
    expect(await total()).toBe(2);
    expect((await listReceivedOrders(db, { merchantId: other.merchant.id })).count).toBe(1);
  });

  it("pages by 10 with the total; the far half is read from the other end and lands in the same order", async () => {
    const mine = await farm();
    const customer = await createCustomer(db);
    const lines: number[] = [];
    for (let i = 0; i < 23; i += 1) {
      const order = await createOrder(db, {
        customerId: customer.id,
        createdAt: minutesAgo(100 - i),
        items: [{ productId: mine.pickup.id }],
      });
      lines.unshift(order.items[0]!.id); // newest first
    }
    const page = (n: number) =>
      listReceivedOrders(db, { merchantId: mine.merchant.id, page: n, perPage: 10 });
    const [one, two, three, four] = await Promise.all([page(1), page(2), page(3), page(4)]);
    expect([one.count, two.count, three.count, four.count]).toEqual([23, 23, 23, 23]);
    expect(one.results.map((r) => r.orderId)).toEqual(lines.slice(0, 10));
    expect(two.results.map((r) => r.orderId)).toEqual(lines.slice(10, 20));
    expect(three.results.map((r) => r.orderId)).toEqual(lines.slice(20));
    expect(four.results).toEqual([]);
  });
});

describe("listPlacedOrders", () => {
  it("answers the member's own lines in the spec's shape, with qualifiedToCancel by the rule", async () => {
    const one = await farm({
      username: "orchard_lane",
      email: "orchard@example.com",
      phone: "(905) 555-0142",
    });
    const two = await farm();
    const customer = await createCustomer(db);
    const stranger = await createCustomer(db);
    const order = await createOrder(db, {
      customerId: customer.id,
      items: [
        { productId: one.pickup.id, qty: 3 },
        { productId: two.delivered.id, status: "ready_to_ship" },
      ],
    });
    await createOrder(db, { customerId: stranger.id, items: [{ productId: one.pickup.id }] });

    const list = await listPlacedOrders(db, { customerId: customer.id });
    expect(list.count).toBe(2);
    expect(list.results).toEqual([
      {
        orderId: order.id,
        orderNo: order.orderNo,
        merchantName: "orchard_lane",
        merchantEmail: "orchard@example.com",
        merchantPhone: "(905) 555-0142",
        productUrl: `/products/${one.pickup.id}`,
        productName: "Honeycrisp Apples",
        quantity: 3,
        status: "order_created",
        purchasedDate: order.createdAt.toISOString(),
        qualifiedToCancel: 1,
        refundPending: 0,
      },
      expect.objectContaining({
        orderNo: order.orderNo,
        merchantName: two.merchant.username,
        status: "ready_to_ship",
        qualifiedToCancel: 0,
      }),
    ]);
    expect(
      (await listPlacedOrders(db, { customerId: stranger.id })).results.every(
        (r) => r.orderNo !== order.orderNo,
      ),
    ).toBe(true);
    expect(
      (await listPlacedOrders(db, { customerId: customer.id, keyword: "orchard_l" })).count,
    ).toBe(1);
    expect(
      (await listPlacedOrders(db, { customerId: customer.id, keyword: order.orderNo })).count,
    ).toBe(2);
  });

  it.each([
    ["a new line", {}, 1],
    ["a line the farmer started on", { status: "ready_for_pickup" as OrderStatus }, 0],
    [
      "a line the customer cancelled",
      { status: "cancelled" as OrderStatus, qualifiedToCancel: false },
      0,
    ],
    ["a line an admin cancelled", { active: false }, 0],
    ["a refunded line", { status: "refunded" as OrderStatus, refundedAt: new Date() }, 0],
    ["a line once refunded, status set back", { refundedAt: new Date() }, 0],
    ["a confirmed handover", { confirmedAt: new Date() }, 0],
  ])("qualifiedToCancel of %s", async (_, line, expected) => {
    const { pickup } = await farm();
    const customer = await createCustomer(db);
    await createOrder(db, { customerId: customer.id, items: [{ productId: pickup.id, ...line }] });
    expect(
      (await listPlacedOrders(db, { customerId: customer.id })).results[0]!.qualifiedToCancel,
    ).toBe(expected);
  });

  it.each(["removed", "deleted"] as const)(
    "keeps the line of a product %s since, without a link (it has no page)",
    async (status) => {
      const { pickup } = await farm();
      const customer = await createCustomer(db);
      await createOrder(db, { customerId: customer.id, items: [{ productId: pickup.id }] });
      await db.update(products).set({ status }).where(eq(products.id, pickup.id));
      const [row] = (await listPlacedOrders(db, { customerId: customer.id })).results;
      expect(row).toMatchObject({ productName: "Honeycrisp Apples", productUrl: null });
    },
  );

  it("pages lines by 10 with the total; the far half is read from the other end in the same order", async () => {
    const { pickup, delivered } = await farm();
    const customer = await createCustomer(db);
    for (let i = 0; i < 8; i += 1) {
      await createOrder(db, {
        customerId: customer.id,
        createdAt: minutesAgo(50 - i),
        items: [{ productId: pickup.id }, { productId: delivered.id }],
      });
    }
    const key = (r: { orderNo: string; productName: string }) => `${r.orderNo}:${r.productName}`;
    const whole = await listPlacedOrders(db, { customerId: customer.id, perPage: 50 });
    expect(whole.count).toBe(16);
    const pages = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((page) =>
        listPlacedOrders(db, { customerId: customer.id, page, perPage: 3 }),
      ),
    );
    expect(pages.flatMap((p) => p.results.map(key))).toEqual(whole.results.map(key));
    expect(pages[5]!.results).toHaveLength(1);
    expect(
      (await listPlacedOrders(db, { customerId: customer.id, page: 2 })).results.map(key),
    ).toEqual(whole.results.slice(10).map(key));
  });
});

describe("updateOrderStatus", () => {
  const pickupOnly = ORDER_STATUSES.filter(
    (s) => !(PICKUP_ORDER_STATUSES as readonly string[]).includes(s),
  );
  const deliveryOnly = ORDER_STATUSES.filter(
    (s) => !(DELIVERY_ORDER_STATUSES as readonly string[]).includes(s),
  );

  it.each(PICKUP_ORDER_STATUSES.filter((s) => s !== "order_created"))(
    "moves a pickup line to %s",
    async (status) => {
      const { merchant, pickup } = await farm();
      const customer = await createCustomer(db);
      const order = await createOrder(db, {
        customerId: customer.id,
        items: [{ productId: pickup.id }],
      });
      const message = await updateOrderStatus(db, {
        merchantId: merchant.id,
        orderItemId: order.items[0]!.id,
        status,
      });
      expect(message).toBe(statusUpdatedMessage("Honeycrisp Apples", status));
      const line = await lineOf(order.items[0]!.id);
      expect(line).toMatchObject({ status });
      expect(line!.statusUpdatedAt).not.toBeNull();
      if (status === "cancelled") expect(line!.cancelledAt).not.toBeNull();
      if (status === "refunded") expect(line!.refundedAt).not.toBeNull();
    },
  );

  it.each(DELIVERY_ORDER_STATUSES.filter((s) => s !== "order_created"))(
    "moves a delivery line to %s",
    async (status) => {
      const { merchant, delivered } = await farm();
      const customer = await createCustomer(db);
      const order = await createOrder(db, {
        customerId: customer.id,
        items: [{ productId: delivered.id }],
      });
      await updateOrderStatus(db, {
        merchantId: merchant.id,
        orderItemId: order.items[0]!.id,
        status,
      });
      expect(await lineOf(order.items[0]!.id)).toMatchObject({ status });
    },
  );

  it.each([
    ...pickupOnly.map((status) => ["pickup", status] as const),
    ...deliveryOnly.map((status) => ["delivery", status] as const),
  ])("refuses a %s line the status %s (422, nothing changed)", async (method, status) => {
    const { merchant, pickup, delivered } = await farm();
    const customer = await createCustomer(db);
    const order = await createOrder(db, {
      customerId: customer.id,
      items: [{ productId: method === "pickup" ? pickup.id : delivered.id }],
    });
    const error = await failure(
      updateOrderStatus(db, { merchantId: merchant.id, orderItemId: order.items[0]!.id, status }),
    );
    expect(error.status).toBe(422);
    expect(error.message).toBe(wrongListMessage(status, method));
    expect(error.fieldErrors).toEqual({ order_status: [wrongListMessage(status, method)] });
    expect(await lineOf(order.items[0]!.id)).toMatchObject({ status: "order_created" });
  });

  it("answers 404 for another farm's line or a line that does not exist", async () => {
    const mine = await farm();
    const theirs = await farm();
    const customer = await createCustomer(db);
    const order = await createOrder(db, {
      customerId: customer.id,
      items: [{ productId: theirs.pickup.id }],
    });
    for (const orderItemId of [order.items[0]!.id, 99_999_999, 2 ** 40]) {
      const error = await failure(
        updateOrderStatus(db, {
          merchantId: mine.merchant.id,
          orderItemId,
          status: "ready_for_pickup",
        }),
      );
      expect([error.status, error.message]).toEqual([404, ORDER_NOT_FOUND_MESSAGE]);
    }
    expect(await lineOf(order.items[0]!.id)).toMatchObject({ status: "order_created" });
  });

  it.each(["cancelled", "refunded"] as const)("refuses to move a %s line (409)", async (closed) => {
    const { merchant, pickup } = await farm();
    const customer = await createCustomer(db);
    const order = await createOrder(db, {
      customerId: customer.id,
      items: [{ productId: pickup.id, status: closed }],
    });
    const error = await failure(
      updateOrderStatus(db, {
        merchantId: merchant.id,
        orderItemId: order.items[0]!.id,
        status: "ready_for_pickup",
      }),
    );
    expect([error.status, error.message]).toEqual([409, closedRowMessage(closed)]);
    expect(await lineOf(order.items[0]!.id)).toMatchObject({ status: closed });
  });

  it("refuses to mark a card line refunded without a refund", async () => {
    const { merchant, pickup } = await farm();
    const customer = await createCustomer(db);
    const order = await createOrder(db, {
      customerId: customer.id,
      paymentType: "card",
      items: [{ productId: pickup.id }],
    });
    const error = await failure(
      updateOrderStatus(db, {
        merchantId: merchant.id,
        orderItemId: order.items[0]!.id,
        status: "refunded",
      }),
    );
    expect([error.status, error.message]).toEqual([409, CARD_REFUND_MESSAGE]);
  });

  it("mails the customer on a change, not on the same status again, and not when order mails are off", async () => {
    const { merchant, pickup } = await farm();
    const keen = await createCustomer(db);
    const quiet = await createCustomer(db);
    await turnOffOrderMails(quiet);
    const a = await createOrder(db, { customerId: keen.id, items: [{ productId: pickup.id }] });
    const b = await createOrder(db, { customerId: quiet.id, items: [{ productId: pickup.id }] });

    await updateOrderStatus(db, {
      merchantId: merchant.id,
      orderItemId: a.items[0]!.id,
      status: "ready_for_pickup",
    });
    await updateOrderStatus(db, {
      merchantId: merchant.id,
      orderItemId: a.items[0]!.id,
      status: "ready_for_pickup",
    });
    await updateOrderStatus(db, {
      merchantId: merchant.id,
      orderItemId: b.items[0]!.id,
      status: "ready_for_pickup",
    });

    const mails = await mailsTo(keen.email);
    expect(mails.map((m) => m.subject)).toEqual([
      `Your order ${a.orderNo} is now Ready For Pickup`,
    ]);
    expect(mails[0]!.text).toContain("Your items are ready for pickup at the farm.");
    expect(mails[0]!.headers).toHaveProperty("List-Unsubscribe");
    expect(await mailsTo(quiet.email)).toEqual([]);
  });
});

describe("cancelOrder", () => {
  it("cancels every line and the order, and mails the customer and each farmer", async () => {
    const one = await farm();
    const two = await farm();
    const customer = await createCustomer(db);
    const order = await createOrder(db, {
      customerId: customer.id,
      items: [{ productId: one.pickup.id }, { productId: two.pickup.id, qty: 4 }],
    });

    expect(await cancelOrder(db, { customerId: customer.id, orderNo: order.orderNo })).toEqual({
      orderNo: order.orderNo,
      message: cancelledMessage(order.orderNo),
    });
    const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(lines.map((l) => [l.status, l.qualifiedToCancel, l.cancelledAt !== null])).toEqual([
      ["cancelled", false, true],
      ["cancelled", false, true],
    ]);
    expect(
      (await db.query.orders.findFirst({ where: (o, { eq }) => eq(o.id, order.id) }))!.cancelledAt,
    ).not.toBeNull();
    expect((await mailsTo(customer.email)).map((m) => m.subject)).toEqual([
      `Your order ${order.orderNo} is cancelled`,
    ]);
    for (const { merchant } of [one, two]) {
      const [mail] = await mailsTo(merchant.email);
      expect(mail!.subject).toBe(
        `Order ${order.orderNo} was cancelled by ${customer.firstName} ${customer.lastName}`,
      );
    }
  });

  it("answers 404 for another member's order and changes nothing", async () => {
    const { pickup } = await farm();
    const owner = await createCustomer(db);
    const stranger = await createCustomer(db);
    const order = await createOrder(db, {
      customerId: owner.id,
      items: [{ productId: pickup.id }],
    });
    for (const orderNo of [order.orderNo, "NOSUCHORDER1", "bad no!"]) {
      const error = await failure(cancelOrder(db, { customerId: stranger.id, orderNo }));
      expect([error.status, error.message]).toEqual([404, ORDER_NOT_FOUND_MESSAGE]);
    }
    expect(await lineOf(order.items[0]!.id)).toMatchObject({
      status: "order_created",
      qualifiedToCancel: true,
    });
  });

  it.each([
    [
      "a line the farmer started on",
      [{}, { status: "ready_for_pickup" as OrderStatus }],
      notCancellableMessage,
    ],
    ["a confirmed handover", [{ confirmedAt: new Date() }], notCancellableMessage],
    ["a line an admin cancelled, the other open", [{ active: false }, {}], notCancellableMessage],
    [
      "every line already cancelled",
      [{ status: "cancelled" as OrderStatus, qualifiedToCancel: false }],
      alreadyCancelledMessage,
    ],
    [
      "a refunded line",
      [{ status: "refunded" as OrderStatus, refundedAt: new Date() }],
      alreadyRefundedMessage,
    ],
  ])("refuses an order with %s (409, nothing changed)", async (_, lines, message) => {
    const { pickup, delivered } = await farm();
    const customer = await createCustomer(db);
    const products = [pickup, delivered];
    const order = await createOrder(db, {
      customerId: customer.id,
      items: lines.map((line, i) => ({ productId: products[i]!.id, ...line })),
    });
    const error = await failure(
      cancelOrder(db, { customerId: customer.id, orderNo: order.orderNo }),
    );
    expect([error.status, error.message]).toEqual([409, message(order.orderNo)]);
    const after = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(after.map((l) => l.status)).toEqual(order.items.map((l) => l.status));
  });

  it("says the refunded case in words the client recognises", async () => {
    const { pickup } = await farm();
    const customer = await createCustomer(db);
    const order = await createOrder(db, {
      customerId: customer.id,
      paymentType: "card",
      items: [{ productId: pickup.id }],
    });
    await db.update(orders).set({ paymentStatus: "refunded" }).where(eq(orders.id, order.id));
    const error = await failure(
      cancelOrder(db, { customerId: customer.id, orderNo: order.orderNo }),
    );
    expect(error.message).toContain("has already been refunded.");
  });

  it("refuses a paid card order until card refunds exist", async () => {
    const { pickup } = await farm();
    const customer = await createCustomer(db);
    const order = await createOrder(db, {
      customerId: customer.id,
      paymentType: "card",
      items: [{ productId: pickup.id }],
    });
    const error = await failure(
      cancelOrder(db, { customerId: customer.id, orderNo: order.orderNo }),
    );
    expect([error.status, error.message]).toEqual([409, paidByCardMessage(order.orderNo)]);
  });

  it("cancels exactly once when twenty cancels arrive at once", async () => {
    const { merchant, pickup } = await farm();
    const customer = await createCustomer(db);
    const order = await createOrder(db, {
      customerId: customer.id,
      items: [{ productId: pickup.id }],
    });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        cancelOrder(db, { customerId: customer.id, orderNo: order.orderNo }),
      ),
    );
    const won = outcomes.filter((o) => o.status === "fulfilled");
    const lost = outcomes.flatMap((o) => (o.status === "rejected" ? [o.reason as AppError] : []));
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    expect(new Set(lost.map((e) => `${e.status} ${e.message}`))).toEqual(
      new Set([`409 ${alreadyCancelledMessage(order.orderNo)}`]),
    );
    expect(await mailsTo(customer.email)).toHaveLength(1);
    expect(await mailsTo(merchant.email)).toHaveLength(1);
  });

  it("mails nobody who turned order mails off", async () => {
    const { merchant, pickup } = await farm();
    const customer = await createCustomer(db);
    await turnOffOrderMails(customer);
    await turnOffOrderMails(merchant);
    const order = await createOrder(db, {
      customerId: customer.id,
      items: [{ productId: pickup.id }],
    });
    await cancelOrder(db, { customerId: customer.id, orderNo: order.orderNo });
    expect(await mailsTo(customer.email)).toEqual([]);
    expect(await mailsTo(merchant.email)).toEqual([]);
  });
});

describe("handover codes and confirmByMerchant", () => {
  it("signs a token per order and farmer that nothing else verifies", () => {
    const token = signHandoverToken(12, 34);
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(verifyHandoverToken(12, 34, token)).toBe(true);
    expect(verifyHandoverToken(12, 35, token)).toBe(false);
    expect(verifyHandoverToken(13, 34, token)).toBe(false);
    expect(
      verifyHandoverToken(12, 34, token.slice(0, -1) + (token.endsWith("A") ? "B" : "A")),
    ).toBe(false);
    expect(verifyHandoverToken(12, 34, undefined)).toBe(false);
    expect(handoverUrl(12, 34)).toBe(
      `https://market.example/orders/12/confirmByMerchant?m=34&t=${token}`,
    );
  });

  it("shows the customer one code per farmer with lines still to hand over, and whether the order can be cancelled", async () => {
    const one = await farm();
    const two = await farm();
    const three = await farm();
    const customer = await createCustomer(db);
    const order = await createOrder(db, {
      customerId: customer.id,
      items: [
        { productId: one.pickup.id, status: "ready_for_pickup" },
        { productId: two.pickup.id, status: "cancelled", qualifiedToCancel: false },
        { productId: three.pickup.id, confirmedAt: new Date(), status: "customer_received" },
      ],
    });
    const detail = await getCustomerOrder(db, { customerId: customer.id, orderNo: order.orderNo });
    expect(detail).toMatchObject({
      orderId: order.id,
      orderNo: order.orderNo,
      qualifiedToCancel: 0,
      paymentType: "in_person",
    });
    expect(detail!.lines.map((l) => [l.merchantName, l.status, l.confirmed])).toEqual([
      [one.merchant.username, "ready_for_pickup", false],
      [two.merchant.username, "cancelled", false],
      [three.merchant.username, "customer_received", true],
    ]);
    expect(detail!.handovers).toHaveLength(1);
    const [code] = detail!.handovers;
    expect(code).toMatchObject({
      merchantId: one.merchant.id,
      merchantName: one.merchant.username,
      url: handoverUrl(order.id, one.merchant.id),
    });
    expect(code!.size).toBeGreaterThanOrEqual(21);
    expect(code!.path).toMatch(/^(M\d+ \d+h1v1h-1z)+$/);
    expect(
      await getCustomerOrder(db, {
        customerId: (await createCustomer(db)).id,
        orderNo: order.orderNo,
      }),
    ).toBeNull();
  });

  it("confirms the scanning farmer's lines only, once, and mails the customer once", async () => {
    const one = await farm();
    const two = await farm();
    const customer = await createCustomer(db);
    const order = await createOrder(db, {
      customerId: customer.id,
      items: [
        { productId: one.pickup.id, qty: 2, status: "ready_for_pickup" },
        { productId: one.delivered.id, status: "cancelled", qualifiedToCancel: false },
        { productId: two.pickup.id },
      ],
    });
    const token = signHandoverToken(order.id, one.merchant.id);
    const first = await confirmByMerchant(db, {
      merchantId: one.merchant.id,
      orderId: order.id,
      token,
    });
    expect(first.results).toEqual([
      {
        product_image: null,
        order_id: order.items[0]!.id,
        product_name: "Honeycrisp Apples",
        unit_price: (one.pickup.unitPriceCents / 100).toFixed(2),
        qty: 2,
        currency: "CAD",
      },
    ]);
    expect(first.confirmedNow).toEqual([order.items[0]!.id]);
    const lines = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(orderItems.id);
    expect(lines.map((l) => [l.status, l.confirmedAt !== null])).toEqual([
      ["customer_received", true],
      ["cancelled", false],
      ["order_created", false],
    ]);

    const again = await confirmByMerchant(db, {
      merchantId: one.merchant.id,
      orderId: order.id,
      token,
    });
    expect(again.results).toEqual(first.results);
    expect(again.confirmedNow).toEqual([]);
    expect((await mailsTo(customer.email)).map((m) => m.subject)).toEqual([
      `Your order ${order.orderNo} is now Customer Received`,
    ]);
  });

  it("confirms a line the farmer already marked Customer Received without mailing the customer again", async () => {
    const one = await farm();
    const customer = await createCustomer(db);
    const order = await createOrder(db, {
      customerId: customer.id,
      items: [{ productId: one.pickup.id, status: "ready_for_pickup" }],
    });
    await updateOrderStatus(db, {
      merchantId: one.merchant.id,
      orderItemId: order.items[0]!.id,
      status: "customer_received",
    });
    const confirmed = await confirmByMerchant(db, {
      merchantId: one.merchant.id,
      orderId: order.id,
      token: signHandoverToken(order.id, one.merchant.id),
    });
    expect(confirmed.confirmedNow).toEqual([order.items[0]!.id]);
    const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(line!.confirmedAt).not.toBeNull();
    expect((await mailsTo(customer.email)).map((m) => m.subject)).toEqual([
      `Your order ${order.orderNo} is now Customer Received`,
    ]);
  });

  it("refuses a bad token, another farmer's token and a farmer with no lines in the order", async () => {
    const one = await farm();
    const two = await farm();
    const outsider = await farm();
    const customer = await createCustomer(db);
    const order = await createOrder(db, {
      customerId: customer.id,
      items: [{ productId: one.pickup.id }, { productId: two.pickup.id }],
    });

    const cases: [number, string, number, string][] = [
      [one.merchant.id, "not-a-token", 403, INVALID_CODE_MESSAGE],
      [two.merchant.id, signHandoverToken(order.id, one.merchant.id), 403, INVALID_CODE_MESSAGE],
      [
        one.merchant.id,
        signHandoverToken(order.id + 1, one.merchant.id),
        403,
        INVALID_CODE_MESSAGE,
      ],
      [
        outsider.merchant.id,
        signHandoverToken(order.id, outsider.merchant.id),
        404,
        ORDER_NOT_FOUND_MESSAGE,
      ],
    ];
    for (const [merchantId, token, status, message] of cases) {
      const error = await failure(confirmByMerchant(db, { merchantId, orderId: order.id, token }));
      expect([error.status, error.message]).toEqual([status, message]);
    }
    const confirmed = await db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.orderId, order.id)));
    expect(confirmed.every((l) => l.confirmedAt === null && l.status === "order_created")).toBe(
      true,
    );
  });

  it("confirms a pay-in-person order without a token, but a card order only with the code", async () => {
    const { merchant, pickup } = await farm();
    const customer = await createCustomer(db);
    const inPerson = await createOrder(db, {
      customerId: customer.id,
      items: [{ productId: pickup.id }],
    });
    const card = await createOrder(db, {
      customerId: customer.id,
      paymentType: "card",
      items: [{ productId: pickup.id }],
    });
    expect(
      (await confirmByMerchant(db, { merchantId: merchant.id, orderId: inPerson.id })).results,
    ).toHaveLength(1);
    const error = await failure(
      confirmByMerchant(db, { merchantId: merchant.id, orderId: card.id }),
    );
    expect([error.status, error.message]).toEqual([403, SCAN_REQUIRED_MESSAGE]);
    const withCode = await confirmByMerchant(db, {
      merchantId: merchant.id,
      orderId: card.id,
      token: signHandoverToken(card.id, merchant.id),
    });
    expect(withCode).toMatchObject({ paymentType: "card", confirmedNow: [card.items[0]!.id] });
  });

  it("has nothing to confirm when all the farmer's lines were cancelled", async () => {
    const { merchant, pickup } = await farm();
    const customer = await createCustomer(db);
    const order = await createOrder(db, {
      customerId: customer.id,
      items: [{ productId: pickup.id, status: "cancelled" }],
    });
    const error = await failure(
      confirmByMerchant(db, {
        merchantId: merchant.id,
        orderId: order.id,
        token: signHandoverToken(order.id, merchant.id),
      }),
    );
    expect([error.status, error.message]).toEqual([409, NOTHING_TO_CONFIRM_MESSAGE]);
  });

  it("lists the member's orders that are ready or on their way, with their codes", async () => {
    const { merchant, pickup, delivered } = await farm();
    const customer = await createCustomer(db);
    const ready = await createOrder(db, {
      customerId: customer.id,
      items: [{ productId: pickup.id, status: "ready_for_pickup" }],
    });
    const shipping = await createOrder(db, {
      customerId: customer.id,
      items: [{ productId: delivered.id, status: "in_shipping" }],
    });
    await createOrder(db, { customerId: customer.id, items: [{ productId: pickup.id }] });
    await createOrder(db, {
      customerId: customer.id,
      items: [{ productId: pickup.id, status: "ready_for_pickup", active: false }],
    });
    await createOrder(db, {
      customerId: (await createCustomer(db)).id,
      items: [{ productId: pickup.id, status: "ready_for_pickup" }],
    });

    const list = await listReadyOrders(db, { customerId: customer.id });
    expect(list.count).toBe(2);
    expect(list.orders.map((o) => o.orderNo).sort()).toEqual(
      [ready.orderNo, shipping.orderNo].sort(),
    );
    expect(
      list.orders.every(
        (o) => o.handovers.length === 1 && o.handovers[0]!.merchantId === merchant.id,
      ),
    ).toBe(true);
    expect((await listReadyOrders(db, { customerId: customer.id, page: 2 })).orders).toEqual([]);
  });
});
