import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Distinct words of product names with how many products use each, kept by a trigger on
 * `products` (drizzle/*_catalog_search_sql.sql). A misspelt keyword word is corrected against this
 * small table by trigram similarity, far cheaper than comparing it with every product name.
 */
export const productNameWords = pgTable(
  "product_name_words",
  {
    word: text("word").primaryKey(),
    productCount: integer("product_count").notNull(),
  },
  (t) => [index("product_name_words_trgm_idx").using("gin", t.word.op("gin_trgm_ops"))],
);

/**
 * Active products by whole name, lowercased, kept by a trigger on `products`
 * (drizzle/*_catalog_names_sql.sql): a keyword that is a whole name counts its exact matches with
 * one row instead of visiting every such product.
 */
export const productNames = pgTable("product_names", {
  name: text("name").primaryKey(),
  productCount: integer("product_count").notNull(),
});

/**
 * One row: order lines created at or after `counted_from` count in `products.units_sold_90d`.
 * `expire_product_sales()` moves it to 90 days ago and subtracts the lines that aged out.
 */
export const productSalesWindow = pgTable(
  "product_sales_window",
  {
    id: smallint("id").primaryKey().default(1),
    countedFrom: timestamp("counted_from", { withTimezone: true }).notNull(),
  },
  (t) => [check("product_sales_window_single_row", sql`${t.id} = 1`)],
);
