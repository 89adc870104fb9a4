import { readFileSync } from "node:fs";
import path from "node:path";
import { is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, inject, it } from "vitest";
import { withAdminClient, withDatabase } from "@/tests/db";
import { closeDb, createNodePgDb } from "./client";
import { MIGRATIONS_FOLDER, migrateDb } from "./migrate";
import * as schema from "./schema";

// Every migration of the journal applied once, and every table of the schema created.
const MIGRATION_COUNT = (
  JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as {
    entries: unknown[];
  }
).entries.length;
const TABLE_COUNT = Object.values(schema).filter((value) => is(value, PgTable)).length;

const source = inject("testDb");

// PGlite has one connection per directory, so only PostgreSQL can race several instances.
describe.runIf(source?.kind === "postgres")("migrateDb on PostgreSQL", () => {
  it("lets several instances migrate a new database at once", async () => {
    if (source?.kind !== "postgres") return;
    // Named after the run, so teardown drops it even if this test fails half-way.
    const name = `${source.prefix}_migrate_${process.pid}`;
    await withAdminClient(source.adminUrl, (client) => client.query(`create database "${name}"`));
    const instances = [1, 2, 3].map(() =>
      createNodePgDb(withDatabase(source.adminUrl, name), { max: 2 }),
    );
    try {
      await Promise.all(instances.map((db) => migrateDb(db)));
      const { rows } = await instances[0]!.execute<{ migrations: string; tables: string }>(sql`
        select (select count(*) from drizzle.__drizzle_migrations) as migrations,
               (select count(*) from information_schema.tables where table_schema = 'public') as tables`);
      expect(rows[0]).toEqual({ migrations: String(MIGRATION_COUNT), tables: String(TABLE_COUNT) });
    } finally {
      await Promise.all(instances.map((db) => closeDb(db)));
      await withAdminClient(source.adminUrl, (client) =>
        client.query(`drop database "${name}" with (force)`),
      );
    }
  });
});
