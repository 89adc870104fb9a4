import "server-only";
import { createHash } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db, DbQueryResult } from "./client";

const dialect = new PgDialect();

/**
 * Runs `query` as a prepared statement named after its text, so each connection parses it once
 * and PostgreSQL may keep one plan for it (decision 0015). After five runs PostgreSQL compares the
 * plan it would keep (planned without the values) with the ones it made for each run's values,
 * and keeps it only when its estimated cost is no higher: give it statements whose plan the
 * values cannot change, with the numbers that shape the plan (limits, offsets) written into the
 * text. The values stay parameters, and every distinct text is one more statement per
 * connection: keep the number of texts small.
 *
 * PGlite ignores the name. Through PgBouncer in transaction mode, named statements need
 * PgBouncer 1.21 or later with `max_prepared_statements` set.
 */
export async function executeNamed<TRow extends Record<string, unknown>>(
  db: Db,
  query: SQL,
): Promise<DbQueryResult<TRow>> {
  const built = dialect.sqlToQuery(query);
  const prepared = db._.session.prepareQuery(built, undefined, statementName(built.sql), false);
  return (await prepared.execute()) as DbQueryResult<TRow>;
}

/** A name PostgreSQL accepts (under 64 bytes) that only this text gets. */
export function statementName(text: string): string {
  return `n_${createHash("sha256").update(text).digest("hex").slice(0, 40)}`;
}

/**
 * A whole number written into a statement's text (a limit or an offset), so a plan kept for a
 * named statement is made for it.
 *
 * @throws Error for anything but a non-negative safe integer
 */
export function intLiteral(value: number): SQL {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Error(`not a non-negative integer: ${value}`);
  return sql.raw(String(value));
}
