import "server-only";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { PGlite, types, type PGliteOptions } from "@electric-sql/pglite";
import { cube } from "@electric-sql/pglite/contrib/cube";
import { earthdistance } from "@electric-sql/pglite/contrib/earthdistance";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql, type Assume } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { Pool, type PoolConfig } from "pg";
import { getEnv } from "@/server/env";
import { tracingHooks } from "@/server/base/tracing-hooks";
import { holdEmbeddedFolder, releaseHoldOf } from "./embedded-holder";
import { migrateDb } from "./migrate";
import { guardPgliteStop, type EmbeddedDatabaseStopped } from "./pglite-stop-guard";
import * as schema from "./schema";

export type Schema = typeof schema;

/** What both drivers' raw results share: `db.execute()` resolves to `{ rows }` on either. */
export interface DbQueryResult<TRow> {
  rows: Assume<TRow, Record<string, unknown>>[];
}

export interface DbQueryResultHKT extends PgQueryResultHKT {
  type: DbQueryResult<this["row"]>;
}

/**
 * The database handle every service takes first. Both drivers (PGlite, node-postgres) and every
 * transaction (`db.transaction(async (tx) => ...)`, `tx` is a `Db` too) fit it, so services compose.
 */
export type Db = PgDatabase<DbQueryResultHKT, Schema>;

/** The transaction handle given to `db.transaction` callbacks. */
export type DbTransaction = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Runs once, right after the embedded database was migrated while it holds no member yet (the
 * demo seed).
 */
export type EmptyDatabaseHook = (db: Db) => Promise<void>;

export const PGLITE_EXTENSIONS = { cube, earthdistance, pg_trgm };

/**
 * node-postgres returns int8 (count(*), sum of integers) as text, because it can exceed 2^53.
 * PGlite returns numbers; make it answer like production so raw SQL behaves the same on both.
 */
const PGLITE_PARSERS = { [types.INT8]: (value: string) => value };

export type PgliteDb = ReturnType<typeof drizzlePglite<Schema, PGlite>>;
export type NodePgDb = ReturnType<typeof drizzleNodePg<Schema, Pool>>;

/**
 * Opens PGlite with the extensions the schema needs: on disk in `dataDir`, in memory without it.
 * It does not migrate: call `migrateDb` (a fresh directory is empty). If its backend ever stops,
 * statements reject with EmbeddedDatabaseStopped instead of freezing the process, and `onStop`
 * runs once (pglite-stop-guard.ts). A folder on disk is claimed for this process first, and the
 * process answers `npm run db:backup` for it until `closeDb` (embedded-holder.ts, decision 0040).
 */
export async function createPgliteDb(
  dataDir?: string,
  options: Pick<PGliteOptions, "loadDataDir" | "startParams" | "initDbStartParams"> = {},
  onStop?: (error: EmbeddedDatabaseStopped) => void,
): Promise<PgliteDb> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const hold = dataDir ? holdEmbeddedFolder(dataDir) : undefined;
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir,
      extensions: PGLITE_EXTENSIONS,
      parsers: PGLITE_PARSERS,
      ...options,
    });
  } catch (error) {
    hold?.release();
    throw error;
  }
  hold?.attach(client);
  guardPgliteStop(client, onStop);
  // With tracing on (OTEL_EXPORTER_OTLP_ENDPOINT), each statement gets a span; node-postgres has
  // its own instrumentation.
  tracingHooks()?.tracePglite(client);
  return drizzlePglite({ client, schema });
}

/** A node-postgres pool over `url`. Idle connections do not keep the process alive. */
export function createNodePgDb(url: string, poolConfig: PoolConfig = {}): NodePgDb {
  const pool = new Pool({ connectionString: url, max: 10, allowExitOnIdle: true, ...poolConfig });
  // An idle client losing its connection emits on the pool; unhandled, that would crash the process.
  pool.on("error", (error) => console.error("postgres pool error", error));
  return drizzleNodePg({ client: pool, schema });
}

/** The embedded database (PGlite), not PostgreSQL over the network. */
export function isEmbedded(db: Db): boolean {
  return (db as Partial<PgliteDb | NodePgDb>).$client instanceof PGlite;
}

