import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

const testState = vi.hoisted(() => {
  return { production: false, trustProxy: false };
});
vi.mock(import("@/server/env"), async (importOriginal) => {
  const actual = await importOriginal();
  return {
    ...actual,
    getEnv: () => {
      const env = { ...actual.getEnv(), TRUST_PROXY_HEADERS: testState.trustProxy };
      return testState.production
        ? { ...env, NODE_ENV: "production" as const, APP_URL: "https://market.example" }
        : env;
    },
  };
});
vi.mock(import("@/server/security"), async (importOriginal) => ({
  ...(await importOriginal()),
  recordSignIn: async () => {},
}));

import { POST as logout } from "@/app/api/users/logout/route";
import { POST as login } from "@/app/api/users/login/route";
import { getSessionMemberFromRequest } from "@/server/auth/session";
import { SIGN_IN_ADDRESS_LIMIT } from "@/server/auth/sign-in";
import type { Db } from "@/server/db/client";
import { stampedHeadersForTest } from "@/server/base/connection";
import { clearRateLimitMemoryForTest } from "@/server/rate-limit";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import { DEFAULT_PASSWORD, createCustomer, createMerchant } from "@/server/db/seed/factories";

let db: Db;
beforeAll(async () => {
  db = await createRouteTestDb();
});
afterAll(() => closeTestDb(db));
beforeEach(() => {
  testState.production = false;
  testState.trustProxy = false;
  clearRateLimitMemoryForTest();
});

const ctx = { params: Promise.resolve({}) };
const SITE = "http://localhost:3000";

