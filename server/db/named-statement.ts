import "server-only";
import { createHash } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db, DbQueryResult } from "./client";

const dialect = new PgDialect();

/** A statement rendered once, to run again as it is (executeRendered). */
export type RenderedStatement = { sql: string; params: unknown[]; name?: string };

/**
 * Renders `query` for executeRendered. `named`: as a prepared statement named after its text, so
 * each connection parses it once and PostgreSQL may keep one plan for it (decision 0015). After
 * five runs PostgreSQL compares the plan it would keep (planned without the values) with the ones
 * it made for each run's values, and keeps it only when its estimated cost is no higher: name
 * only statements whose plan the values cannot change, with the numbers that shape the plan
 * (limits, offsets) written into the text (intLiteral). The values stay parameters, and every
 * distinct text is one more statement per connection: keep the number of texts small.
 *
 * PGlite ignores the name. Through PgBouncer in transaction mode, named statements need
 * PgBouncer 1.21 or later with `max_prepared_statements` set.
 */
export function renderStatement(query: SQL, { named }: { named: boolean }): RenderedStatement {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return named ? { sql: text, params, name: statementName(text) } : { sql: text, params };
}

/** Runs a rendered statement, as db.execute would run the query it came from. */
export async function executeRendered<TRow extends Record<string, unknown>>(
  db: Db,
  statement: RenderedStatement,
): Promise<DbQueryResult<TRow>> {
  const prepared = db._.session.prepareQuery(statement, undefined, statement.name, false);
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

/**
 * How a named statement carries a text value: `(select $n::text)`, a subquery that no plan is
 * made for, custom or generic. A plan made for a rare word estimates fewer rows than the plan made
 * without the value, so PostgreSQL judged the generic plan dearer and planned every run again
 * (0.7-0.9 ms at S and M, for a 0.2-0.3 ms statement). Unseen, the value leaves every plan of the
 * statement alike and the generic one is kept after five runs, whatever the data's statistics
 * (decision 0027). Index conditions still take it. Elsewhere, `${value}::text`.
 */
export function textValue(value: string, { named }: { named: boolean }): SQL {
  return named ? sql`(select ${value}::text)` : sql`${value}::text`;
}
