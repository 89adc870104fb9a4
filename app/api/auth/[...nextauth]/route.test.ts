import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

const testState = vi.hoisted(() => {
  return {
    db: undefined as unknown,
    cookies: new Map<string, string>(),
    headers: new Headers(),
  };
});
const fakeNextHeaders = vi.hoisted(() => ({
  cookies: async () => ({
    getAll: () => [...testState.cookies].map(([name, value]) => ({ name, value })),
    get: (name: string) =>
      testState.cookies.has(name) ? { name, value: testState.cookies.get(name) } : undefined,
    set: (name: string, value: string) => void testState.cookies.set(name, value),
  }),
  headers: async () => testState.headers,
}));
vi.mock("next/headers", () => fakeNextHeaders);

import { createRequire } from "node:module";
import { NextRequest } from "next/server";
import { GET, POST } from "@/app/api/auth/[...nextauth]/route";
import { endAllSessions } from "@/server/auth/end-sessions";
import { encodeSessionToken, nowSeconds } from "@/server/auth/token";
import type { Db } from "@/server/db/client";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import { createCustomer } from "@/server/db/seed/factories";

// Outside a Next server there is no request scope: next/headers gets a cookie jar and headers of
// the test's own. Our callbacks import the module (vi.mock above); next-auth require()s it
// (CommonJS, out of vi.mock's reach), so its exports are also replaced in place.
Object.assign(createRequire(import.meta.url)("next/headers") as object, fakeNextHeaders);

let db: Db;
beforeAll(async () => {
  db = await createRouteTestDb();
});
afterAll(() => closeTestDb(db));
beforeEach(() => {
  testState.cookies.clear();
  testState.headers = new Headers();
});

const SITE = "http://localhost:3000";

function nextAuthGet(path: string[], cookieToken?: string) {
  if (cookieToken !== undefined) testState.cookies.set("_token", cookieToken);
  return GET(new NextRequest(`${SITE}/api/auth/${path.join("/")}`), {
    params: Promise.resolve({ nextauth: path }),
  });
}

