import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock(import("@/server/security"), async (importOriginal) => ({
  ...(await importOriginal()),
  recordSignIn: async () => {},
}));

import { DELETE as deleteCart, PATCH as patchCart } from "@/app/api/cart/[pKey]/route";
import { GET as getCart, POST as postCart } from "@/app/api/cart/route";
import { DELETE as deleteWish, PATCH as patchWish } from "@/app/api/dreamtracker/[pKey]/route";
import { POST as moveToCart } from "@/app/api/dreamtracker/[pKey]/moveToCart/route";
import { GET as getWish, POST as postWish } from "@/app/api/dreamtracker/route";
import { POST as login } from "@/app/api/users/login/route";
import { encodeSessionToken, nowSeconds } from "@/server/auth/token";
import { CART_MESSAGES } from "@/server/cart";
import type { Db } from "@/server/db/client";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import {
  DEFAULT_PASSWORD,
  createCartItem,
  createCustomer,
  createDreamTrackerItem,
  createMerchant,
  createProduct,
  type Member,
  type Product,
} from "@/server/db/seed/factories";

const SITE = "http://localhost:3000";
let db: Db;
let merchant: Member;

beforeAll(async () => {
  db = await createRouteTestDb();
  merchant = await createMerchant(db, { username: "maple_farm" });
});
afterAll(() => closeTestDb(db));

const product = (overrides: Partial<Product> = {}) =>
  createProduct(db, { merchantId: merchant.id, ...overrides });
const tokenFor = (m: Member) =>
  encodeSessionToken({
    memberId: m.id,
    sessionVersion: m.sessionVersion,
    signedInAt: nowSeconds(),
  });

/** A member's saved items, by product id. */
async function rowsOf(kind: "cart" | "dreamtracker", memberId: number) {
  const query = kind === "cart" ? db.query.cartItems : db.query.dreamTrackerItems;
  const rows = await query.findMany({
    columns: { productId: true, qty: true },
    where: (t, { eq }) => eq(t.memberId, memberId),
  });
  return rows.sort((x, y) => x.productId - y.productId);
}

type Handler = (
  req: Request,
  ctx: { params: Promise<Record<string, string>> },
) => Promise<Response>;

/** Calls a handler as the browser would: same origin, JSON, with the given cookies. */
async function call(
  handler: Handler,
  {
    method = "GET",
    path,
    body,
    cookies = {},
    params = {},
  }: {
    method?: string;
    path: string;
    body?: unknown;
    cookies?: Record<string, string>;
    params?: Record<string, string>;
  },
) {
  const headers = new Headers({ origin: SITE, "content-type": "application/json" });
  const cookie = Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join("; ");
  if (cookie) headers.set("cookie", cookie);
  const response = await handler(
    new Request(new URL(path, SITE), {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    }),
    { params: Promise.resolve(params) },
  );
  const setCookies = new Map(
    response.headers.getSetCookie().map((line) => [line.slice(0, line.indexOf("=")), line]),
  );
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    setCookies,
  };
}

describe("a visitor's cart (cookies)", () => {
  it("adds, lists, updates and removes through cart_{pKey} cookies", async () => {
    const p = await product({ name: "Wildflower Honey", unitPriceCents: 1200 });
    const name = `cart_${p.pKey}`;

    const added = await call(postCart as Handler, {
      method: "POST",
      path: "/api/cart",
      body: { pKey: p.pKey, qty: 2 },
    });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      message: "Added to your cart.",
      count: 1,
      item: { p_key: p.pKey, qty: 2, unit_price: "12.00" },
    });
    const line = added.setCookies.get(name)!;
    expect(line).toMatch(new RegExp(`^${name}=2;`));
    expect(line).toMatch(/; Path=\//);
    expect(line).toMatch(/; Max-Age=2592000/);
    expect(line).toMatch(/; SameSite=lax/i);
    expect(line).toMatch(/; HttpOnly/i);

    const listed = await call(getCart as Handler, { path: "/api/cart", cookies: { [name]: "2" } });
    expect(listed.status).toBe(200);
    expect(listed.body.count).toBe(1);
    expect(listed.body.items).toEqual([
      {
        id: p.id,
        p_key: p.pKey,
        name: "Wildflower Honey",
        product_image: null,
        unit_price: "12.00",
        unit_price_cents: 1200,
        unit_weight: "ea",
        currency_symbol: "$",
        currency: "CAD",
        qty: 2,
        pay_in_person: true,
        pay_by_card: false,
        delivery_service: 0,
        in_stock: true,
        units_left: null,
        only_left: null,
        merchant_username: "maple_farm",
        purchasable: true,
        unavailable_reason: null,
      },
    ]);

    const patched = await call(patchCart as Handler, {
      method: "PATCH",
      path: `/api/cart/${p.pKey}`,
      body: { qty: 4 },
      cookies: { [name]: "2" },
      params: { pKey: p.pKey },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      message: "Updated the quantity in your cart.",
      item: { qty: 4 },
      count: 1,
    });
    expect(patched.setCookies.get(name)).toMatch(new RegExp(`^${name}=4;`));

    const removed = await call(deleteCart as Handler, {
      method: "DELETE",
      path: `/api/cart/${p.pKey}`,
      cookies: { [name]: "4" },
      params: { pKey: p.pKey },
    });
    expect(removed.body).toEqual({ message: "Removed from your cart.", count: 0 });
    expect(removed.setCookies.get(name)).toMatch(/Max-Age=0/);
  });

  it("expires cookies of products that are gone when the list is read", async () => {
    const { status, body, setCookies } = await call(getCart as Handler, {
      path: "/api/cart",
      cookies: { cart_00000000000000000000000000000000: "1" },
    });
    expect(status).toBe(200);
    expect(body).toEqual({ items: [], count: 0, dropped: 1 });
    expect(setCookies.get("cart_00000000000000000000000000000000")).toMatch(/Max-Age=0/);
  });

  it("moves a dream tracker item to the cart", async () => {
    const p = await product();
    const { status, body, setCookies } = await call(moveToCart as Handler, {
      method: "POST",
      path: `/api/dreamtracker/${p.pKey}/moveToCart`,
      cookies: { [`dreamtracker_${p.pKey}`]: "3" },
      params: { pKey: p.pKey },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      message: "Moved to your cart.",
      count: 1,
      dreamtrackerCount: 0,
      item: { qty: 3 },
    });
    expect(setCookies.get(`cart_${p.pKey}`)).toMatch(new RegExp(`^cart_${p.pKey}=3;`));
    expect(setCookies.get(`dreamtracker_${p.pKey}`)).toMatch(/Max-Age=0/);
  });
});

