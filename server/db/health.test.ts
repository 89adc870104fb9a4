import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/server/errors";
import { closeTestDb, createTestDb } from "@/tests/db";
import type { Db } from "./client";
import { DATABASE_NOT_ANSWERING_MESSAGE, checkDatabase } from "./health";

let db: Db;

beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => closeTestDb(db));

/** A database whose every query waits for good: PostgreSQL unreachable, or no free connection. */
const silentDb = { execute: () => new Promise(() => {}) } as unknown as Db;

describe("checkDatabase", () => {
  it("resolves when the database answers select 1", async () => {
    await expect(checkDatabase(db)).resolves.toBeUndefined();
  });

  it("gives up on a database that never answers, after the timeout", async () => {
    const started = performance.now();
    const error = await checkDatabase(silentDb, 200).catch((thrown: unknown) => thrown);
    const waited = performance.now() - started;
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "unavailable", status: 503 });
    expect((error as AppError).message).toBe(DATABASE_NOT_ANSWERING_MESSAGE);
    expect(waited).toBeGreaterThanOrEqual(190);
    expect(waited).toBeLessThan(2_000);
  });

  it("reports a database that refuses as unavailable, keeping the cause for the log only", async () => {
    const cause = new Error("connect ECONNREFUSED 127.0.0.1:5432");
    const refusing = { execute: () => Promise.reject(cause) } as unknown as Db;
    const error = (await checkDatabase(refusing).catch((thrown: unknown) => thrown)) as AppError;
    expect(error).toMatchObject({ code: "unavailable", cause });
    expect(error.message).not.toContain("ECONNREFUSED");
  });
});
