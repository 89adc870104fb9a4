/**
 * A fresh, migrated database for every test file, cheaply.
 *
 *   let db: Db;
 *   beforeAll(async () => { db = await createTestDb(); });
 *   afterAll(() => closeTestDb(db));
 *
 * A test file that calls route handlers or pages (which take the process's database from
 * `getDb()`) uses `createRouteTestDb()` instead: the same copy, which `getDb()` then answers.
 *
 * tests/global-setup.ts migrates once per run; each call here then gets its own copy:
 * - PGlite (default): the migrated data directory was dumped to a tar file; each copy loads it.
 * - PostgreSQL (TEST_DATABASE_URL set): a migrated template database; each copy is
 *   `CREATE DATABASE ... TEMPLATE ...`. Every database of the run is dropped at teardown.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import v8 from "node:v8";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";
import { closeDb, createNodePgDb, createPgliteDb, serveDb, type Db } from "@/server/db/client";
import { migrateDb } from "@/server/db/migrate";

export type TestDbSource =
  | { kind: "pglite"; dumpPath: string }
  | { kind: "postgres"; adminUrl: string; template: string; prefix: string };

declare module "vitest" {
  export interface ProvidedContext {
    testDb: TestDbSource;
  }
}

/**
 * A test database needs little memory and one connection; smaller shared buffers and connection
 * slots make PostgreSQL's start-up (run once per test file) noticeably shorter.
 */
const PGLITE_TEST_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...["-c", "shared_buffers=8MB", "-c", "max_connections=5"],
];

// Each test file runs in a new process that compiles PGlite's 9 MB WebAssembly module again.
// V8's optimising tier then competes with the test for the CPU and rarely pays off in a process
// this short: baseline code alone made a copy ~25 % faster and a 20k-row workload no slower.
v8.setFlagsFromString("--liftoff-only");

const cleanups = new WeakMap<Db, () => Promise<void>>();

/** A migrated database of its own for the calling test file. */
export async function createTestDb(): Promise<Db> {
  const source = injectSource() ?? (await buildSourceInProcess());
  const started = performance.now();
  const db =
    source.kind === "pglite"
      ? await loadPgliteCopy(source.dumpPath)
      : await createPostgresCopy(source);
  if (process.env.TEST_DB_TIMING) {
    console.warn(
      `test database copy (${source.kind}) ready in ${Math.round(performance.now() - started)} ms`,
    );
  }
  return db;
}

/**
 * A database of its own for the calling test file, which `getDb()` answers from now on: the routes
 * and pages the file calls use it. The environment they read (the session secret, APP_URL) is set
 * for every test file in vitest.config.ts.
 */
export async function createRouteTestDb(): Promise<Db> {
  const db = await createTestDb();
  serveDb(db);
  served = db;
  return db;
}

let served: Db | undefined;

/** Closes a database from `createTestDb` and, on PostgreSQL, drops it. */
export async function closeTestDb(db: Db | undefined): Promise<void> {
  if (!db) return;
  if (db === served) {
    serveDb(undefined);
    served = undefined;
  }
  const cleanup = cleanups.get(db);
  cleanups.delete(db);
  await closeDb(db);
  await cleanup?.();
}

// ── PGlite ───────────────────────────────────────────────────────────────────────────────────

async function loadPgliteCopy(dumpPath: string): Promise<Db> {
  return createPgliteDb(undefined, {
    loadDataDir: new Blob([readFileSync(dumpPath)]),
    startParams: PGLITE_TEST_START_PARAMS,
  });
}

/**
 * Migrates a new in-memory PGlite and returns its data directory as an uncompressed tar.
 * Loading the tar is most of a copy's cost, so it is made small: 1 MB WAL segments instead of 16,
 * and no template0/template1 (no test creates a database inside PGlite).
 */
export async function buildPgliteDump(): Promise<Uint8Array> {
  const db = await createPgliteDb(undefined, {
    initDbStartParams: ["--wal-segsize=1"],
    // Keep no recycled WAL segments around after the checkpoint.
    startParams: [...PGlite.defaultStartParams, "-c", "min_wal_size=2MB", "-c", "max_wal_size=4MB"],
  });
  try {
    await migrateDb(db);
    await db.$client.exec(
      "update pg_database set datistemplate = false where datname in ('template0', 'template1')",
    );
    await db.$client.exec("drop database template0");
    await db.$client.exec("drop database template1");
    await db.$client.exec("checkpoint");
    const tar = await db.$client.dumpDataDir("none");
    return new Uint8Array(await tar.arrayBuffer());
  } finally {
    await db.$client.close();
  }
}

// ── PostgreSQL ───────────────────────────────────────────────────────────────────────────────

/** Names of one run's databases start with this; the stamp lets a later run drop leftovers. */
export function newRunPrefix(): string {
  return `lpm_test_${Math.floor(Date.now() / 1000)}_${randomBytes(3).toString("hex")}`;
}

/** The same server and credentials as `url`, another database. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Runs `fn` with a connection to the admin database (the one TEST_DATABASE_URL names). */
export async function withAdminClient<T>(
  adminUrl: string,
  fn: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates the run's template database and migrates it. */
export async function createPostgresTemplate(adminUrl: string, prefix: string): Promise<string> {
  const template = `${prefix}_template`;
  await withAdminClient(adminUrl, (client) => client.query(`create database "${template}"`));
  const db = createNodePgDb(withDatabase(adminUrl, template), { max: 1 });
  try {
    await migrateDb(db);
  } finally {
    await closeDb(db);
  }
  return template;
}

/** Drops every database whose name starts with `prefix` (template last), even if still in use. */
export async function dropPostgresDatabases(adminUrl: string, prefix: string): Promise<void> {
  await withAdminClient(adminUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where starts_with(datname, $1 || '_') order by datname = $1 || '_template', datname",
      [prefix],
    );
    for (const { datname } of rows)
      await client.query(`drop database if exists "${datname}" with (force)`);
  });
}

async function createPostgresCopy(
  source: Extract<TestDbSource, { kind: "postgres" }>,
): Promise<Db> {
  const name = `${source.prefix}_${process.pid}_${randomBytes(3).toString("hex")}`;
  await withAdminClient(source.adminUrl, (client) =>
    client.query(`create database "${name}" template "${source.template}"`),
  );
  const db = createNodePgDb(withDatabase(source.adminUrl, name), { max: 10 });
  cleanups.set(db, () =>
    withAdminClient(source.adminUrl, async (client) => {
      await client.query(`drop database if exists "${name}" with (force)`);
    }),
  );
  return db;
}

// ── Where the template comes from ────────────────────────────────────────────────────────────

function injectSource(): TestDbSource | undefined {
  try {
    return inject("testDb");
  } catch {
    return undefined; // not inside a Vitest worker
  }
}

let inProcessSource: Promise<TestDbSource> | undefined;

/**
 * Without tests/global-setup.ts (another config, a script): build the template here, once per
 * process. PostgreSQL databases made this way are left for a later run's stale-database sweep.
 */
function buildSourceInProcess(): Promise<TestDbSource> {
  inProcessSource ??= (async (): Promise<TestDbSource> => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (adminUrl) {
      const prefix = newRunPrefix();
      return {
        kind: "postgres",
        adminUrl,
        prefix,
        template: await createPostgresTemplate(adminUrl, prefix),
      };
    }
    const dumpPath = path.join(mkdtempSync(path.join(tmpdir(), "lpm-test-db-")), "template.tar");
    writeFileSync(dumpPath, await buildPgliteDump());
    return { kind: "pglite", dumpPath };
  })();
  return inProcessSource;
}
