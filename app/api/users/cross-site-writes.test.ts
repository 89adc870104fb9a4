import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

// Issue 22 item 5: signed-out writes that another site's page could send (a form, or a "simple"
// fetch with JSON as text/plain) are refused before anything is created.
vi.mock(import("@/server/email"), async (importOriginal) => ({
  ...(await importOriginal()),
  sendWelcomeEmail: async () => {},
}));
vi.mock(import("@/server/security"), async (importOriginal) => ({
  ...(await importOriginal()),
  recordSignIn: async () => {},
}));
// Outside Next there is no request scope for after(): run deferred work at once.
vi.mock(import("next/server"), async (importOriginal) => ({
  ...(await importOriginal()),
  after: (task: unknown) => {
    if (typeof task === "function") void (task as () => unknown)();
  },
}));

import { POST as forgotPassword } from "@/app/api/users/forgotPassword/route";
import { POST as login } from "@/app/api/users/login/route";
import { POST as register } from "@/app/api/users/register/route";
import type { Db } from "@/server/db/client";
import { clearRateLimitMemoryForTest } from "@/server/rate-limit";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import { DEFAULT_PASSWORD, createCustomer } from "@/server/db/seed/factories";

const SITE = "http://localhost:3000";
const ctx = { params: Promise.resolve({}) };

let db: Db;
beforeAll(async () => {
  db = await createRouteTestDb();
});
afterAll(() => closeTestDb(db));
beforeEach(() => clearRateLimitMemoryForTest());

type Sent = { headers?: Record<string, string>; body: string | Uint8Array<ArrayBuffer> };
const post = (path: string, { headers = {}, body }: Sent) =>
  new Request(`${SITE}${path}`, { method: "POST", headers, body });

const asJson = (body: unknown, headers: Record<string, string> = {}): Sent => ({
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

/** What another site's page can send: a foreign Origin, or JSON under a type that needs no preflight. */
function forged(body: unknown): [string, Sent, number][] {
  const text = JSON.stringify(body);
  return [
    ["JSON with a foreign Origin", asJson(body, { origin: "https://evil.example" }), 403],
    ["JSON with Origin null", asJson(body, { origin: "null" }), 403],
    ["JSON with Sec-Fetch-Site cross-site", asJson(body, { "sec-fetch-site": "cross-site" }), 403],
    [
      "text/plain with a foreign Origin",
      { headers: { "content-type": "text/plain", origin: "https://evil.example" }, body: text },
      403,
    ],
    ["JSON as text/plain", { headers: { "content-type": "text/plain" }, body: text }, 415],
    ["JSON without a content type", { body: new TextEncoder().encode(text) }, 415],
    [
      "JSON as a form",
      { headers: { "content-type": "application/x-www-form-urlencoded" }, body: text },
      415,
    ],
  ];
}

async function expectRefused(response: Response, status: number) {
  expect(response.status).toBe(status);
  const answer = (await response.json()) as { message: string };
  expect(answer.message).toMatch(
    status === 403 ? /did not come from this site/ : /must be sent as application\/json/,
  );
  expect(response.headers.get("set-cookie")).toBeNull();
}

describe("POST /api/users/register from another site", () => {
  const signUp = (username: string) => ({
    username,
    firstName: "Mia",
    lastName: "Roy",
    phone: "(647) 555-0101",
    country: "CA",
    email: `${username}@example.com`,
    password: "Fresh-Carrots-2026!",
    cPassword: "Fresh-Carrots-2026!",
  });

  it.each(forged(signUp("forged_signup")))(
    "refuses %s and creates no account",
    async (_l, sent, status) => {
      await expectRefused(await register(post("/api/users/register", sent), ctx), status);
      const rows = await db.query.members.findMany({
        where: (row, { eq }) => eq(row.username, "forged_signup"),
      });
      expect(rows).toEqual([]);
    },
  );

  it.each([
    ["without Origin (an API client)", {}],
    ["with this site's Origin", { origin: SITE }],
    ["with a charset parameter", { "content-type": "application/json; charset=utf-8" }],
  ])("still signs up %s", async (_label, headers) => {
    const username = `ok_${Object.keys(headers).join("_").replace(/-/g, "_") || "none"}`;
    const response = await register(
      post("/api/users/register", asJson(signUp(username), headers)),
      ctx,
    );
    expect(response.status).toBe(201);
    const rows = await db.query.members.findMany({
      where: (row, { eq }) => eq(row.username, username),
    });
    expect(rows).toHaveLength(1);
  });
});

describe("POST /api/users/forgotPassword from another site", () => {
  it("refuses every forged request and stores no reset token", async () => {
    const member = await createCustomer(db);
    for (const [label, sent, status] of forged({ email: member.email })) {
      const response = await forgotPassword(post("/api/users/forgotPassword", sent), ctx);
      await expectRefused(response, status).catch((error: unknown) => {
        throw new Error(`${label}: ${String(error)}`);
      });
    }
    const tokens = () =>
      db.query.passwordResetTokens.findMany({
        where: (row, { eq }) => eq(row.memberId, member.id),
      });
    expect(await tokens()).toEqual([]);

    // The same request from this site goes through, so the refusals above are not an accident.
    const response = await forgotPassword(
      post("/api/users/forgotPassword", asJson({ email: member.email }, { origin: SITE })),
      ctx,
    );
    expect(response.status).toBe(200);
    await vi.waitFor(async () => expect(await tokens()).toHaveLength(1));
  });
});

describe("POST /api/users/login from another site (login CSRF)", () => {
  it.each(forged({}))("refuses %s and sets no cookie", async (_label, sent, status) => {
    const member = await createCustomer(db);
    const body = { login: member.username, password: DEFAULT_PASSWORD };
    const real =
      sent.body instanceof Uint8Array
        ? { ...sent, body: new TextEncoder().encode(JSON.stringify(body)) }
        : { ...sent, body: JSON.stringify(body) };
    await expectRefused(await login(post("/api/users/login", real), ctx), status);
  });

  it("signs in the same member from this site", async () => {
    const member = await createCustomer(db);
    const response = await login(
      post(
        "/api/users/login",
        asJson({ login: member.username, password: DEFAULT_PASSWORD }, { origin: SITE }),
      ),
      ctx,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).toContain("_token=");
  });
});
