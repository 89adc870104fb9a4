import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { encodeSessionToken, nowSeconds } from "@/server/auth/token";
import type { Db } from "@/server/db/client";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import {
  createCustomer,
  createMerchant,
  createOrder,
  createProduct,
  createSubscription,
  type Member,
} from "@/server/db/seed/factories";
import { POST } from "./route";

const SITE = "http://localhost:3000";
let db: Db;

beforeAll(async () => {
  db = await createRouteTestDb();
});
afterAll(() => closeTestDb(db));

async function send(member: Member | null, body: unknown) {
  const headers = new Headers({ origin: SITE, "content-type": "application/json" });
  if (member)
    headers.set(
      "cookie",
      `_token=${await encodeSessionToken({
        memberId: member.id,
        sessionVersion: member.sessionVersion,
        signedInAt: nowSeconds(),
      })}`,
    );
  const response = await POST(
    new Request(new URL("/api/messages/orders", SITE), {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve({}) },
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** An order of `customer` with one line from each farm. */
async function orderOf(customer: Member, ...farms: Member[]) {
  const items = [];
  for (const farm of farms)
    items.push({ productId: (await createProduct(db, { merchantId: farm.id })).id });
  return createOrder(db, { customerId: customer.id, items });
}

const messagesOf = (conversationId: number) =>
  db.query.messages.findMany({
    where: (m, { eq }) => eq(m.conversationId, conversationId),
    orderBy: (m, { asc }) => [asc(m.id)],
  });

describe("POST /api/messages/orders", () => {
  it("lets the customer write to a farm of the order, and the farm (with a plan) answer in the same conversation", async () => {
    const [customer, farm, other] = [
      await createCustomer(db),
      await createMerchant(db),
      await createMerchant(db),
    ];
    await createSubscription(db, { memberId: farm.id, plan: "engager" });
    const order = await orderOf(customer, farm, other);

    const asked = await send(customer, {
      orderNo: order.orderNo,
      farmer: farm.username,
      message: "When can I pick it up?",
    });
    expect(asked).toMatchObject({ status: 201, body: { message: "Successfully Sent!" } });
    const answered = await send(farm, { orderNo: order.orderNo, message: "Saturday morning!" });
    expect(answered.status).toBe(201);
    expect(answered.body.conversationId).toBe(asked.body.conversationId);
    const conversationId = Number(asked.body.conversationId);
    expect((await messagesOf(conversationId)).map((m) => m.body)).toEqual([
      "When can I pick it up?",
      "Saturday morning!",
    ]);
    const row = await db.query.conversations.findFirst({
      where: (c, { eq }) => eq(c.id, conversationId),
    });
    expect(row).toMatchObject({ merchantId: farm.id, customerId: customer.id });
  });

  it("gives a farm without messaging the plan gate, and writes nothing", async () => {
    const [customer, farm] = [await createCustomer(db), await createMerchant(db)];
    const order = await orderOf(customer, farm);
    const refused = await send(farm, { orderNo: order.orderNo, message: "Hello" });
    expect(refused).toMatchObject({
      status: 403,
      body: { errors: { plan: ["subscription_required"] } },
    });
    const rows = await db.query.conversations.findMany({
      where: (c, { eq }) => eq(c.merchantId, farm.id),
    });
    expect(rows).toHaveLength(0);
  });

  it("answers 404 to anyone who is not a party of the order, and to a farm not in it", async () => {
    const [customer, farm, stranger, otherFarm] = [
      await createCustomer(db),
      await createMerchant(db),
      await createCustomer(db),
      await createMerchant(db),
    ];
    await createSubscription(db, { memberId: otherFarm.id, plan: "harvest" });
    const order = await orderOf(customer, farm);
    for (const [member, body] of [
      [stranger, { orderNo: order.orderNo, farmer: farm.username, message: "Hi" }],
      [otherFarm, { orderNo: order.orderNo, message: "Hi" }],
      [customer, { orderNo: order.orderNo, farmer: otherFarm.username, message: "Hi" }],
      [customer, { orderNo: "NOSUCHORDER1", farmer: farm.username, message: "Hi" }],
    ] as const)
      expect((await send(member, body)).status).toBe(404);
    expect((await send(null, { orderNo: order.orderNo, message: "Hi" })).status).toBe(401);
  });

  it.each([
    [{ message: "" }, "The message is required"],
    [{ message: "x".repeat(1501) }, "Character limit: 1500"],
  ])("refuses %j with the spec's message", async (extra, text) => {
    const [customer, farm] = [await createCustomer(db), await createMerchant(db)];
    const order = await orderOf(customer, farm);
    const answer = await send(customer, {
      orderNo: order.orderNo,
      farmer: farm.username,
      ...extra,
    });
    expect(answer.status).toBe(422);
    expect(JSON.stringify(answer.body)).toContain(text);
  });
});
