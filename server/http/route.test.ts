import { encode } from "next-auth/jwt";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

// This file's site address, set before anything reads the environment.
vi.hoisted(() => {
  process.env.APP_URL = "https://market.example";
});

// The environment and the database seam must be in place before any module reads them.
// Handlers get this file's test database instead of the process-wide one.

import { SESSION_MAX_AGE_SECONDS, encodeSessionToken, nowSeconds } from "@/server/auth/token";
import type { Db } from "@/server/db/client";
import { members } from "@/server/db/schema";
import { AppError, ERROR_STATUS, type ErrorCode } from "@/server/errors";
import { route } from "@/server/http/route";
import { log } from "@/server/log";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import { createAdmin, createCustomer, createMerchant } from "@/server/db/seed/factories";

const SITE = "http://localhost:3000";
const GENERIC = "Something went wrong. Please try again later.";

let db: Db;
let customer: { id: number };
let merchant: { id: number };
let admin: { id: number };

beforeAll(async () => {
  db = await createRouteTestDb();
  customer = await createCustomer(db);
  merchant = await createMerchant(db);
  admin = await createAdmin(db);
});

afterAll(() => closeTestDb(db));

/** A token for a member as next-auth would issue it at sign-in. */
async function tokenFor(
  member: { id: number },
  overrides: { sessionVersion?: number; signedInAt?: number } = {},
) {
  const [row] = await db
    .select({ sessionVersion: members.sessionVersion })
    .from(members)
    .where(eq(members.id, member.id));
  return encodeSessionToken({
    memberId: member.id,
    sessionVersion: overrides.sessionVersion ?? row!.sessionVersion,
    signedInAt: overrides.signedInAt ?? nowSeconds(),
    secondFactorAt: nowSeconds(),
  });
}

type Init = {
  method?: string;
  token?: string;
  via?: "bearer" | "cookie";
  headers?: Record<string, string>;
  body?: string;
};

function request(
  path: string,
  { method = "GET", token, via = "cookie", headers = {}, body }: Init = {},
) {
  // Every request a server sees names the host it was sent to.
  const h = new Headers({ host: new URL(SITE).host, ...headers });
  if (token && via === "bearer") h.set("authorization", `Bearer ${token}`);
  if (token && via === "cookie")
    h.set("cookie", `authenticated=true; _token=${token}; member_type=customer`);
  return new Request(new URL(path, SITE), { method, headers: h, body });
}

const noParams = { params: Promise.resolve({}) };

const whoAmI = route({}, ({ member }) =>
  Response.json({ id: member.id, memberType: member.memberType }),
);
const merchantOnly = route({ role: "merchant" }, ({ member }) => Response.json({ id: member.id }));
const adminOnly = route({ role: "admin" }, ({ member }) => Response.json({ id: member.id }));
const merchantOrAdmin = route({ role: ["merchant", "admin"] }, ({ member }) =>
  Response.json({ id: member.id }),
);
const open = route({ public: true }, ({ member }) => Response.json({ id: member?.id ?? null }));
const write = route({ role: "member" }, () => Response.json({ message: "Saved." }));

async function call(handler: typeof whoAmI, req: Request) {
  const response = await handler(req, noParams);
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: text ? JSON.parse(text) : null,
  };
}