describe("a member's cart and dream tracker (database)", () => {
  it("adds to the rows, never to cookies, and only the member's own items are listed", async () => {
    const [me, other] = [await createCustomer(db), await createCustomer(db)];
    const [mine, theirs] = [await product(), await product()];
    await createCartItem(db, { memberId: other.id, productId: theirs.id, qty: 7 });
    const token = await tokenFor(me);

    const added = await call(postCart as Handler, {
      method: "POST",
      path: "/api/cart",
      body: { pKey: mine.pKey },
      cookies: { _token: token },
    });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      message: "Added to your cart.",
      count: 1,
      item: { qty: 1 },
    });
    expect([...added.setCookies.keys()].some((n) => n.startsWith("cart_"))).toBe(false);

    const listed = await call(getCart as Handler, {
      path: "/api/cart",
      cookies: { _token: token, [`cart_${theirs.pKey}`]: "1" },
    });
    expect((listed.body.items as { p_key: string }[]).map((i) => i.p_key)).toEqual([mine.pKey]);

    // Another member's item: 404, unchanged.
    for (const [handler, method, body] of [
      [patchCart, "PATCH", { qty: 2 }],
      [deleteCart, "DELETE", undefined],
    ] as const) {
      const res = await call(handler as Handler, {
        method,
        path: `/api/cart/${theirs.pKey}`,
        body,
        cookies: { _token: token },
        params: { pKey: theirs.pKey },
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        message: CART_MESSAGES.notInList("cart"),
        requestId: expect.any(String),
      });
    }
    expect(await rowsOf("cart", other.id)).toEqual([{ productId: theirs.id, qty: 7 }]);
  });

  it("keeps the dream tracker apart and moves items into the cart", async () => {
    const me = await createCustomer(db);
    const p = await product();
    const token = await tokenFor(me);
    await call(postWish as Handler, {
      method: "POST",
      path: "/api/dreamtracker",
      body: { pKey: p.pKey, qty: 2 },
      cookies: { _token: token },
    });
    const wish = await call(getWish as Handler, {
      path: "/api/dreamtracker",
      cookies: { _token: token },
    });
    expect(wish.body).toMatchObject({ count: 1, items: [{ p_key: p.pKey, qty: 2 }] });
    expect(
      (
        await call(patchWish as Handler, {
          method: "PATCH",
          path: `/api/dreamtracker/${p.pKey}`,
          body: { qty: 3 },
          cookies: { _token: token },
          params: { pKey: p.pKey },
        })
      ).body,
    ).toMatchObject({ item: { qty: 3 } });

    const moved = await call(moveToCart as Handler, {
      method: "POST",
      path: `/api/dreamtracker/${p.pKey}/moveToCart`,
      cookies: { _token: token },
      params: { pKey: p.pKey },
    });
    expect(moved.body).toMatchObject({ count: 1, dreamtrackerCount: 0, item: { qty: 3 } });
    expect(await rowsOf("dreamtracker", me.id)).toEqual([]);
    expect(
      (
        await call(deleteWish as Handler, {
          method: "DELETE",
          path: `/api/dreamtracker/${p.pKey}`,
          cookies: { _token: token },
          params: { pKey: p.pKey },
        })
      ).status,
    ).toBe(404);
  });

  it("refuses a cookie-authenticated change from another site", async () => {
    const me = await createCustomer(db);
    const p = await product();
    const response = await postCart(
      new Request(new URL("/api/cart", SITE), {
        method: "POST",
        headers: {
          origin: "https://evil.example",
          "content-type": "application/json",
          cookie: `_token=${await tokenFor(me)}`,
        },
        body: JSON.stringify({ pKey: p.pKey }),
      }),
      { params: Promise.resolve({}) },
    );
    expect(response.status).toBe(403);
    expect(await rowsOf("cart", me.id)).toEqual([]);
  });
});

