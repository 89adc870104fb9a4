import { createElement } from "react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const testState = vi.hoisted(() => {
  process.env.NEXTAUTH_SECRET = "metrics-route-secret-metrics-route-secret-01";
  process.env.APP_URL = "http://localhost:3000";
  delete process.env.SMTP_URL;
  return {
    db: undefined as unknown,
    token: undefined as string | undefined,
    pool: null as { total: number; idle: number; waiting: number; max: number } | null,
  };
});
vi.mock(import("@/server/db/client"), async (importOriginal) => ({
  ...(await importOriginal()),
  getDb: async () => testState.db as Db,
  getPoolStats: () => testState.pool,
}));
// METRICS_TOKEN set or not, per test (getEnv() reads the environment once).
vi.mock(import("@/server/env"), async (importOriginal) => {
  const actual = await importOriginal();
  return { ...actual, getEnv: () => ({ ...actual.getEnv(), METRICS_TOKEN: testState.token }) };
});

import { countCacheLookup } from "@/server/cache/shared-cache.mjs";
import type { Db } from "@/server/db/client";
import { emailOutbox } from "@/server/db/schema";
import { deliverMail } from "@/server/email/send-mail";
import { AppError } from "@/server/errors";
import { METRICS_TOKEN_MESSAGE } from "@/server/observability/metrics-access";
import { countStripeDelivery } from "@/server/base/metrics";
import { closeTestDb, createTestDb } from "@/tests/db";
import { GET } from "./route";

const TOKEN = "scrape-me-7c1f0e9a4b2d";
const noParams = { params: Promise.resolve({}) };
let db: Db;

beforeAll(async () => {
  db = await createTestDb();
  testState.db = db;
});
afterAll(() => closeTestDb(db));

const scrape = (authorization?: string) =>
  GET(
    new Request("http://localhost:3000/api/metrics", {
      headers: authorization ? { authorization } : {},
    }),
    noParams,
  );

/** The value of one sample line (`name{labels} value`) of a scrape, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("GET /api/metrics", () => {
  it("does not exist while METRICS_TOKEN is unset", async () => {
    testState.token = undefined;
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      message: "The page or item could not be found.",
      requestId: expect.any(String),
    });
  });

  it.each([
    ["no Authorization header", undefined],
    ["a wrong token", "Bearer scrape-me-7c1f0e9a4b2e"],
    ["the token as a prefix", `Bearer ${TOKEN}x`],
    ["a part of the token", `Bearer ${TOKEN.slice(0, 8)}`],
    ["another scheme", `Basic ${TOKEN}`],
  ])("refuses %s with 401 and shows no metric", async (_, authorization) => {
    testState.token = TOKEN;
    const res = await scrape(authorization);
    expect(res.status).toBe(401);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      message: METRICS_TOKEN_MESSAGE,
      requestId: expect.any(String),
    });
    expect(text).not.toContain("marketplace_");
  });

  it("answers the token with this instance's metrics in Prometheus' format", async () => {
    testState.token = TOKEN;
    await scrape(); // one refusal, to be counted below
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const text = await res.text();
    // The calls so far, under the route's pattern and their status.
    expect(
      sample(
        text,
        'marketplace_http_requests_total{method="GET",route="/api/metrics",status="401"}',
      ),
    ).toBeGreaterThanOrEqual(6);
    expect(text).toContain(
      'marketplace_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/metrics"}',
    );
    // The process's own, as every Node service exports them.
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
    expect(sample(text, "marketplace_live_streams_open")).toBe(0);
    // The embedded database has no pool: the series are declared, with no sample.
    expect(text).toContain("# TYPE marketplace_db_pool_connections gauge");
    expect(text).not.toMatch(/^marketplace_db_pool_connections\{/m);
  });

  it("reads PostgreSQL's pool at the scrape", async () => {
    testState.token = TOKEN;
    testState.pool = { total: 7, idle: 3, waiting: 2, max: 10 };
    try {
      const text = await (await scrape(`Bearer ${TOKEN}`)).text();
      expect(sample(text, 'marketplace_db_pool_connections{state="busy"}')).toBe(4);
      expect(sample(text, 'marketplace_db_pool_connections{state="idle"}')).toBe(3);
      expect(sample(text, 'marketplace_db_pool_connections{state="max"}')).toBe(10);
      expect(sample(text, "marketplace_db_pool_waiting")).toBe(2);
    } finally {
      testState.pool = null;
    }
  });

  it("counts the outbox's waiting mails, the mails handed on and the cache's lookups", async () => {
    testState.token = TOKEN;
    const before = await (await scrape(`Bearer ${TOKEN}`)).text();
    await db.insert(emailOutbox).values([
      { to: "a@example.com", subject: "Waiting", html: "<p>1</p>", text: "1", status: "pending" },
      { to: "b@example.com", subject: "Waiting", html: "<p>2</p>", text: "2", status: "pending" },
      { to: "c@example.com", subject: "Gone", html: "<p>3</p>", text: "3", status: "sent" },
    ]);
    await deliverMail(db, {
      to: "d@example.com",
      subject: "Hello",
      react: createElement("p", null, "Hello"),
      category: "account",
    });
    countCacheLookup("pages", true);
    countCacheLookup("pages", true);
    countCacheLookup("data", false);

    const text = await (await scrape(`Bearer ${TOKEN}`)).text();
    expect(sample(text, "marketplace_mail_outbox_depth")).toBe(2);
    const added = (series: string) => (sample(text, series) ?? 0) - (sample(before, series) ?? 0);
    expect(added('marketplace_mails_total{via="outbox",outcome="delivered"}')).toBe(1);
    expect(added('marketplace_cache_lookups_total{cache="pages",outcome="hit"}')).toBe(2);
    expect(added('marketplace_cache_lookups_total{cache="data",outcome="miss"}')).toBe(1);
  });

  it("counts Stripe's deliveries by outcome, and lets their errors through", async () => {
    testState.token = TOKEN;
    await countStripeDelivery("platform", async () => ({ duplicate: false }));
    await countStripeDelivery("platform", async () => ({ duplicate: true }));
    const refused = new AppError("bad_request", "The webhook signature could not be verified.");
    await expect(countStripeDelivery("connect", () => Promise.reject(refused))).rejects.toBe(
      refused,
    );
    await expect(
      countStripeDelivery("connect", () => Promise.reject(new Error("database down"))),
    ).rejects.toThrow("database down");

    const text = await (await scrape(`Bearer ${TOKEN}`)).text();
    for (const [endpoint, outcome] of [
      ["platform", "processed"],
      ["platform", "duplicate"],
      ["connect", "refused"],
      ["connect", "failed"],
    ])
      expect(
        sample(
          text,
          `marketplace_stripe_webhook_events_total{endpoint="${endpoint}",outcome="${outcome}"}`,
        ),
      ).toBe(1);
  });
});