/** Closes the connection or pool behind a database opened by this module. */
export async function closeDb(db: Db): Promise<void> {
  const client = (db as Partial<PgliteDb | NodePgDb>).$client;
  if (client instanceof PGlite) {
    releaseHoldOf(client);
    await client.close();
  } else if (client instanceof Pool) await client.end();
}

interface DbState {
  db?: Promise<Db>;
  emptyDatabaseHook?: EmptyDatabaseHook;
  /** The embedded database's client, while it is the one `db` resolves to. */
  embedded?: PGlite;
  /** Closing an embedded database whose backend stopped; the next one waits for it. */
  closing?: Promise<void>;
  /** PostgreSQL's pool, once `db` resolves to one (its counts are metrics). */
  pool?: Pool;
}

// Kept on globalThis so Next's hot reload reuses one connection (PGlite allows one per directory).
const state: DbState = ((globalThis as { __marketplaceDb?: DbState }).__marketplaceDb ??= {});

/**
 * Sets the function run after the embedded database is created (the demo seed registers itself,
 * e.g. from instrumentation.ts, before the first request). A later call replaces it, so a module
 * re-run by hot reload does not register twice.
 */
export function registerEmptyDatabaseHook(hook: EmptyDatabaseHook): void {
  state.emptyDatabaseHook = hook;
}

/**
 * The process-wide database: PostgreSQL at DATABASE_URL (migrated on start only with
 * DB_MIGRATE_ON_START), else PGlite in PGLITE_DIR, migrated on every start and seeded when new.
 */
export function getDb(): Promise<Db> {
  state.db ??= openDb().catch((error: unknown) => {
    state.db = undefined; // let the next request try again rather than cache the failure
    throw error;
  });
  return state.db;
}

export type PoolStats = { total: number; idle: number; waiting: number; max: number };

/**
 * The process-wide PostgreSQL pool's connections (open, idle) and the statements waiting for one;
 * null on the embedded database, or before the first request opened the pool.
 */
export function getPoolStats(): PoolStats | null {
  const pool = state.pool;
  if (!pool) return null;
  return {
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    max: pool.options.max ?? 10,
  };
}

/**
 * Makes `getDb()` answer `db` in this process, or open its own again with `undefined`: for a test
 * file whose routes and pages must use its own database (`createRouteTestDb` in tests/db.ts).
 */
export function serveDb(db: Db | undefined): void {
  state.db = db ? Promise.resolve(db) : undefined;
}

async function openDb(): Promise<Db> {
  const env = getEnv();
  if (env.DATABASE_URL) {
    const db = createNodePgDb(env.DATABASE_URL);
    state.pool = db.$client;
    if (env.DB_MIGRATE_ON_START) await migrateDb(db);
    return db;
  }
  return openEmbeddedDb(path.resolve(env.PGLITE_DIR));
}

async function openEmbeddedDb(dataDir: string): Promise<Db> {
  await state.closing;
  const isNew = !existsSync(path.join(dataDir, "PG_VERSION"));
  const db = await createPgliteDb(dataDir, {}, () => forgetStoppedDb(db.$client));
  state.embedded = db.$client;
  try {
    await migrateDb(db);
    // Empty rather than new: `next build` prerenders pages that open the database without the
    // hook (instrumentation runs only in a server), so the first server start must still seed it.
    if (state.emptyDatabaseHook && (isNew || (await hasNoMembers(db))))
      await state.emptyDatabaseHook(db);
  } catch (error) {
    await db.$client.close();
    // A half-seeded demo would never be seeded again: start over from nothing next time.
    if (isNew) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return db;
}

/**
 * The embedded backend stopped (pglite-stop-guard.ts): requests in flight fail, and the next
 * getDb() opens the directory again once this one is closed. Called from inside PGlite's loop, so
 * the close waits for the stack to unwind.
 */
function forgetStoppedDb(client: PGlite): void {
  if (state.embedded !== client) return;
  state.embedded = undefined;
  state.db = undefined;
  state.closing = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => client.close())
    .catch((error: unknown) => console.error("closing the stopped embedded database", error));
}

async function hasNoMembers(db: Db): Promise<boolean> {
  const { rows } = await db.execute<{ any: boolean }>(
    sql`select exists (select 1 from members) as any`,
  );
  return !rows[0]?.any;
}
