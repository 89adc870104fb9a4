import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { encodeSessionToken, nowSeconds } from "@/server/auth/token";
import type { Db } from "@/server/db/client";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import {
  createCustomer,
  createMerchant,
  createProduct,
  type Member,
} from "@/server/db/seed/factories";
import { GET } from "./route";

const SITE = "http://localhost:3000";
let db: Db;
let owner: Member;
let otherMerchant: Member;
let customer: Member;

beforeAll(async () => {
  db = await createRouteTestDb();
  owner = await createMerchant(db, { username: "route_farm" });
  otherMerchant = await createMerchant(db);
  customer = await createCustomer(db);
  for (let i = 0; i < 13; i += 1) {
    await createProduct(db, {
      merchantId: owner.id,
      name: `Carrots ${i}`,
      createdAt: new Date(Date.now() - (i + 1) * 60_000),
    });
  }
  await createProduct(db, {
    merchantId: owner.id,
    name: "Old Beets",
    status: "deleted",
    deletedAt: new Date(),
  });
});
afterAll(() => closeTestDb(db));

const tokenFor = (m: Member) =>
  encodeSessionToken({
    memberId: m.id,
    sessionVersion: m.sessionVersion,
    signedInAt: nowSeconds(),
  });

type Auth = { cookie?: Member; bearer?: Member };

async function get(username: string, query: string, auth: Auth = {}) {
  const headers = new Headers();
  if (auth.cookie) headers.set("cookie", `_token=${await tokenFor(auth.cookie)}`);
  if (auth.bearer) headers.set("authorization", `Bearer ${await tokenFor(auth.bearer)}`);
  const response = await GET(
    new Request(`${SITE}/api/stores/${username}/products${query}`, { headers }),
    {
      params: Promise.resolve({ username }),
    },
  );
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    cacheControl: response.headers.get("cache-control"),
  };
}

describe("GET /api/stores/{username}/products", () => {
  it("gives anyone the active products, 12 a page, with the total", async () => {
    const first = await get("route_farm", "");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 13, page: 1, perPage: 12, hasMore: true });
    const products = first.body.products as Array<Record<string, unknown>>;
    expect(products).toHaveLength(12);
    expect(products[0]).toMatchObject({
      title: "Carrots 0",
      merchantUsername: "route_farm",
      price: expect.stringMatching(/^\d+\.\d{2}$/),
    });

    const second = await get("route_farm", "?viewMode=public&page=2");
    expect(second.body).toMatchObject({ total: 13, page: 2, perPage: 12, hasMore: false });
    expect((second.body.products as Array<{ title: string }>).map((p) => p.title)).toEqual([
      "Carrots 12",
    ]);
  });

  it.each([
    ["by cookie", { cookie: true }],
    ["by bearer token", { bearer: true }],
  ])("gives the owner the deleted products (%s)", async (_, how) => {
    const auth: Auth = "cookie" in how ? { cookie: owner } : { bearer: owner };
    const { status, body, cacheControl } = await get("route_farm", "?viewMode=deleted", auth);
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 1, page: 1, perPage: 12, hasMore: false });
    expect((body.products as Array<{ title: string }>).map((p) => p.title)).toEqual(["Old Beets"]);
    expect(cacheControl).toBe("no-store");
  });

  it.each([
    ["a visitor", {}],
    ["another merchant", { cookie: "otherMerchant" }],
    ["a customer", { bearer: "customer" }],
  ] as const)("answers 404 to %s asking for the deleted products", async (_, who) => {
    const auth: Auth =
      "cookie" in who ? { cookie: otherMerchant } : "bearer" in who ? { bearer: customer } : {};
    const { status, body } = await get("route_farm", "?viewMode=deleted", auth);
    expect(status).toBe(404);
    expect(body).toEqual({
      message: "The store could not be found.",
      requestId: expect.any(String),
    });
  });

  it.each([
    ["an unknown username", "no_such_farm"],
    ["a customer's username", "customer_username"],
  ])("answers 404 for %s", async (_, username) => {
    const { status } = await get(
      username === "customer_username" ? customer.username : username,
      "",
    );
    expect(status).toBe(404);
  });

  it.each([
    ["?viewMode=removed", "viewMode", "Invalid Value"],
    ["?page=0", "page", "Invalid Page"],
    ["?page=abc", "page", "Invalid Page"],
  ])("answers 422 for %s", async (query, field, message) => {
    const { status, body } = await get("route_farm", query);
    expect(status).toBe(422);
    expect(body).toEqual({
      message: "Please check the form.",
      errors: { [field]: [message] },
      requestId: expect.any(String),
    });
  });
});
