import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

const testState = vi.hoisted(() => {
  return { revalidated: [] as string[] };
});
vi.mock("next/cache", () => ({
  revalidateTag: (tag: string) => testState.revalidated.push(tag),
}));

import { encodeSessionToken, nowSeconds } from "@/server/auth/token";
import type { Db } from "@/server/db/client";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import {
  createCustomer,
  createMerchant,
  createProduct,
  type Member,
} from "@/server/db/seed/factories";
import { productRow } from "@/tests/product-form";
import { POST as postActivate } from "../activate/route";
import { POST as postDelete } from "../delete/route";
import { POST as postRemove } from "../remove/route";
import { GET as getTotal } from "../../getTotal/byUser/route";
import { GET as getByUser } from "./route";

const SITE = "http://localhost:3000";
let db: Db;

beforeAll(async () => {
  db = await createRouteTestDb();
});
afterAll(() => closeTestDb(db));
beforeEach(() => {
  testState.revalidated.length = 0;
});

const tokenFor = (m: Member) =>
  encodeSessionToken({
    memberId: m.id,
    sessionVersion: m.sessionVersion,
    signedInAt: nowSeconds(),
  });

type Handler = (req: Request, ctx: { params: Promise<{ productId: string }> }) => Promise<Response>;

async function call(
  handler: Handler,
  method: "GET" | "POST",
  pathname: string,
  member: Member | null,
  productId = "",
) {
  const headers = new Headers({ origin: SITE });
  if (member) headers.set("authorization", `Bearer ${await tokenFor(member)}`);
  const response = await handler(new Request(new URL(pathname, SITE), { method, headers }), {
    params: Promise.resolve({ productId }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const statusOf = async (id: number) => (await productRow(db, id)).status;

describe("GET /api/products/{productId}/byUser", () => {
  it("gives the owner the loaded product", async () => {
    const merchant = await createMerchant(db);
    const product = await createProduct(db, { merchantId: merchant.id, unitPriceCents: 725 });
    const { status, body } = await call(
      getByUser,
      "GET",
      `/api/products/${product.id}/byUser`,
      merchant,
      String(product.id),
    );
    expect(status).toBe(200);
    expect(body.product).toMatchObject({
      id: product.id,
      name: product.name,
      detail: product.detail,
      unit_price: "7.25",
      unit_weight: 1,
      unit_weight_symbol: null,
      delivery_service: "in_store",
      in_stock: true,
      pay_by_card: false,
      pay_in_person: true,
      img_url: null,
    });
  });

  it.each([
    [
      "another merchant's product",
      async () => (await createProduct(db, { merchantId: (await createMerchant(db)).id })).id,
      404,
    ],
    [
      "a removed product",
      async (owner: Member) =>
        (await createProduct(db, { merchantId: owner.id, status: "removed" })).id,
      404,
    ],
    ["an id that is not a number", async () => "abc", 404],
  ])("answers 404 for %s", async (_, makeId, status) => {
    const merchant = await createMerchant(db);
    const id = String(await makeId(merchant));
    expect(await call(getByUser, "GET", `/api/products/${id}/byUser`, merchant, id)).toEqual({
      status,
      body: { message: "The product could not be found.", requestId: expect.any(String) },
    });
  });

  it("answers 401 to a visitor and 403 to a customer", async () => {
    expect((await call(getByUser, "GET", "/api/products/1/byUser", null, "1")).status).toBe(401);
    expect(
      (await call(getByUser, "GET", "/api/products/1/byUser", await createCustomer(db), "1"))
        .status,
    ).toBe(403);
  });
});

describe("GET /api/products/getTotal/byUser", () => {
  it("lists the merchant's own products that count toward the plan, removed ones left out", async () => {
    const merchant = await createMerchant(db);
    const active = await createProduct(db, { merchantId: merchant.id });
    const deleted = await createProduct(db, { merchantId: merchant.id, status: "deleted" });
    await createProduct(db, { merchantId: merchant.id, status: "removed" });
    await createProduct(db, { merchantId: (await createMerchant(db)).id });
    const { status, body } = await call(getTotal, "GET", "/api/products/getTotal/byUser", merchant);
    expect(status).toBe(200);
    const listed = (body.data as { products: { id: number; status: string }[] }).products;
    expect(listed.map((p) => [p.id, p.status]).sort()).toEqual([
      [active.id, "active"],
      [deleted.id, "deleted"],
    ]);
  });

  it("answers 403 to a customer", async () => {
    expect(
      (await call(getTotal, "GET", "/api/products/getTotal/byUser", await createCustomer(db)))
        .status,
    ).toBe(403);
  });
});

describe("POST /api/products/{productId}/delete, activate, remove", () => {
  it("walks a product through delete, activate and remove with the spec's messages", async () => {
    const merchant = await createMerchant(db);
    const product = await createProduct(db, { merchantId: merchant.id });
    const id = String(product.id);
    expect(await call(postDelete, "POST", `/api/products/${id}/delete`, merchant, id)).toEqual({
      status: 200,
      body: { message: "The product has been deleted." },
    });
    expect(await statusOf(product.id)).toBe("deleted");
    expect(testState.revalidated).toEqual([
      `product:${id}`,
      "products",
      `store:${merchant.username}`,
    ]);
    expect(await call(postActivate, "POST", `/api/products/${id}/activate`, merchant, id)).toEqual({
      status: 200,
      body: { message: "The product has been activated." },
    });
    expect(await call(postRemove, "POST", `/api/products/${id}/remove`, merchant, id)).toEqual({
      status: 200,
      body: { message: "The product has been removed permanently." },
    });
    expect(await statusOf(product.id)).toBe("removed");
    expect(await call(postActivate, "POST", `/api/products/${id}/activate`, merchant, id)).toEqual({
      status: 409,
      body: {
        message: "The product has already been removed permanently.",
        requestId: expect.any(String),
      },
    });
  });

  it("answers 409 to a wrong transition", async () => {
    const merchant = await createMerchant(db);
    const product = await createProduct(db, { merchantId: merchant.id });
    const id = String(product.id);
    expect(await call(postActivate, "POST", `/api/products/${id}/activate`, merchant, id)).toEqual({
      status: 409,
      body: { message: "The product is already active.", requestId: expect.any(String) },
    });
  });

  it.each([
    ["delete", postDelete],
    ["activate", postActivate],
    ["remove", postRemove],
  ])("answers 404 to %s on another merchant's product", async (action, handler) => {
    const owner = await createMerchant(db);
    const product = await createProduct(db, {
      merchantId: owner.id,
      status: action === "activate" ? "deleted" : "active",
    });
    const id = String(product.id);
    expect(
      await call(handler, "POST", `/api/products/${id}/${action}`, await createMerchant(db), id),
    ).toEqual({
      status: 404,
      body: { message: "The product could not be found.", requestId: expect.any(String) },
    });
    expect(await statusOf(product.id)).toBe(product.status);
    expect(testState.revalidated).toEqual([]);
  });

  it("refuses a cookie-authenticated write from another site", async () => {
    const merchant = await createMerchant(db);
    const product = await createProduct(db, { merchantId: merchant.id });
    const req = new Request(`${SITE}/api/products/${product.id}/delete`, {
      method: "POST",
      headers: { origin: "https://evil.example", cookie: `_token=${await tokenFor(merchant)}` },
    });
    const response = await postDelete(req, {
      params: Promise.resolve({ productId: String(product.id) }),
    });
    expect(response.status).toBe(403);
    expect(await statusOf(product.id)).toBe("active");
  });
});
