import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

const testState = vi.hoisted(() => {
  process.env.NEXTAUTH_SECRET = "nextauth-route-test-secret-nextauth-route-0123";
  process.env.APP_URL = "http://localhost:3000";
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
vi.mock(import("@/server/db/client"), async (importOriginal) => ({
  ...(await importOriginal()),
  getDb: async () => testState.db as Db,
}));
vi.mock("next/headers", () => fakeNextHeaders);

import { createRequire } from "node:module";
import { NextRequest } from "next/server";
import { GET } from "@/app/api/auth/[...nextauth]/route";
import { endAllSessions } from "@/server/auth/end-sessions";
import { encodeSessionToken, nowSeconds } from "@/server/auth/token";
import type { Db } from "@/server/db/client";
import { closeTestDb, createTestDb } from "@/tests/db";
import { createCustomer } from "@/tests/factories";

// Outside a Next server there is no request scope: next/headers gets a cookie jar and headers of
// the test's own. Our callbacks import the module (vi.mock above); next-auth require()s it
// (CommonJS, out of vi.mock's reach), so its exports are also replaced in place.
Object.assign(createRequire(import.meta.url)("next/headers") as object, fakeNextHeaders);

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
  testState.db = db;
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
