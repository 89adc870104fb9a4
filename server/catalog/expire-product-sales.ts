import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";

/**
 * Popular counts units sold in the last 90 days (`products.units_sold_90d`). Triggers on
 * order_items add and adjust lines as they happen; this moves the window to 90 days ago and
 * subtracts the lines that aged out since the last run (drizzle/0003_catalog_search_sql.sql).
 * Cheap when run often, and safe to run from several instances at once (the window row is locked).
 *
 * @returns how many products changed
 */
export async function expireProductSales(db: Db): Promise<number> {
  const { rows } = await db.execute<{ changed: number }>(
    sql`select expire_product_sales() as changed`,
  );
  return Number(rows[0]?.changed ?? 0);
}