describe("bad input", () => {
  it.each([
    ["qty 0", { qty: 0 }, "qty", "Invalid Quantity"],
    ["qty -1", { qty: -1 }, "qty", "Invalid Quantity"],
    ["qty 1.5", { qty: 1.5 }, "qty", "Invalid Quantity"],
    ["qty 1000", { qty: 1000 }, "qty", "Invalid Quantity"],
    ["qty text", { qty: "many" }, "qty", "Invalid Quantity"],
    ["no pKey", { pKey: undefined, qty: 1 }, "pKey", "Required Field"],
    ["empty pKey", { pKey: " ", qty: 1 }, "pKey", "Required Field"],
  ])("POST with %s answers 422 and changes nothing", async (_, body, field, message) => {
    const p = await product();
    const {
      status,
      body: answer,
      setCookies,
    } = await call(postCart as Handler, {
      method: "POST",
      path: "/api/cart",
      body: { pKey: p.pKey, ...body },
    });
    expect(status).toBe(422);
    expect(answer).toEqual({
      message: "Please check the form.",
      errors: { [field]: [message] },
      requestId: expect.any(String),
    });
    expect(setCookies.size).toBe(0);
  });

  it.each([
    ["qty 0", { qty: 0 }],
    ["no qty", {}],
  ])("PATCH with %s answers 422 and keeps the quantity", async (_, body) => {
    const p = await product();
    const {
      status,
      body: answer,
      setCookies,
    } = await call(patchCart as Handler, {
      method: "PATCH",
      path: `/api/cart/${p.pKey}`,
      body,
      cookies: { [`cart_${p.pKey}`]: "2" },
      params: { pKey: p.pKey },
    });
    expect(status).toBe(422);
    expect(answer).toEqual({
      message: "Please check the form.",
      errors: { qty: ["Invalid Quantity"] },
      requestId: expect.any(String),
    });
    expect(setCookies.size).toBe(0);
  });

  it.each([
    [
      "an unknown pKey",
      async () => "0123456789abcdef0123456789abcdef",
      404,
      CART_MESSAGES.productNotFound,
    ],
    [
      "a removed product",
      async () => (await product({ status: "removed" })).pKey,
      404,
      CART_MESSAGES.productNotFound,
    ],
    [
      "an out-of-stock product",
      async () => (await product({ inStock: false })).pKey,
      409,
      CART_MESSAGES.outOfStock,
    ],
    [
      "a deleted product",
      async () => (await product({ status: "deleted" })).pKey,
      409,
      CART_MESSAGES.inactive,
    ],
  ])("POST of %s is refused with a clear message", async (_, pKey, status, message) => {
    const res = await call(postWish as Handler, {
      method: "POST",
      path: "/api/dreamtracker",
      body: { pKey: await pKey(), qty: 1 },
    });
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ message, requestId: expect.any(String) });
    expect(res.setCookies.size).toBe(0);
  });

  it("answers 400 to a body that is not JSON", async () => {
    expect(
      (await call(postCart as Handler, { method: "POST", path: "/api/cart", body: "{oops" }))
        .status,
    ).toBe(400);
  });

  it("answers 404 to a PATCH of an item the visitor does not have", async () => {
    const p = await product();
    const res = await call(patchCart as Handler, {
      method: "PATCH",
      path: `/api/cart/${p.pKey}`,
      body: { qty: 2 },
      params: { pKey: p.pKey },
    });
    expect(res).toMatchObject({ status: 404, body: { message: CART_MESSAGES.notInList("cart") } });
  });
});

describe("sign-in merges the visitor's items", () => {
  it("POST /api/users/login moves the cookie items into the member's and expires the cookies", async () => {
    const me = await createCustomer(db);
    const [a, b] = [await product(), await product()];
    await createCartItem(db, { memberId: me.id, productId: a.id, qty: 4 });
    await createDreamTrackerItem(db, { memberId: me.id, productId: b.id, qty: 1 });

    const res = await call(login as Handler, {
      method: "POST",
      path: "/api/users/login",
      body: { login: me.username, password: DEFAULT_PASSWORD },
      cookies: {
        [`cart_${a.pKey}`]: "2",
        [`cart_${b.pKey}`]: "3",
        [`dreamtracker_${b.pKey}`]: "5",
      },
    });
    expect(res.status).toBe(200);
    for (const name of [`cart_${a.pKey}`, `cart_${b.pKey}`, `dreamtracker_${b.pKey}`])
      expect(res.setCookies.get(name)).toMatch(/Max-Age=0/);

    expect(await rowsOf("cart", me.id)).toEqual([
      { productId: a.id, qty: 4 },
      { productId: b.id, qty: 3 },
    ]);
    expect(await rowsOf("dreamtracker", me.id)).toEqual([{ productId: b.id, qty: 5 }]);
  });
});
