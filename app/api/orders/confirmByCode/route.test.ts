import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeSessionToken, nowSeconds } from "@/server/auth/token";
import type { Db } from "@/server/db/client";
import {
  createCustomer,
  createMerchant,
  createOrder,
  createProduct,
  type Member,
} from "@/server/db/seed/factories";
import { createShortLink } from "@/server/links";
import {
  INVALID_CODE_MESSAGE,
  NOTHING_TO_CONFIRM_MESSAGE,
  OTHER_FARM_MESSAGE,
} from "@/server/orders/confirm-by-merchant";
import {
  CODE_NOT_RECOGNISED_MESSAGE,
  QUEUED_TOO_LONG_MESSAGE,
} from "@/server/orders/confirm-handover-by-code";
import { handoverPath, handoverShortCode, handoverUrl } from "@/server/orders/handover-code";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import { POST } from "./route";

const SITE = "http://localhost:3000";
let db: Db;

beforeAll(async () => {
  db = await createRouteTestDb();
});
afterAll(() => closeTestDb(db));

type Answer = { status: number; body: Record<string, unknown> };

async function confirm(member: Member | null, body: unknown): Promise<Answer> {
  const headers = new Headers({ origin: SITE, "content-type": "application/json" });
  if (member) {
    const token = await encodeSessionToken({
      memberId: member.id,
      sessionVersion: member.sessionVersion,
      signedInAt: nowSeconds(),
    });
    headers.set("cookie", `_token=${token}`);
  }
  const request = new Request(new URL("/api/orders/confirmByCode", SITE), {
    method: "POST",
    headers,
    body: JSON.stringify(body),
  });
  const response = await POST(request, { params: Promise.resolve({}) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function world() {
  const merchant = await createMerchant(db);
  const otherMerchant = await createMerchant(db);
  const customer = await createCustomer(db);
  const product = await createProduct(db, {
    merchantId: merchant.id,
    deliveryService: "in_store",
    name: "Heirloom Tomatoes",
  });
  const order = await createOrder(db, {
    customerId: customer.id,
    items: [{ productId: product.id, qty: 3 }],
  });
  return { merchant, otherMerchant, customer, order, line: order.items[0]! };
}

const confirmedAtOf = async (lineId: number) =>
  (await db.query.orderItems.findFirst({ where: (l, { eq }) => eq(l.id, lineId) }))!.confirmedAt;

describe("POST /api/orders/confirmByCode", () => {
  it("confirms by typed short code once, and a replay answers already_confirmed", async () => {
    const { merchant, order, line } = await world();
    const code = handoverShortCode(order.id, merchant.id).toLowerCase().replace(/-/g, " ");
    const first = await confirm(merchant, { code });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      outcome: "confirmed",
      orderId: order.id,
      orderNo: order.orderNo,
      message: `Handover of order ${order.orderNo} confirmed.`,
      results: [{ order_id: line.id, product_name: "Heirloom Tomatoes", qty: 3 }],
      payout: null,
    });
    const confirmedAt = await confirmedAtOf(line.id);
    expect(confirmedAt).not.toBeNull();

    const replay = await confirm(merchant, { code, handedOverAt: new Date().toISOString() });
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({
      outcome: "already_confirmed",
      message: `Order ${order.orderNo} was already confirmed, on this phone or another. Nothing changed.`,
    });
    // The second call did not confirm again: the first time stands.
    expect(await confirmedAtOf(line.id)).toEqual(confirmedAt);
  });

  it("follows the QR's short link and keeps the phone's time of a queued handover", async () => {
    const { merchant, order, line } = await world();
    const { shortUrl } = await createShortLink(db, handoverPath(order.id, merchant.id));
    const handedOverAt = new Date(Date.now() - 60 * 60 * 1000);
    const answer = await confirm(merchant, {
      code: shortUrl,
      handedOverAt: handedOverAt.toISOString(),
    });
    expect(answer.body).toMatchObject({ outcome: "confirmed", orderId: order.id });
    expect((await confirmedAtOf(line.id))?.toISOString()).toBe(handedOverAt.toISOString());
  });

  it("takes the full confirm URL too", async () => {
    const { merchant, order } = await world();
    const answer = await confirm(merchant, { code: handoverUrl(order.id, merchant.id) });
    expect(answer.body).toMatchObject({ outcome: "confirmed", orderId: order.id });
  });

  it("refuses tampered, foreign, expired and unrecognised codes with a clear message", async () => {
    const { merchant, otherMerchant, order, line } = await world();
    const good = handoverShortCode(order.id, merchant.id);
    const tampered = good.slice(0, -1) + (good.endsWith("A") ? "B" : "A");
    const week = 8 * 24 * 60 * 60 * 1000;
    const rows: [Member, unknown, number, string][] = [
      [merchant, { code: tampered }, 403, INVALID_CODE_MESSAGE],
      [otherMerchant, { code: good }, 403, INVALID_CODE_MESSAGE],
      [otherMerchant, { code: handoverUrl(order.id, merchant.id) }, 403, OTHER_FARM_MESSAGE],
      [merchant, { code: "hello" }, 422, CODE_NOT_RECOGNISED_MESSAGE],
      [
        merchant,
        { code: "https://example.com/orders/1/confirmByMerchant?m=1&t=x" },
        422,
        CODE_NOT_RECOGNISED_MESSAGE,
      ],
      [
        merchant,
        { code: good, handedOverAt: new Date(Date.now() - week).toISOString() },
        422,
        QUEUED_TOO_LONG_MESSAGE,
      ],
    ];
    for (const [member, body, status, message] of rows) {
      const answer = await confirm(member, body);
      expect({ status: answer.status, message: answer.body.message }).toEqual({ status, message });
    }
    expect(await confirmedAtOf(line.id)).toBeNull();
  });

  it("says plainly when the farm's items were cancelled in the meantime", async () => {
    const merchant = await createMerchant(db);
    const customer = await createCustomer(db);
    const product = await createProduct(db, { merchantId: merchant.id });
    const order = await createOrder(db, {
      customerId: customer.id,
      items: [{ productId: product.id, status: "cancelled" }],
    });
    const answer = await confirm(merchant, { code: handoverShortCode(order.id, merchant.id) });
    expect(answer).toEqual({
      status: 409,
      body: { message: NOTHING_TO_CONFIRM_MESSAGE, requestId: expect.any(String) },
    });
  });

  it("is for farms only, and validates its body", async () => {
    const { customer } = await world();
    expect((await confirm(null, { code: "1-AAAA-AAAA" })).status).toBe(401);
    expect((await confirm(customer, { code: "1-AAAA-AAAA" })).status).toBe(403);
    const { merchant } = await world();
    const answer = await confirm(merchant, { code: "" });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ code: ["Please scan or type the customer's code."] });
  });
});