/** A POST as the server sees it from a client connected from `address` (decision 0018). */
function post(
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  address = "198.51.100.20",
) {
  return new Request(`${SITE}${path}`, {
    method: "POST",
    headers: stampedHeadersForTest(address, { "content-type": "application/json", ...headers }),
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** Set-Cookie lines by cookie name. */
function setCookies(response: Response): Map<string, string> {
  return new Map(
    response.headers.getSetCookie().map((line) => [line.slice(0, line.indexOf("=")), line]),
  );
}

describe("POST /api/users/login", () => {
  it("answers the token and the member, and sets the three cookies with their flags", async () => {
    const merchant = await createMerchant(db);
    const response = await login(
      post("/api/users/login", { login: merchant.username, password: DEFAULT_PASSWORD }),
      ctx,
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({
      token: expect.any(String),
      member: { userKey: merchant.userKey, username: merchant.username, memberType: "merchant" },
    });

    const { _device: device, ...rest } = Object.fromEntries(setCookies(response));
    const cookies = new Map(Object.entries(rest));
    const token = cookies.get("_token")!;
    expect(token).toContain(`_token=${body.token}`);
    expect(token).toMatch(/; HttpOnly/i);
    expect(cookies.get("authenticated")).toMatch(/^authenticated=true;/);
    expect(cookies.get("member_type")).toMatch(/^member_type=merchant;/);
    for (const line of cookies.values()) {
      expect(line).toMatch(/; Path=\//);
      expect(line).toMatch(/; Max-Age=86400/);
      expect(line).toMatch(/; SameSite=lax/i);
      expect(line).not.toMatch(/; Secure/i);
    }
    expect(cookies.get("authenticated")).not.toMatch(/HttpOnly/i);
    expect(cookies.get("member_type")).not.toMatch(/HttpOnly/i);
    // The device cookie (decision 0023): HttpOnly, for a year, kept across logouts.
    expect(device).toMatch(new RegExp(`^_device=${merchant.id}\\.[\\w-]{22}\\.[\\w-]{43};`));
    expect(device).toMatch(/; HttpOnly/i);
    expect(device).toMatch(/; Max-Age=31536000/);
    expect(device).toMatch(/; SameSite=lax/i);

    // The token is a session, by bearer as well as by cookie.
    const bearer = new Request(`${SITE}/api/x`, {
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect((await getSessionMemberFromRequest(bearer))?.id).toBe(merchant.id);
  });

  it("marks the cookies Secure in production over https", async () => {
    testState.production = true;
    const customer = await createCustomer(db);
    const response = await login(
      post("/api/users/login", { login: customer.email, password: DEFAULT_PASSWORD }),
      ctx,
    );
    expect(response.status).toBe(200);
    for (const line of setCookies(response).values()) expect(line).toMatch(/; Secure/i);
  });

  // Login CSRF: another site's page posting the attacker's credentials (a text/plain form can carry
  // a JSON body) would sign the visitor into the attacker's account.
  it.each<Record<string, string>>([
    { "sec-fetch-site": "cross-site" },
    { "sec-fetch-site": "same-site" },
    { origin: "https://evil.example" },
    { origin: "null" },
  ])("refuses a sign-in sent from another site (%j), and sets no cookie", async (headers) => {
    const merchant = await createMerchant(db);
    const response = await login(
      post("/api/users/login", { login: merchant.username, password: DEFAULT_PASSWORD }, headers),
      ctx,
    );
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it.each<Record<string, string>>([
    { "sec-fetch-site": "same-origin", origin: SITE },
    { origin: SITE },
    {},
  ])(
    "signs in from our own pages or a client that sends no browser headers (%j)",
    async (headers) => {
      const merchant = await createMerchant(db);
      const response = await login(
        post("/api/users/login", { login: merchant.username, password: DEFAULT_PASSWORD }, headers),
        ctx,
      );
      expect(response.status).toBe(200);
    },
  );

  it("answers 401 with the spec's message for wrong credentials, and sets no cookie", async () => {
    const customer = await createCustomer(db);
    const response = await login(
      post("/api/users/login", { login: customer.username, password: "Wrong-password-1!" }),
      ctx,
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      message: "Invalid Login Credentials. Please try again.",
      requestId: expect.any(String),
    });
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("answers 422 with per-field messages for missing fields", async () => {
    const response = await login(post("/api/users/login", { login: "" }), ctx);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      message: "Please check the form.",
      errors: { login: ["Required Field"], password: ["Required Field"] },
      requestId: expect.any(String),
    });
  });

  it("answers 429 after 20 failures from one client, even with the right password", async () => {
    const customer = await createCustomer(db);
    for (let i = 0; i < SIGN_IN_ADDRESS_LIMIT.limit; i++) {
      const wrong = await login(
        post("/api/users/login", { login: `someone_${i}`, password: "nope" }),
        ctx,
      );
      expect(wrong.status).toBe(401);
    }
    const response = await login(
      post("/api/users/login", { login: customer.username, password: DEFAULT_PASSWORD }),
      ctx,
    );
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({
      message: "Too many sign-in attempts. Please wait 15 minutes and try again.",
      requestId: expect.any(String),
    });
  });
});

describe("the per-address sign-in limit (issue 22, decision 0018)", () => {
  const guess = (i: number, headers: Record<string, string>, address?: string) =>
    login(
      post("/api/users/login", { login: `guess_${i}`, password: "nope" }, headers, address),
      ctx,
    );

  const LIMIT = SIGN_IN_ADDRESS_LIMIT.limit;

  it("keys on the connection: 30 guesses with a new X-Forwarded-For each get 429 after 20", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++)
      statuses.push((await guess(i, { "x-forwarded-for": `203.0.113.${i}` })).status);
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(401));
    expect(statuses.slice(LIMIT)).toEqual(Array(30 - LIMIT).fill(429));
  });

  it("is not fooled by Forwarded or X-Real-IP either", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++)
      statuses.push(
        (await guess(i, { forwarded: `for=203.0.113.${i}`, "x-real-ip": `203.0.113.${i}` })).status,
      );
    expect(statuses.at(-1)).toBe(429);
  });

  it("counts another connection's address apart", async () => {
    for (let i = 0; i < LIMIT; i++) await guess(i, {}, "198.51.100.30");
    expect((await guess(LIMIT, {}, "198.51.100.30")).status).toBe(429);
    expect((await guess(LIMIT + 1, {}, "198.51.100.31")).status).toBe(401);
  });

  it("behind a trusted proxy keys on the proxy's hop, the last X-Forwarded-For entry", async () => {
    testState.trustProxy = true;
    const statuses: number[] = [];
    // The client writes the first entries; the proxy appends the address it saw.
    for (let i = 0; i < LIMIT + 2; i++)
      statuses.push((await guess(i, { "x-forwarded-for": `10.9.9.${i}, 198.51.100.40` })).status);
    expect(statuses.at(LIMIT - 1)).toBe(401);
    expect(statuses.at(LIMIT)).toBe(429);
    expect((await guess(LIMIT + 2, { "x-forwarded-for": "10.9.9.1, 198.51.100.41" })).status).toBe(
      401,
    );
  });
});

// Issue 22 item 3, decision 0023: a stranger cannot lock the owner out.
describe("lockout and the device cookie", () => {
  const signIn = (name: string, password: string, address: string, cookie?: string) =>
    login(
      post("/api/users/login", { login: name, password }, cookie ? { cookie } : {}, address),
      ctx,
    );
  const deviceOf = (response: Response) => setCookies(response).get("_device")!.split(";")[0]!;

  it("stops a stranger at the 11th guess but lets the owner in from the browser they used before", async () => {
    const customer = await createCustomer(db);
    const owner = await signIn(customer.email, DEFAULT_PASSWORD, "198.51.100.60");
    expect(owner.status).toBe(200);
    const device = deviceOf(owner);

    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await signIn(customer.email, "Wrong-1!", `203.0.113.${i}`)).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    const stranger = await signIn(customer.email, DEFAULT_PASSWORD, "203.0.113.50");
    expect(stranger.status).toBe(429);
    expect(await stranger.json()).toEqual({
      message: "Too many sign-in attempts. Please wait 15 minutes and try again.",
      requestId: expect.any(String),
    });

    const again = await signIn(customer.email, DEFAULT_PASSWORD, "198.51.100.60", device);
    expect(again.status).toBe(200);
    // The browser keeps the device cookie it had.
    expect(deviceOf(again)).toBe(device);
  });

  it("answers a wrong password the same for an account that exists and one that does not", async () => {
    const customer = await createCustomer(db);
    const known = await signIn(customer.email, "Wrong-1!", "198.51.100.61");
    const unknown = await signIn("nobody-at-all@example.com", "Wrong-1!", "198.51.100.61");
    expect([known.status, unknown.status]).toEqual([401, 401]);
    // Each answer has its own request id; nothing else may tell the two apart.
    const [knownBody, unknownBody] = [await known.json(), await unknown.json()];
    expect({ ...knownBody, requestId: "" }).toEqual({ ...unknownBody, requestId: "" });
  });

  it("refuses one address spraying many accounts with 429, while the accounts sign in elsewhere", async () => {
    const accounts = await Promise.all(Array.from({ length: 4 }, () => createCustomer(db)));
    const sprayer = "203.0.113.90";
    for (let i = 0; i < SIGN_IN_ADDRESS_LIMIT.limit; i++)
      expect((await signIn(accounts[i % 4]!.username, "Wrong-1!", sprayer)).status).toBe(401);
    for (const account of accounts) {
      expect((await signIn(account.username, DEFAULT_PASSWORD, sprayer)).status).toBe(429);
      expect((await signIn(account.username, DEFAULT_PASSWORD, "198.51.100.62")).status).toBe(200);
    }
  });
});

describe("POST /api/users/logout", () => {
  it("ends the session for good and clears the three cookies", async () => {
    const customer = await createCustomer(db);
    const signedIn = await login(
      post("/api/users/login", { login: customer.username, password: DEFAULT_PASSWORD }),
      ctx,
    );
    const { token } = await signedIn.json();

    const response = await logout(
      new Request(`${SITE}/api/users/logout`, {
        method: "POST",
        headers: {
          origin: SITE,
          cookie: `_token=${token}; authenticated=true; member_type=customer`,
        },
      }),
      ctx,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "You have been logged out." });
    const cookies = setCookies(response);
    expect([...cookies.keys()].sort()).toEqual(["_token", "authenticated", "member_type"]);
    for (const line of cookies.values()) expect(line).toMatch(/Max-Age=0/);

    // A copy of the old token no longer works.
    const copy = new Request(`${SITE}/api/x`, { headers: { authorization: `Bearer ${token}` } });
    expect(await getSessionMemberFromRequest(copy)).toBeNull();
  });

  it("refuses a cross-site logout made with the cookie", async () => {
    const customer = await createCustomer(db);
    const { token } = await (
      await login(
        post("/api/users/login", { login: customer.username, password: DEFAULT_PASSWORD }),
        ctx,
      )
    ).json();
    const response = await logout(
      new Request(`${SITE}/api/users/logout`, {
        method: "POST",
        headers: { origin: "https://evil.example", cookie: `_token=${token}` },
      }),
      ctx,
    );
    expect(response.status).toBe(403);
    const bearer = new Request(`${SITE}/api/x`, { headers: { authorization: `Bearer ${token}` } });
    expect((await getSessionMemberFromRequest(bearer))?.id).toBe(customer.id);
  });

  it("clears the cookies of a visitor too", async () => {
    const response = await logout(new Request(`${SITE}/api/users/logout`, { method: "POST" }), ctx);
    expect(response.status).toBe(200);
    expect(setCookies(response).size).toBe(3);
  });
});
