import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const testState = vi.hoisted(() => {
  process.env.NEXTAUTH_SECRET = "health-route-secret-health-route-secret-0001";
  process.env.APP_URL = "http://localhost:3000";
  return { db: undefined as unknown, fail: false, silent: false, postgres: false };
});
vi.mock(import("@/server/db/client"), async (importOriginal) => ({
  ...(await importOriginal()),
  getDb: async () => {
    if (testState.fail) throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
    // The embedded database taking the query and never answering (stuck behind a transaction).
    if (testState.silent)
      return Object.assign(Object.create(testState.db as Db), {
        execute: () => new Promise(() => {}),
      }) as Db;
    // PostgreSQL, down: any statement fails.
    if (testState.postgres)
      return {
        execute: () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:5432")),
      } as unknown as Db;
    return testState.db as Db;
  },
}));

import type { Db } from "@/server/db/client";
import { DATABASE_NOT_ANSWERING_MESSAGE } from "@/server/db/health";
import { closeTestDb, createTestDb } from "@/tests/db";
import { GET } from "./route";

const noParams = { params: Promise.resolve({}) };
let db: Db;

beforeAll(async () => {
  db = await createTestDb();
  testState.db = db;
});
afterAll(() => closeTestDb(db));

describe("GET /api/health", () => {
  it("answers 200 once the embedded database answers", async () => {
    const res = await GET(new Request("http://localhost:3000/api/health"), noParams);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("answers an error without details while the database is unreachable", async () => {
    testState.fail = true;
    try {
      const res = await GET(new Request("http://localhost:3000/api/health"), noParams);
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(text).not.toContain("ECONNREFUSED");
      expect(JSON.parse(text)).toEqual({
        message: expect.any(String),
        requestId: expect.any(String),
      });
    } finally {
      testState.fail = false;
    }
  });

  // The embedded database only: on PostgreSQL liveness asks the database nothing (test below).
  it.skipIf(process.env.TEST_DATABASE_URL)(
    "answers 503 in the error shape when the embedded database does not answer select 1 within 2 s",
    async () => {
      testState.silent = true;
      try {
        const started = performance.now();
        const res = await GET(new Request("http://localhost:3000/api/health"), noParams);
        expect(performance.now() - started).toBeGreaterThanOrEqual(1_900);
        expect(res.status).toBe(503);
        expect(res.headers.get("cache-control")).toBe("no-store");
        expect(await res.json()).toEqual({
          message: DATABASE_NOT_ANSWERING_MESSAGE,
          requestId: res.headers.get("x-request-id"),
        });
      } finally {
        testState.silent = false;
      }
    },
  );

  it("answers 200 on PostgreSQL without asking it: liveness (GET /api/ready asks)", async () => {
    testState.postgres = true;
    try {
      const res = await GET(new Request("http://localhost:3000/api/health"), noParams);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: "ok" });
    } finally {
      testState.postgres = false;
    }
  });
});