describe("error mapping", () => {
  const throwing = (error: unknown) =>
    route({ public: true }, () => {
      throw error;
    });

  it.each(Object.entries(ERROR_STATUS) as [ErrorCode, number][])(
    "AppError %s answers %i",
    async (code, status) => {
      const res = await call(
        throwing(new AppError(code, code === "internal" ? "db pool exhausted" : "Custom text.")),
        request("/api/x"),
      );
      expect(res.status).toBe(status);
      // internal never shows its own text; every other code shows the thrower's user-facing message
      expect(res.body).toEqual({
        message: code === "internal" ? GENERIC : "Custom text.",
        requestId: expect.any(String),
      });
      expect(res.headers.get("cache-control")).toBe("no-store");
    },
  );

  it("sends field errors of an AppError and keeps the log message out of the body", async () => {
    const error = new AppError("validation", "Please check the form.", {
      logMessage: "member 12 tried username taken by member 7",
      fieldErrors: { username: ["The username is already taken."] },
    });
    const res = await call(throwing(error), request("/api/x", { method: "POST" }));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: "Please check the form.",
      errors: { username: ["The username is already taken."] },
      requestId: expect.any(String),
    });
    expect(res.text).not.toContain("member 12");
  });

  it("turns a ZodError into 422 with messages under dotted paths", async () => {
    const schema = z.object({
      address: z.object({ postalCode: z.string().min(3, "The postal code is required.") }),
      items: z.array(z.object({ qty: z.number().int("Quantity must be a whole number.") })),
      password: z.string().min(8, "At least 8 characters.").regex(/\d/, "At least one digit."),
    });
    const handler = route({ public: true }, () => {
      schema.parse({
        address: { postalCode: "" },
        items: [{ qty: 1 }, { qty: 1.5 }],
        password: "abc",
      });
      return new Response(null);
    });
    const res = await call(handler, request("/api/x", { method: "POST" }));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: "Please check the form.",
      errors: {
        "address.postalCode": ["The postal code is required."],
        "items.1.qty": ["Quantity must be a whole number."],
        password: ["At least 8 characters.", "At least one digit."],
      },
      requestId: expect.any(String),
    });
  });

  it("puts a ZodError about the whole body under _form", async () => {
    const handler = route({ public: true }, () => {
      z.object({ a: z.string() })
        .refine(() => false, "Pick at least one option.")
        .parse({ a: "x" });
      return new Response(null);
    });
    const res = await call(handler, request("/api/x", { method: "POST" }));
    expect(res.body).toEqual({
      message: "Please check the form.",
      errors: { _form: ["Pick at least one option."] },
      requestId: expect.any(String),
    });
  });

  it.each([
    ["broken JSON", "{not json"],
    ["an empty body", ""],
  ])("answers 400 to %s", async (_label, body) => {
    const handler = route({ public: true }, async ({ req }) => Response.json(await req.json()));
    const res = await call(
      handler,
      request("/api/x", { method: "POST", body, headers: { "content-type": "application/json" } }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: "The request body is not valid JSON.",
      requestId: expect.any(String),
    });
  });

  it.each([
    [
      "a multipart body without its closing boundary",
      "multipart/form-data; boundary=x",
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
    ],
    ["a multipart body without a boundary", "multipart/form-data", "a=b"],
  ])("answers 400 to %s", async (_label, contentType, body) => {
    const handler = route({ public: true }, async ({ req }) =>
      Response.json(Object.fromEntries(await req.formData())),
    );
    const res = await call(
      handler,
      request("/api/x", { method: "POST", body, headers: { "content-type": contentType } }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: "The request body is not a valid form.",
      requestId: expect.any(String),
    });
  });

  it("still parses a valid JSON body", async () => {
    const handler = route({ public: true }, async ({ req }) => Response.json(await req.json()));
    const res = await call(
      handler,
      request("/api/x", {
        method: "POST",
        body: '{"a":1}',
        headers: { "content-type": "application/json" },
      }),
    );
    expect(res.body).toEqual({ a: 1 });
  });

  it.each([
    [
      "a database error",
      Object.assign(
        new Error('duplicate key value violates unique constraint "members_email_key"'),
        {
          query: "insert into members (email, password_hash) values ($1, $2)",
        },
      ),
    ],
    [
      "a SyntaxError from the handler's own code",
      new SyntaxError("Unexpected token in JSON at position 0"),
    ],
    ["a TypeError", new TypeError("Cannot read properties of undefined (reading 'id')")],
    ["a thrown string", "SELECT * FROM members WHERE password_hash = 'x'"],
  ])("answers %s with the generic 500 and logs the cause", async (_label, thrown) => {
    const spy = vi.spyOn(log, "error").mockImplementation(() => undefined);
    const res = await call(throwing(thrown), request("/api/orders/12", { method: "POST" }));
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: GENERIC, requestId: expect.any(String) });
    for (const leak of [
      "members",
      "SELECT",
      "insert",
      "password",
      "at ",
      "undefined",
      "Unexpected",
      ".ts",
    ]) {
      expect(res.text).not.toContain(leak);
    }
    expect(spy).toHaveBeenCalledWith(
      expect.objectContaining({ err: thrown, method: "POST", path: "/api/orders/12" }),
      expect.any(String),
    );
    spy.mockRestore();
  });

  it("lets Next's own signals through (redirect)", async () => {
    const { redirect } = await import("next/navigation");
    const handler = route({ public: true }, () => redirect("/login"));
    await expect(handler(request("/api/x"), noParams)).rejects.toMatchObject({
      digest: expect.stringContaining("NEXT_REDIRECT"),
    });
  });
});

