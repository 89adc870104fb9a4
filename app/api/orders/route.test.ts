import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { encodeSessionToken, nowSeconds } from "@/server/auth/token";
import type { Db } from "@/server/db/client";
import { cancelledMessage, alreadyCancelledMessage } from "@/server/orders/cancel-order";
import { INVALID_CODE_MESSAGE } from "@/server/orders/confirm-by-merchant";
import { signHandoverToken } from "@/server/orders/handover-code";
import { ORDER_NOT_FOUND_MESSAGE } from "@/server/orders/order-rules";
import { statusUpdatedMessage, wrongListMessage } from "@/server/orders/update-order-status";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import {
  createAdmin,
  createCustomer,
  createMerchant,
  createOrder,
  createProduct,
  type Member,
} from "@/server/db/seed/factories";
import { POST as postCancel } from "./[orderNo]/cancel/route";
import { GET as getOrder } from "./[orderNo]/view/route";
import { POST as postConfirm } from "./confirmByMerchant/route";
import { GET as getPlaced } from "./placed/view/route";
import { GET as getReceived } from "./received/view/route";
import { POST as postStatus } from "./updateStatus/route";

const SITE = "http://localhost:3000";
let db: Db;

beforeAll(async () => {
  db = await createRouteTestDb();
});
afterAll(() => closeTestDb(db));

type Handler<P> = (req: Request, ctx: { params: Promise<P> }) => Promise<Response>;
type Answer = { status: number; body: Record<string, unknown> };

const tokenFor = (m: Member) =>
  encodeSessionToken({
    memberId: m.id,
    sessionVersion: m.sessionVersion,
    signedInAt: nowSeconds(),
    secondFactorAt: nowSeconds(),
  });

