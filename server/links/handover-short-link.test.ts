import QRCode from "qrcode";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.APP_URL = "https://market.example";
});

import type { Db } from "@/server/db/client";
import { confirmByMerchant } from "@/server/orders/confirm-by-merchant";
import { getCustomerOrder } from "@/server/orders/get-customer-order";
import { handoverUrl } from "@/server/orders/handover-code";
import { listReadyOrders } from "@/server/orders/list-ready-orders";
import { closeTestDb, createTestDb } from "@/tests/db";
import {
  createCustomer,
  createMerchant,
  createOrder,
  createProduct,
} from "@/server/db/seed/factories";
import { getOriginalUrl } from "./get-original-url";

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => closeTestDb(db));

function qrPath(text: string): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  let path = "";
  for (let row = 0; row < modules.size; row += 1)
    for (let col = 0; col < modules.size; col += 1)
      if (modules.get(row, col)) path += `M${col} ${row}h1v1h-1z`;
  return path;
}

describe("the handover QR code's short link", () => {
  it("encodes a short link that leads to the confirm URL, which still confirms the handover", async () => {
    const merchant = await createMerchant(db);
    const product = await createProduct(db, {
      merchantId: merchant.id,
      deliveryService: "in_store",
    });
    const customer = await createCustomer(db);
    const order = await createOrder(db, {
      customerId: customer.id,
      items: [{ productId: product.id, status: "ready_for_pickup" }],
    });

    const detail = await getCustomerOrder(db, { customerId: customer.id, orderNo: order.orderNo });
    const [code] = detail!.handovers;
    expect(code!.url).toBe(handoverUrl(order.id, merchant.id));
    const short = /^https:\/\/market\.example\/shortLink\/([A-Za-z0-9_-]{12})$/.exec(code!.qrUrl);
    expect(short).not.toBeNull();
    // The drawn code is the short link, and it has fewer modules than the long URL would need.
    expect(code!.path).toBe(qrPath(code!.qrUrl));
    expect(code!.size).toBeLessThan(
      QRCode.create(code!.url, { errorCorrectionLevel: "M" }).modules.size,
    );

    // Opening the short link leads to the same confirm URL...
    const original = await getOriginalUrl(db, { code: short![1], clientIp: null });
    expect(original).toBe(code!.url);
    // ...whose token confirms the farmer's lines.
    const token = new URL(original!).searchParams.get("t");
    const confirmed = await confirmByMerchant(db, {
      merchantId: merchant.id,
      orderId: order.id,
      token: token!,
    });
    expect(confirmed.confirmedNow).toHaveLength(1);
  });

  it("keeps one short link per code across views (the ready list and the order modal)", async () => {
    const merchant = await createMerchant(db);
    const product = await createProduct(db, {
      merchantId: merchant.id,
      deliveryService: "in_store",
    });
    const customer = await createCustomer(db);
    const order = await createOrder(db, {
      customerId: customer.id,
      items: [{ productId: product.id, status: "ready_for_pickup" }],
    });
    const modal = await getCustomerOrder(db, { customerId: customer.id, orderNo: order.orderNo });
    const ready = await listReadyOrders(db, { customerId: customer.id, page: 1 });
    expect(ready.orders[0]!.handovers[0]!.qrUrl).toBe(modal!.handovers[0]!.qrUrl);
    const rows = await db.query.shortLinks.findMany({
      where: (t, { like }) => like(t.originalUrl, `/orders/${order.id}/confirmByMerchant%`),
    });
    expect(rows).toHaveLength(1);
  });
});
