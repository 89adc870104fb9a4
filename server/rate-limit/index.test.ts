import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

const state = vi.hoisted(() => ({ embedded: true }));
vi.mock(import("@/server/env"), async (importOriginal) => {
  const actual = await importOriginal();
  return { ...actual, getEnv: () => ({ ...actual.getEnv(), embedded: state.embedded }) };
});

import type { Db } from "@/server/db/client";
import {
  clearRateLimitMemoryForTest,
  consumeRateLimit,
  peekRateLimit,
  refundRateLimit,
  resetRateLimit,
} from "@/server/rate-limit";
import { closeTestDb, createTestDb } from "@/tests/db";

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => closeTestDb(db));

const RULE = { limit: 3, windowMs: 60_000 };

describe.each([
  ["in memory (embedded)", true],
  ["in PostgreSQL", false],
])("consumeRateLimit %s", (_name, embedded) => {
  beforeEach(() => {
    state.embedded = embedded;
    clearRateLimitMemoryForTest();
    vi.useRealTimers();
  });

  it("allows up to the limit, then refuses with the seconds left in the window", async () => {
    const key = `t:${embedded}:a`;
    for (let i = 0; i < 3; i++) expect((await consumeRateLimit(db, key, RULE)).allowed).toBe(true);
    const refused = await consumeRateLimit(db, key, RULE);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(55);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await peekRateLimit(db, key, RULE)).allowed).toBe(false);
  });

  it("keeps keys apart and forgets a key on reset", async () => {
    const key = `t:${embedded}:b`;
    for (let i = 0; i < 4; i++) await consumeRateLimit(db, key, RULE);
    expect((await consumeRateLimit(db, `${key}-other`, RULE)).allowed).toBe(true);
    await resetRateLimit(db, key);
    expect((await consumeRateLimit(db, key, RULE)).allowed).toBe(true);
  });

  it("gives an attempt back on refund", async () => {
    const key = `t:${embedded}:c`;
    for (let i = 0; i < 3; i++) await consumeRateLimit(db, key, RULE);
    await refundRateLimit(db, key);
    expect((await consumeRateLimit(db, key, RULE)).allowed).toBe(true);
    expect((await consumeRateLimit(db, key, RULE)).allowed).toBe(false);
  });

  it("opens a new window once the old one has ended", async () => {
    const key = `t:${embedded}:d`;
    const short = { limit: 1, windowMs: 50 };
    await consumeRateLimit(db, key, short);
    expect((await consumeRateLimit(db, key, short)).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 80));
    expect((await consumeRateLimit(db, key, short)).allowed).toBe(true);
  });

  it("counts concurrent attempts exactly", async () => {
    const key = `t:${embedded}:e`;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => consumeRateLimit(db, key, RULE)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
  });
});