async function call<P>(handler: Handler<P>, req: Request, params: P = {} as P): Promise<Answer> {
  const response = await handler(req, { params: Promise.resolve(params) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function get(path: string, member: Member | null, headers: Record<string, string> = {}) {
  const h = new Headers(headers);
  if (member) h.set("authorization", `Bearer ${await tokenFor(member)}`);
  return new Request(new URL(path, SITE), { headers: h });
}

/** A cookie-authenticated write from this site, as the pages send them. */
async function post(
  path: string,
  member: Member | null,
  body: unknown = {},
  headers: Record<string, string> = {},
) {
  const h = new Headers({ origin: SITE, "content-type": "application/json", ...headers });
  if (member) h.set("cookie", `_token=${await tokenFor(member)}`);
  return new Request(new URL(path, SITE), {
    method: "POST",
    headers: h,
    body: JSON.stringify(body),
  });
}

async function world() {
  const merchant = await createMerchant(db);
  const otherMerchant = await createMerchant(db);
  const customer = await createCustomer(db);
  const otherCustomer = await createCustomer(db);
  const pickup = await createProduct(db, {
    merchantId: merchant.id,
    deliveryService: "in_store",
    name: "Sourdough Loaf",
  });
  const order = await createOrder(db, {
    customerId: customer.id,
    items: [{ productId: pickup.id, qty: 2 }],
  });
  return { merchant, otherMerchant, customer, otherCustomer, pickup, order, line: order.items[0]! };
}

describe("who may call the order calls", () => {
  it("answers 401 to a visitor on every call, also with the middleware-bypass header", async () => {
    const bypass = { "x-middleware-subrequest": "middleware" };
    for (const headers of [{}, bypass]) {
      expect(
        (await call(getReceived, await get("/api/orders/received/view", null, headers))).status,
      ).toBe(401);
      expect(
        (await call(getPlaced, await get("/api/orders/placed/view", null, headers))).status,
      ).toBe(401);
      expect(
        (await call(getOrder, await get("/api/orders/X/view", null, headers), { orderNo: "X" }))
          .status,
      ).toBe(401);
      expect(
        (
          await call(
            postStatus,
            await post(
              "/api/orders/updateStatus",
              null,
              { order_id: 1, order_status: "shipped" },
              headers,
            ),
          )
        ).status,
      ).toBe(401);
      expect(
        (
          await call(postCancel, await post("/api/orders/X/cancel", null, {}, headers), {
            orderNo: "X",
          })
        ).status,
      ).toBe(401);
      expect(
        (
          await call(
            postConfirm,
            await post("/api/orders/confirmByMerchant", null, { orderId: 1 }, headers),
          )
        ).status,
      ).toBe(401);
    }
  });

  it("keeps the farmer calls to farmers and the purchase calls away from admins", async () => {
    const { customer, order } = await world();
    const admin = await createAdmin(db);
    expect((await call(getReceived, await get("/api/orders/received/view", customer))).status).toBe(
      403,
    );
    expect(
      (
        await call(
          postStatus,
          await post("/api/orders/updateStatus", customer, {
            order_id: 1,
            order_status: "shipped",
          }),
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await call(
          postConfirm,
          await post("/api/orders/confirmByMerchant", customer, { orderId: order.id }),
        )
      ).status,
    ).toBe(403);
    expect((await call(getPlaced, await get("/api/orders/placed/view", admin))).status).toBe(403);
    expect(
      (
        await call(postCancel, await post(`/api/orders/${order.orderNo}/cancel`, admin), {
          orderNo: order.orderNo,
        })
      ).status,
    ).toBe(403);
  });

  it("refuses a cookie-authenticated write from another site", async () => {
    const { customer, order } = await world();
    const foreign = await post(
      `/api/orders/${order.orderNo}/cancel`,
      customer,
      {},
      { origin: "https://evil.example" },
    );
    expect((await call(postCancel, foreign, { orderNo: order.orderNo })).status).toBe(403);
  });
});

describe("GET /api/orders/received/view and /api/orders/placed/view", () => {
  it("answers { results, count } with the spec's fields, the caller's rows only", async () => {
    const { merchant, otherMerchant, customer, otherCustomer, order, line } = await world();
    const received = await call(
      getReceived,
      await get("/api/orders/received/view?page=1&perPage=10", merchant),
    );
    expect(received).toMatchObject({ status: 200, body: { count: 1 } });
    expect(received.body.results).toEqual([
      {
        orderId: line.id,
        orderNo: order.orderNo,
        orderMethod: "pickup",
        customerName: `${customer.firstName} ${customer.lastName}`,
        customerEmail: customer.email,
        customerPhone: customer.phone,
        productName: "Sourdough Loaf",
        quantity: 2,
        status: "order_created",
        orderDate: order.createdAt.toISOString(),
        deliveryService: 0,
        refundPending: 0,
      },
    ]);
    expect(
      (await call(getReceived, await get("/api/orders/received/view", otherMerchant))).body,
    ).toEqual({ results: [], count: 0 });

    const placed = await call(getPlaced, await get("/api/orders/placed/view", customer));
    expect(placed.body.count).toBe(1);
    expect(Object.keys((placed.body.results as object[])[0]!).sort()).toEqual([
      "merchantEmail",
      "merchantName",
      "merchantPhone",
      "orderId",
      "orderNo",
      "productName",
      "productUrl",
      "purchasedDate",
      "qualifiedToCancel",
      "quantity",
      "refundPending",
      "status",
    ]);
    expect(
      (await call(getPlaced, await get("/api/orders/placed/view", otherCustomer))).body,
    ).toEqual({ results: [], count: 0 });
  });

  it.each([
    ["page=0", { page: ["Invalid Page"] }],
    ["page=x", { page: ["Invalid Page"] }],
    ["perPage=500", { perPage: ["Invalid Page"] }],
  ])("answers 422 for %s", async (query, errors) => {
    const { merchant } = await world();
    expect(
      await call(getReceived, await get(`/api/orders/received/view?${query}`, merchant)),
    ).toEqual({
      status: 422,
      body: { message: "Please check the form.", errors, requestId: expect.any(String) },
    });
  });

  it("blanks a keyword that looks like SQL instead of searching it", async () => {
    const { merchant } = await world();
    const answer = await call(
      getReceived,
      await get(`/api/orders/received/view?keyword=${encodeURIComponent("' OR 1=1 --")}`, merchant),
    );
    expect(answer.body.count).toBe(1);
  });
});

describe("POST /api/orders/updateStatus", () => {
  it("answers the message and changes the farmer's line", async () => {
    const { merchant, line } = await world();
    const answer = await call(
      postStatus,
      await post("/api/orders/updateStatus", merchant, {
        order_id: line.id,
        order_status: "ready_for_pickup",
      }),
    );
    expect(answer).toEqual({
      status: 200,
      body: { message: statusUpdatedMessage("Sourdough Loaf", "ready_for_pickup") },
    });
  });

  it.each([
    [{ order_id: "abc", order_status: "shipped" }, { order_id: ["Invalid Value"] }],
    [{ order_id: 1, order_status: "lost" }, { order_status: ["Invalid Status"] }],
    [{}, { order_id: ["Invalid Value"], order_status: ["Invalid Status"] }],
  ])("answers 422 for %j", async (body, errors) => {
    const { merchant } = await world();
    expect(await call(postStatus, await post("/api/orders/updateStatus", merchant, body))).toEqual({
      status: 422,
      body: { message: "Please check the form.", errors, requestId: expect.any(String) },
    });
  });

  it("answers 422 for a status of the other list, 404 for another farmer's line", async () => {
    const { merchant, otherMerchant, line } = await world();
    const wrong = await call(
      postStatus,
      await post("/api/orders/updateStatus", merchant, {
        order_id: line.id,
        order_status: "in_shipping",
      }),
    );
    expect(wrong).toEqual({
      status: 422,
      body: {
        message: wrongListMessage("in_shipping", "pickup"),
        errors: { order_status: [wrongListMessage("in_shipping", "pickup")] },
        requestId: expect.any(String),
      },
    });
    const theirs = await call(
      postStatus,
      await post("/api/orders/updateStatus", otherMerchant, {
        order_id: line.id,
        order_status: "ready_for_pickup",
      }),
    );
    expect(theirs).toEqual({
      status: 404,
      body: { message: ORDER_NOT_FOUND_MESSAGE, requestId: expect.any(String) },
    });
    expect(
      (await db.query.orderItems.findFirst({ where: (row, { eq }) => eq(row.id, line.id) }))!
        .status,
    ).toBe("order_created");
  });
});

describe("POST /api/orders/{orderNo}/cancel", () => {
  it("answers { orderNo, message }, then 409 the second time; 404 for another member's order", async () => {
    const { customer, otherCustomer, order } = await world();
    const theirs = await call(
      postCancel,
      await post(`/api/orders/${order.orderNo}/cancel`, otherCustomer),
      { orderNo: order.orderNo },
    );
    expect(theirs).toEqual({
      status: 404,
      body: { message: ORDER_NOT_FOUND_MESSAGE, requestId: expect.any(String) },
    });
    const first = await call(
      postCancel,
      await post(`/api/orders/${order.orderNo}/cancel`, customer),
      { orderNo: order.orderNo },
    );
    expect(first).toEqual({
      status: 200,
      body: { orderNo: order.orderNo, message: cancelledMessage(order.orderNo) },
    });
    const again = await call(
      postCancel,
      await post(`/api/orders/${order.orderNo}/cancel`, customer),
      { orderNo: order.orderNo },
    );
    expect(again).toEqual({
      status: 409,
      body: { message: alreadyCancelledMessage(order.orderNo), requestId: expect.any(String) },
    });
  });
});

describe("GET /api/orders/{orderNo}/view", () => {
  it("answers the whole order with a handover code per farmer; 404 for another member's", async () => {
    const { merchant, customer, otherCustomer, order } = await world();
    const mine = await call(getOrder, await get(`/api/orders/${order.orderNo}/view`, customer), {
      orderNo: order.orderNo,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.order).toMatchObject({
      orderId: order.id,
      orderNo: order.orderNo,
      qualifiedToCancel: 1,
      lines: [
        expect.objectContaining({
          productName: "Sourdough Loaf",
          quantity: 2,
          status: "order_created",
        }),
      ],
      handovers: [
        expect.objectContaining({
          merchantId: merchant.id,
          url: expect.stringContaining(`/orders/${order.id}/confirmByMerchant?m=${merchant.id}&t=`),
        }),
      ],
    });
    const theirs = await call(
      getOrder,
      await get(`/api/orders/${order.orderNo}/view`, otherCustomer),
      { orderNo: order.orderNo },
    );
    expect(theirs).toEqual({
      status: 404,
      body: { message: ORDER_NOT_FOUND_MESSAGE, requestId: expect.any(String) },
    });
  });
});

describe("POST /api/orders/confirmByMerchant", () => {
  it("answers the confirmed lines in the spec's shape, the same the second time", async () => {
    const { merchant, order, line, pickup } = await world();
    const body = { orderId: order.id, t: signHandoverToken(order.id, merchant.id) };
    const first = await call(
      postConfirm,
      await post("/api/orders/confirmByMerchant", merchant, body),
    );
    expect(first).toEqual({
      status: 200,
      body: {
        results: [
          {
            product_image: null,
            order_id: line.id,
            product_name: "Sourdough Loaf",
            unit_price: (pickup.unitPriceCents / 100).toFixed(2),
            qty: 2,
            currency: "CAD",
          },
        ],
        payout: null,
      },
    });
    expect(
      await call(postConfirm, await post("/api/orders/confirmByMerchant", merchant, body)),
    ).toEqual(first);
  });

  it("refuses another farmer, a bad token and bad input", async () => {
    const { merchant, otherMerchant, order } = await world();
    const stolen = { orderId: order.id, t: signHandoverToken(order.id, merchant.id) };
    expect(
      await call(postConfirm, await post("/api/orders/confirmByMerchant", otherMerchant, stolen)),
    ).toEqual({
      status: 403,
      body: { message: INVALID_CODE_MESSAGE, requestId: expect.any(String) },
    });
    expect(
      (
        await call(
          postConfirm,
          await post("/api/orders/confirmByMerchant", otherMerchant, { orderId: order.id }),
        )
      ).status,
    ).toBe(404);
    expect(
      await call(
        postConfirm,
        await post("/api/orders/confirmByMerchant", merchant, { orderId: "x" }),
      ),
    ).toEqual({
      status: 422,
      body: {
        message: "Please check the form.",
        errors: { orderId: ["Invalid Value"] },
        requestId: expect.any(String),
      },
    });
  });
});
