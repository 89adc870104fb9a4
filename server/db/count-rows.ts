import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "./client";

/**
 * Rows in every table of the app's schemas (`public`, and `drizzle` for the migrations), keyed
 * `schema.table`: what a restore prints, and what its tests compare with the source.
 */
export async function countRows(db: Db): Promise<Record<string, number>> {
  const { rows: tables } = await db.execute<{ name: string }>(
    sql`select quote_ident(table_schema) || '.' || quote_ident(table_name) as name
          from information_schema.tables
         where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle')
         order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const { rows } = await db.execute<{ n: string }>(sql.raw(`select count(*) as n from ${name}`));
    counts[name] = Number(rows[0]!.n);
  }
  return counts;
}
