import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

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
 * The keyword search's postings: one row per lexeme of an active product's `search_vector`, kept by
 * a trigger on `products` (drizzle/*_product_terms_sql.sql). Its one index holds every column, in
 * the order a search reads them: a word's products latest listed first (highest id), from the
 * index alone, so the search stops at the newest matches instead of visiting every match's
 * product (decision 0014).
 * No primary key and no foreign key: the trigger writes exactly one row per lexeme and product,
 * and removes them with the product.
 */
export const productTerms = pgTable(
  "product_terms",
  {
    lexeme: text("lexeme").notNull(),
    productId: integer("product_id").notNull(),
    /** The lexeme is in the product's name (weight A), not only in its detail. */
    inName: boolean("in_name").notNull(),
    merchantId: integer("merchant_id").notNull(),
    /** product_name_key(name): tells a whole-name match without reading the product. */
    nameKey: integer("name_key").notNull(),
  },
  (t) => [
    index("product_terms_search_idx").on(
      t.lexeme,
      t.productId.desc().nullsFirst(),
      t.inName,
      t.merchantId,
      t.nameKey,
    ),
  ],
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
