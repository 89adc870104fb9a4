import "server-only";
import path from "node:path";
import { is } from "drizzle-orm";
import { drizzle as drizzleNodePg, NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { Pool, type PoolClient, type Client } from "pg";
import type { Db } from "./client";

/** The generated migrations (`npm run db:generate`); shipped beside the standalone server. */
export const MIGRATIONS_FOLDER = path.join(process.cwd(), "drizzle");

/** Any fixed bigint shared by every instance: the key of the lock held while migrating. */
const MIGRATION_LOCK_KEY = "7240118823017512401";

/**
 * Applies pending migrations. On PostgreSQL it holds an advisory lock for the whole run, so
 * several instances starting at once migrate one after another (the later ones find nothing to do).
 * Needs the database as opened by server/db/client, not a transaction.
 */
export async function migrateDb(
  db: Db,
  { migrationsFolder = MIGRATIONS_FOLDER } = {},
): Promise<void> {
  if (is(db, PgliteDatabase)) {
    await migratePglite(db as unknown as PgliteDatabase<Record<string, never>>, {
      migrationsFolder,
    });
    return;
  }
  if (!is(db, NodePgDatabase))
    throw new Error("migrateDb needs a database opened by server/db/client");

  const client = (db as unknown as { $client: Pool | PoolClient | Client }).$client;
  // The lock belongs to a session, so take it and migrate on one connection.
  const connection = client instanceof Pool ? await client.connect() : client;
  try {
    await connection.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePg(drizzleNodePg({ client: connection }), { migrationsFolder });
    } finally {
      await connection.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    if (client instanceof Pool) (connection as PoolClient).release();
  }
}
