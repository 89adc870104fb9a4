/**
 * What every database scenario gets: the project's own Db (node-postgres through
 * server/db/client, as the app opens it), a raw pg pool for setup and clean-up, and the facts the
 * generator stored in bench_meta (largest farmer, search terms, sample products...).
 */
import pg from "pg";
import { closeDb, createNodePgDb, type Db } from "@/server/db/client";
import type { DatasetFacts } from "../data/generate";
import { databaseUrl } from "../data/load";

export interface DbContext {
  db: Db;
  raw: pg.Pool;
  url: string;
  database: string;
  facts: DatasetFacts;
}

export class DatasetMissing extends Error {}

export async function databaseExists(serverUrl: string, database: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl(serverUrl, "postgres") });
  await client.connect();
  try {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [
      database,
    ]);
    return (rowCount ?? 0) > 0;
  } finally {
    await client.end();
  }
}

export async function openContext(serverUrl: string, database: string): Promise<DbContext> {
  if (!(await databaseExists(serverUrl, database)))
    throw new DatasetMissing(
      `database ${database} does not exist: npm run bench:data -- --size ${database.replace(/^bench_/, "").toUpperCase()}`,
    );
  const url = databaseUrl(serverUrl, database);
  const raw = new pg.Pool({ connectionString: url, max: 4, allowExitOnIdle: true });
  const { rows } = await raw.query<{ value: DatasetFacts }>(
    "select value from bench_meta where key = 'facts'",
  );
  if (!rows[0])
    throw new DatasetMissing(
      `database ${database} has no bench_meta facts: load it again with bench:data`,
    );
  // Up to 12 connections: the checkout scenario runs 10 customers at once (plus their retries).
  const db = createNodePgDb(url, { max: 12 });
  return { db, raw, url, database, facts: rows[0].value };
}

export async function closeContext(ctx: DbContext): Promise<void> {
  await closeDb(ctx.db);
  await ctx.raw.end();
}