describe("responses", () => {
  it("adds Cache-Control: no-store by default", async () => {
    const res = await call(open, request("/api/x"));
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("keeps a Cache-Control the handler chose", async () => {
    const handler = route({ public: true }, () =>
      Response.json({}, { headers: { "Cache-Control": "public, max-age=60" } }),
    );
    const res = await call(handler, request("/api/x"));
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
  });

  it("adds no-store to a redirect, whose headers are immutable", async () => {
    const handler = route({ public: true }, () => Response.redirect(`${SITE}/login`, 303));
    const response = await handler(request("/api/x"), noParams);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${SITE}/login`);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("hands the awaited params and the database to the handler", async () => {
    const handler = route<{ productId: string }>(
      { public: true },
      async ({ params, db: given }) => {
        const [row] = await given
          .execute(sql`select 1 as one`)
          .then((r: unknown) => ((r as { rows?: unknown[] }).rows ?? r) as unknown[]);
        return Response.json({ productId: params.productId, db: row !== undefined });
      },
    );
    const response = await handler(request("/api/products/5"), {
      params: Promise.resolve({ productId: "5" }),
    });
    expect(await response.json()).toEqual({ productId: "5", db: true });
  });
});

describe("roles", () => {
  it("answers 401 to a visitor on a signed-in route", async () => {
    const res = await call(whoAmI, request("/api/me"));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      message: "Please log in to continue.",
      requestId: expect.any(String),
    });
  });

  it("answers 403 to a customer on a merchant route", async () => {
    const res = await call(merchantOnly, request("/api/x", { token: await tokenFor(customer) }));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      message: "You are not allowed to do that.",
      requestId: expect.any(String),
    });
  });

  it.each([
    ["a merchant on a merchant route", 200, () => merchant, merchantOnly],
    ["an admin on an admin route", 200, () => admin, adminOnly],
    ["an admin on a merchant-or-admin route", 200, () => admin, merchantOrAdmin],
    ["a merchant on a merchant-or-admin route", 200, () => merchant, merchantOrAdmin],
    ["an admin on a merchant-only route (no implicit superuser)", 403, () => admin, merchantOnly],
    ["a merchant on an admin route", 403, () => merchant, adminOnly],
    ["a customer on an admin route", 403, () => customer, adminOnly],
    ["a customer on a route for any member", 200, () => customer, whoAmI],
  ] as const)("%s: %i", async (_label, status, who, handler) => {
    const res = await call(handler, request("/api/x", { token: await tokenFor(who()) }));
    expect(res.status).toBe(status);
    if (status === 200) expect(res.body.id).toBe(who().id);
  });

  it("gives a public route the member when signed in and null otherwise", async () => {
    expect((await call(open, request("/api/x"))).body).toEqual({ id: null });
    expect((await call(open, request("/api/x", { token: await tokenFor(customer) }))).body).toEqual(
      { id: customer.id },
    );
  });
});

describe("credentials", () => {
  it.each(["bearer", "cookie"] as const)("accepts a session token by %s", async (via) => {
    const res = await call(whoAmI, request("/api/me", { token: await tokenFor(merchant), via }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: merchant.id, memberType: "merchant" });
  });

  it("judges a request by its Authorization header alone when it has one", async () => {
    const req = request("/api/me", {
      headers: {
        authorization: "Bearer not-a-token",
        cookie: `_token=${await tokenFor(customer)}`,
      },
    });
    expect((await call(whoAmI, req)).status).toBe(401);
  });

  it("refuses a token whose session version is stale (password reset, security block)", async () => {
    const member = await createCustomer(db);
    const token = await tokenFor(member);
    expect((await call(whoAmI, request("/api/me", { token }))).status).toBe(200);
    await db
      .update(members)
      .set({ sessionVersion: sql`${members.sessionVersion} + 1` })
      .where(eq(members.id, member.id));
    expect((await call(whoAmI, request("/api/me", { token }))).status).toBe(401);
    expect((await call(whoAmI, request("/api/me", { token, via: "bearer" }))).status).toBe(401);
  });

  it("refuses a token signed in more than 24 h ago even though next-auth re-signed its expiry", async () => {
    const token = await tokenFor(customer, {
      signedInAt: nowSeconds() - SESSION_MAX_AGE_SECONDS - 5,
    });
    expect((await call(whoAmI, request("/api/me", { token }))).status).toBe(401);
    const fresh = await tokenFor(customer, {
      signedInAt: nowSeconds() - SESSION_MAX_AGE_SECONDS + 120,
    });
    expect((await call(whoAmI, request("/api/me", { token: fresh }))).status).toBe(200);
  });

  it("refuses a token forged with another secret", async () => {
    const forged = await encode({
      secret: "not-our-secret-not-our-secret-not-our-secret",
      token: { sub: String(admin.id), sv: 1, sat: nowSeconds() },
    });
    expect(
      (await call(adminOnly, request("/api/x", { token: forged, via: "bearer" }))).status,
    ).toBe(401);
    expect((await call(adminOnly, request("/api/x", { token: forged }))).status).toBe(401);
  });

  it("refuses a token for a member that does not exist", async () => {
    const token = await encodeSessionToken({
      memberId: 987654,
      sessionVersion: 1,
      signedInAt: nowSeconds(),
      secondFactorAt: nowSeconds(),
    });
    expect((await call(whoAmI, request("/api/me", { token }))).status).toBe(401);
  });

  it("gives a request carrying x-middleware-subrequest no special treatment", async () => {
    const headers = { "x-middleware-subrequest": "proxy:proxy:proxy:proxy:proxy" };
    expect((await call(adminOnly, request("/api/x", { headers }))).status).toBe(401);
    const customerToken = await tokenFor(customer);
    expect(
      (await call(adminOnly, request("/api/x", { headers, token: customerToken }))).status,
    ).toBe(403);
  });
});

describe("same-origin check on cookie-authenticated writes", () => {
  let token: string;
  beforeEach(async () => {
    token = await tokenFor(customer);
  });

  it.each([
    ["without Origin", 403, {}],
    ["with a foreign Origin", 403, { origin: "https://evil.example" }],
    ["with Origin null", 403, { origin: "null" }],
    [
      "with Sec-Fetch-Site cross-site",
      403,
      { "sec-fetch-site": "cross-site", origin: "https://evil.example" },
    ],
    ["with the APP_URL origin", 200, { origin: "https://market.example" }],
    ["with the request's own origin", 200, { origin: SITE }],
    ["with Sec-Fetch-Site same-origin", 200, { "sec-fetch-site": "same-origin" }],
  ] as const)("a cookie POST %s: %i", async (_label, status, headers) => {
    const res = await call(write, request("/api/x", { method: "POST", token, headers }));
    expect(res.status).toBe(status);
    if (status === 403) expect(res.body.message).toMatch(/did not come from this site/);
  });

  it.each(["PUT", "PATCH", "DELETE"])("checks %s too", async (method) => {
    const res = await call(
      write,
      request("/api/x", { method, token, headers: { origin: "https://evil.example" } }),
    );
    expect(res.status).toBe(403);
  });

  it("lets a bearer-authenticated POST without Origin through", async () => {
    const res = await call(write, request("/api/x", { method: "POST", token, via: "bearer" }));
    expect(res.status).toBe(200);
  });

  it("does not check reads", async () => {
    const res = await call(
      whoAmI,
      request("/api/me", { token, headers: { origin: "https://evil.example" } }),
    );
    expect(res.status).toBe(200);
  });

  it("checks a signed-in member's cookie on a public route too", async () => {
    const res = await call(
      open,
      request("/api/x", { method: "POST", token, headers: { origin: "https://evil.example" } }),
    );
    expect(res.status).toBe(403);
  });

  // Issue 22 item 5: with no session to ride on, a forged write could still register accounts,
  // request resets or sign the visitor in to the attacker's account. See route-writes.test.ts.
  it("refuses a visitor's cross-site POST to a public route too", async () => {
    const res = await call(
      open,
      request("/api/x", { method: "POST", headers: { origin: "https://evil.example" } }),
    );
    expect(res.status).toBe(403);
  });

  it("lets a visitor's POST without Origin (an API client) through to a public route", async () => {
    const res = await call(open, request("/api/x", { method: "POST" }));
    expect(res.status).toBe(200);
  });
});
