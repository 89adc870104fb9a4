import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql, TransactionRollbackError } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/db/client";
import { MIGRATIONS_FOLDER } from "@/server/db/migrate";
import { closeTestDb, createTestDb } from "@/tests/db";
import { MIGRATIONS_UNREADABLE, checkReadiness, missingMigrations } from "./readiness";

// The readiness answers of GET /api/ready are app/api/ready/route.test.ts; here, how the
// migrations check reads another build's journal and a database never migrated.
let db: Db;

beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => closeTestDb(db));

describe("the migrations check", () => {
  /** A copy of drizzle's journal with `change` applied to its entries: another build's. */
  function buildWith(change: (entries: { when: number }[]) => { when: number }[]): string {
    const journal = JSON.parse(
      readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8"),
    ) as { entries: { when: number }[] };
    const folder = mkdtempSync(path.join(tmpdir(), "ready-migrations-"));
    mkdirSync(path.join(folder, "meta"));
    writeFileSync(
      path.join(folder, "meta", "_journal.json"),
      JSON.stringify({ ...journal, entries: change(journal.entries) }),
    );
    return folder;
  }

  it("fails when this build ships migrations the database lacks", async () => {
    const newer = buildWith((entries) => [
      ...entries,
      { when: entries.at(-1)!.when + 1_000 },
      { when: entries.at(-1)!.when + 2_000 },
    ]);
    const readiness = await checkReadiness(db, { migrationsFolder: newer });
    expect(readiness).toMatchObject({
      ready: false,
      checks: { database: "ok", migrations: "failed" },
      problems: { migrations: missingMigrations(2) },
    });
  });

  it("stays ready when the database is ahead of this build (a rolling deploy's old instance)", async () => {
    const older = buildWith((entries) => entries.slice(0, -3));
    expect(await checkReadiness(db, { migrationsFolder: older })).toMatchObject({ ready: true });
  });

  it("fails on a database that was never migrated", async () => {
    // The migrations' table out of the way for one transaction, rolled back after.
    let readiness: Awaited<ReturnType<typeof checkReadiness>> | undefined;
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`alter table drizzle.__drizzle_migrations rename to moved_away`);
        readiness = await checkReadiness(tx as unknown as Db);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(readiness).toMatchObject({
      ready: false,
      checks: { database: "ok", migrations: "failed" },
      problems: { migrations: MIGRATIONS_UNREADABLE },
    });
    expect(await checkReadiness(db)).toMatchObject({ ready: true });
  });
});
