import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { POST as addToCart } from "@/app/api/cart/route";
import { DELETE as removeFromCart } from "@/app/api/cart/[pKey]/route";
import { POST as addToDreamTracker } from "@/app/api/dreamtracker/route";
import { POST as moveToCart } from "@/app/api/dreamtracker/[pKey]/moveToCart/route";
import { GET as storeProducts } from "@/app/api/stores/[username]/products/route";
import { POST as login } from "@/app/api/users/login/route";
import { encodeSessionToken, nowSeconds } from "@/server/auth/token";
import type { Db } from "@/server/db/client";
import { findNulCharacter, isMalformedPath } from "@/server/http/input-guards";
import { route, type RouteHandler } from "@/server/http/route";
import { log } from "@/server/log";
import { clearRateLimitMemoryForTest } from "@/server/rate-limit";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import { createCustomer } from "@/server/db/seed/factories";

let db: Db;
let bearer: string;
beforeAll(async () => {
  db = await createRouteTestDb();
  const customer = await createCustomer(db);
  bearer = `Bearer ${await encodeSessionToken({
    memberId: customer.id,
    sessionVersion: customer.sessionVersion,
    signedInAt: nowSeconds(),
  })}`;
});
afterAll(() => closeTestDb(db));
afterEach(() => {
  vi.restoreAllMocks();
  clearRateLimitMemoryForTest();
});

const SITE = "http://localhost:3000";
const NUL = "\u0000";

describe("isMalformedPath", () => {
  it.each([
    "/api/products/%E0%A4%A/reviews",
    "/api/products/%/reviews",
    "/api/cart/%00",
    "/api/dreamtracker/%00/moveToCart",
    "/api/stores/%00/products",
    "/uploads/%0a.webp",
    "/uploads/a%7F.webp",
  ])("%s is malformed", (path) => {
    expect(isMalformedPath(path)).toBe(true);
  });

  it.each(["/api/products/12/reviews", "/stores/caf%C3%A9", "/search/a%20b", "/x/%2F"])(
    "%s is fine",
    (path) => {
      expect(isMalformedPath(path)).toBe(false);
    },
  );
});

describe("findNulCharacter", () => {
  it("gives the path of the first value or key holding NUL", () => {
    expect(findNulCharacter({ a: "x", b: [{ c: "ok" }, { c: `y${NUL}` }] })).toEqual(["b", 1, "c"]);
    expect(findNulCharacter({ [`k${NUL}`]: 1 })).toEqual(["k"]);
    expect(findNulCharacter(`a${NUL}`)).toEqual([]);
    expect(findNulCharacter({ a: "tab\tand newline\n are fine", n: 1, z: null })).toBeNull();
  });

  it("walks JSON nested far deeper than the call stack allows (a 4xx later, never a 500)", () => {
    const depth = 200_000;
    const deep: unknown = JSON.parse(
      "[".repeat(depth) + JSON.stringify(`x${NUL}`) + "]".repeat(depth),
    );
    expect(findNulCharacter(deep)).toHaveLength(depth);
    expect(findNulCharacter(JSON.parse("[".repeat(depth) + "]".repeat(depth)))).toBeNull();
  });
});

type Call = {
  name: string;
  handler: RouteHandler;
  request: () => Request;
  params?: Record<string, string>;
  status: number;
  errors?: Record<string, string[]>;
};

function json(method: string, path: string, body: unknown): Request {
  return new Request(`${SITE}${path}`, {
    method,
    headers: { "content-type": "application/json", authorization: bearer, origin: SITE },
    body: JSON.stringify(body),
  });
}

const NUL_FIELD = ["This field contains a character that is not allowed."];

// The calls of issue 22 that answered 500 (and logged the SQL and its parameters) for a NUL.
const CALLS: Call[] = [
  {
    name: "POST /api/users/login with NUL in login",
    handler: login as RouteHandler,
    request: () => json("POST", "/api/users/login", { login: `a${NUL}b`, password: "x" }),
    status: 422,
    errors: { login: NUL_FIELD },
  },
  {
    name: "POST /api/cart with NUL in pKey",
    handler: addToCart as RouteHandler,
    request: () => json("POST", "/api/cart", { pKey: `a${NUL}b`, qty: 1 }),
    status: 422,
    errors: { pKey: NUL_FIELD },
  },
  {
    name: "POST /api/dreamtracker with NUL in pKey",
    handler: addToDreamTracker as RouteHandler,
    request: () => json("POST", "/api/dreamtracker", { pKey: `a${NUL}b` }),
    status: 422,
    errors: { pKey: NUL_FIELD },
  },
  {
    name: "DELETE /api/cart/%00",
    handler: removeFromCart as RouteHandler,
    request: () => json("DELETE", "/api/cart/%00", {}),
    params: { pKey: NUL },
    status: 400,
  },
  {
    name: "POST /api/dreamtracker/%00/moveToCart",
    handler: moveToCart as RouteHandler,
    request: () => json("POST", "/api/dreamtracker/%00/moveToCart", {}),
    params: { pKey: NUL },
    status: 400,
  },
  {
    name: "GET /api/stores/%00/products",
    handler: storeProducts as RouteHandler,
    request: () => new Request(`${SITE}/api/stores/%00/products`),
    params: { username: NUL },
    status: 400,
  },
];

describe("NUL in a body or a path parameter (issue 22)", () => {
  it.each(CALLS)(
    "$name answers $status in the error shape, nothing logged as an error",
    async (call) => {
      const logError = vi.spyOn(log, "error");
      const response = await call.handler(call.request(), {
        params: Promise.resolve(call.params ?? {}),
      });
      expect(response.status).toBe(call.status);
      const body = await response.json();
      expect(body).toEqual({
        message: call.status === 400 ? "The address is not valid." : "Please check the form.",
        ...(call.errors ? { errors: call.errors } : {}),
        requestId: expect.any(String),
      });
      expect(logError).not.toHaveBeenCalled();
    },
  );
});

describe("route() input guards", () => {
  const echo = route({ public: true }, async ({ req }) => Response.json(await req.json()));
  const form = route({ public: true }, async ({ req }) => {
    const data = await req.formData();
    return Response.json({ name: data.get("name") });
  });
  const ctx = { params: Promise.resolve({}) };

  it("refuses NUL in a query value with a 400", async () => {
    const list = route({ public: true }, () => Response.json({ results: [] }));
    expect((await list(new Request(`${SITE}/api/x?q=ab`), ctx)).status).toBe(200);
    const response = await list(new Request(`${SITE}/api/x?q=a%00b`), ctx);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: "The address is not valid.",
      requestId: expect.any(String),
    });
  });

  it("refuses NUL in a multipart text field with a 422 under the field", async () => {
    const body = new FormData();
    body.set("name", `a${NUL}`);
    const response = await form(new Request(`${SITE}/api/x`, { method: "POST", body }), ctx);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      message: "Please check the form.",
      errors: { name: NUL_FIELD },
      requestId: expect.any(String),
    });
  });

  it("still passes ordinary JSON, tabs and newlines included", async () => {
    const response = await echo(
      new Request(`${SITE}/api/x`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ text: "line\nnext\tcol" }),
      }),
      ctx,
    );
    expect(await response.json()).toEqual({ text: "line\nnext\tcol" });
  });
});
