import net, { type AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

const testState = vi.hoisted(() => {
  process.env.NEXTAUTH_SECRET = "ready-route-secret-ready-route-secret-000001";
  process.env.APP_URL = "http://localhost:3000";
  delete process.env.REDIS_URL;
  return { db: undefined as unknown, silent: false };
});
vi.mock(import("@/server/db/client"), async (importOriginal) => ({
  ...(await importOriginal()),
  getDb: async () =>
    testState.silent
      ? // A database that takes the query and never answers (unreachable, no free connection).
        ({ execute: () => new Promise(() => {}) } as unknown as Db)
      : (testState.db as Db),
}));

import type { Db } from "@/server/db/client";
import {
  DATABASE_PROBLEM,
  NOT_READY_MESSAGE,
  REDIS_PROBLEM,
  closeReadinessRedis,
} from "@/server/observability/readiness";
import { closeTestDb, createTestDb } from "@/tests/db";
import { TEST_REDIS_URL, isListening } from "@/tests/redis";
import { GET } from "./route";

const noParams = { params: Promise.resolve({}) };
const ask = () => GET(new Request("http://localhost:3000/api/ready"), noParams);
let db: Db;

beforeAll(async () => {
  db = await createTestDb();
  testState.db = db;
});
afterEach(async () => {
  delete process.env.REDIS_URL;
  await closeReadinessRedis();
});
afterAll(() => closeTestDb(db));

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const redisUp = await isListening(TEST_REDIS_URL);
if (!redisUp) console.warn(`no Redis at ${TEST_REDIS_URL}: the ready-with-Redis case is skipped`);

describe("GET /api/ready", () => {
  it("answers 200 once the database answers and holds this build's migrations", async () => {
    const res = await ask();
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({
      status: "ready",
      checks: { database: "ok", migrations: "ok", redis: "not used" },
    });
  });

  it.runIf(redisUp)("asks Redis too when the shared cache is configured", async () => {
    process.env.REDIS_URL = TEST_REDIS_URL;
    const res = await ask();
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ checks: { redis: "ok" } });
  });

  it("answers 503 naming Redis when it does not answer, and not where it is", async () => {
    const port = await closedPort();
    process.env.REDIS_URL = `redis://:hunter2-secret@127.0.0.1:${port}`;
    const res = await ask();
    expect(res.status).toBe(503);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      message: NOT_READY_MESSAGE,
      errors: { redis: [REDIS_PROBLEM] },
      requestId: res.headers.get("x-request-id"),
    });
    for (const leak of ["127.0.0.1", String(port), "hunter2", "ECONNREFUSED"])
      expect(text).not.toContain(leak);
  });

  it("answers 503 naming the database when it does not answer within 2 s", async () => {
    testState.silent = true;
    try {
      const started = performance.now();
      const res = await ask();
      expect(performance.now() - started).toBeGreaterThanOrEqual(1_900);
      expect(res.status).toBe(503);
      const body = await res.json();
      expect(body).toMatchObject({
        message: NOT_READY_MESSAGE,
        errors: { database: [DATABASE_PROBLEM] },
      });
      expect(Object.keys(body.errors)).toEqual(["database"]);
    } finally {
      testState.silent = false;
    }
  });
});
