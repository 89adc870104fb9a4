import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "./client";

/** Throws unless the database answers a query. */
export async function checkDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