/** The value each Set-Cookie line gives, by cookie name. */
function setCookieValues(response: Response): Map<string, string> {
  return new Map(
    response.headers.getSetCookie().map((line) => {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
}

describe("GET /api/auth/session", () => {
  it("answers a live session with the member's id and re-issues its token", async () => {
    const customer = await createCustomer(db);
    const token = await encodeSessionToken({
      memberId: customer.id,
      sessionVersion: customer.sessionVersion,
      signedInAt: nowSeconds(),
    });
    const response = await nextAuthGet(["session"], token);
    expect(await response.json()).toMatchObject({ user: { id: String(customer.id) } });
    expect(setCookieValues(response).get("_token")).toMatch(/.{20,}/);
  });

  it("answers a logged-out token as for a visitor, and issues no new token", async () => {
    const customer = await createCustomer(db);
    const token = await encodeSessionToken({
      memberId: customer.id,
      sessionVersion: customer.sessionVersion,
      signedInAt: nowSeconds(),
    });
    // What POST /api/users/logout and next-auth's signout do.
    await endAllSessions(db, customer.id);

    const response = await nextAuthGet(["session"], token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
    // next-auth clears the cookie (empty value) instead of re-signing the dead token.
    expect(setCookieValues(response).get("_token") ?? "").toBe("");
    expect(testState.cookies.get("authenticated")).toBe("");
  });

  it("answers a token signed in more than a day ago as for a visitor", async () => {
    const customer = await createCustomer(db);
    const token = await encodeSessionToken({
      memberId: customer.id,
      sessionVersion: customer.sessionVersion,
      signedInAt: nowSeconds() - 25 * 60 * 60,
    });
    const response = await nextAuthGet(["session"], token);
    expect(await response.json()).toEqual({});
    expect(setCookieValues(response).get("_token") ?? "").toBe("");
  });
});

describe("input next-auth cannot read (issue 22)", () => {
  function post(path: string[], body: string, contentType: string) {
    return POST(
      new NextRequest(`${SITE}/api/auth/${path.join("/")}`, {
        method: "POST",
        headers: { "content-type": contentType, origin: SITE },
        body,
      }),
      { params: Promise.resolve({ nextauth: path }) },
    );
  }

  it("answers a cut-off JSON body with a 400 in the error shape", async () => {
    const response = await post(
      ["callback", "credentials"],
      '{"login":"ana","password":"x',
      "application/json",
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: "The request body is not valid JSON.",
      requestId: expect.any(String),
    });
  });

  it("answers an unparseable callbackUrl on sign-out with a 400 in the error shape", async () => {
    const response = await post(
      ["signout"],
      "csrfToken=x&callbackUrl=http%3A%2F%2F%5B%3A%3A1",
      "application/x-www-form-urlencoded",
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: "The return address is not valid.",
      requestId: expect.any(String),
    });
  });

  it.each([["callback", "credentials"], ["signout"]])(
    "answers an empty body said to be JSON on %s with a 400, not next-auth's 500",
    async (...path) => {
      const response = await post(path, "", "application/json");
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        message: "The request body is not valid JSON.",
        requestId: expect.any(String),
      });
    },
  );

  it("refuses a return address too long to be one of ours (it would not fit a Location header)", async () => {
    const response = await post(
      ["signout"],
      `csrfToken=x&callbackUrl=${encodeURIComponent(`/${"a".repeat(100_000)}`)}`,
      "application/x-www-form-urlencoded",
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: "The return address is not valid.",
      requestId: expect.any(String),
    });
  });

  it.each(["javascript:alert(1)", "data:text/html,hi", "@evil.example", "%2F%2Fevil.example"])(
    "refuses the return address %s as next-auth would, but with a 400 instead of an error log",
    async (callbackUrl) => {
      const response = await GET(
        new NextRequest(`${SITE}/api/auth/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`),
        { params: Promise.resolve({ nextauth: ["signin"] }) },
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        message: "The return address is not valid.",
        requestId: expect.any(String),
      });
    },
  );

  it("answers an unparseable callbackUrl in the query with a 400 too", async () => {
    const response = await GET(
      new NextRequest(`${SITE}/api/auth/signin?callbackUrl=http%3A%2F%2F%5B%3A%3A1`),
      { params: Promise.resolve({ nextauth: ["signin"] }) },
    );
    expect(response.status).toBe(400);
  });

  it("refuses NUL in the credentials with a 422 before any query", async () => {
    const response = await post(
      ["callback", "credentials"],
      "csrfToken=x&login=a%00b&password=x",
      "application/x-www-form-urlencoded",
    );
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      message: "Please check the form.",
      errors: { login: ["This field contains a character that is not allowed."] },
      requestId: expect.any(String),
    });
  });
});

describe("next-auth's POSTs from another site (issue 22 item 5: login CSRF)", () => {
  const signInForm = "csrfToken=x&login=ana&password=Password123!&json=true";

  function postWith(headers: Record<string, string>, body = signInForm) {
    return POST(
      new NextRequest(`${SITE}/api/auth/callback/credentials`, { method: "POST", headers, body }),
      { params: Promise.resolve({ nextauth: ["callback", "credentials"] }) },
    );
  }

  it.each([
    ["a foreign Origin", { origin: "https://evil.example" }],
    ["Origin null", { origin: "null" }],
    ["Sec-Fetch-Site cross-site", { "sec-fetch-site": "cross-site" }],
  ])("refuses the sign-in form posted with %s", async (_label, headers) => {
    const response = await postWith({
      "content-type": "application/x-www-form-urlencoded",
      ...headers,
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toMatch(
      /did not come from this site/,
    );
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("refuses a body that is neither a form nor JSON with a 415", async () => {
    const response = await postWith({ "content-type": "text/plain", origin: SITE });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      message:
        "The request body must be sent as application/x-www-form-urlencoded or application/json.",
      requestId: expect.any(String),
    });
  });

  it("hands this site's form post to next-auth (its own CSRF token check answers)", async () => {
    const response = await postWith({
      "content-type": "application/x-www-form-urlencoded",
      origin: SITE,
    });
    // The csrfToken is wrong, so next-auth sends the visitor back to sign in: not our 403 or 415.
    expect([200, 302]).toContain(response.status);
  });
});
