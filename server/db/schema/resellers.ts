import { relations, sql } from "drizzle-orm";
import {
  char,
  check,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { products } from "./catalog";
import { members } from "./members";
import { createdAt, happenedAt, updatedAt } from "./columns";
import { RESELLER_PAY_STATUSES } from "@/lib/constants";

export const resellerPayStatusEnum = pgEnum("reseller_pay_status", RESELLER_PAY_STATUSES);

/** Affiliates who recruit farmers through /merchants/register?ak={identifier}. */
export const resellers = pgTable(
  "resellers",
  {
    id: serial("id").primaryKey(),
    identifier: char("identifier", { length: 32 })
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    /** Paid per product a recruited farmer lists; decimal text with 2 places ("5.00"). */
    rate: numeric("rate", { precision: 5, scale: 2 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("resellers_email_lower_unique").on(sql`lower(${t.email})`),
    index("resellers_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check("resellers_identifier_hex", sql`${t.identifier} ~ '^[0-9a-f]{32}$'`),
    check("resellers_rate_non_negative", sql`${t.rate} >= 0`),
  ],
);

/** One pending payment per product listed by a recruited farmer, at the reseller's rate then. */
export const resellerTransactions = pgTable(
  "reseller_transactions",
  {
    id: serial("id").primaryKey(),
    resellerId: integer("reseller_id")
      .notNull()
      .references(() => resellers.id),
    merchantId: integer("merchant_id")
      .notNull()
      .references(() => members.id),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    productName: text("product_name").notNull(),
    rate: numeric("rate", { precision: 5, scale: 2 }).notNull(),
    payStatus: resellerPayStatusEnum("pay_status").notNull().default("pending"),
    paidAt: happenedAt("paid_at"),
    createdAt: createdAt(),
  },
  (t) => [
    // Listing a product records its transaction once, however often the product is edited.
    uniqueIndex("reseller_transactions_product_unique").on(t.productId),
    // The admin filter: by reseller and date range, or by date range alone; newest first.
    index("reseller_transactions_reseller_created_idx").on(
      t.resellerId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("reseller_transactions_created_idx").on(
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    check(
      "reseller_transactions_paid_at",
      sql`(${t.payStatus} = 'paid') = (${t.paidAt} is not null)`,
    ),
  ],
);

export const resellersRelations = relations(resellers, ({ many }) => ({
  merchants: many(members),
  transactions: many(resellerTransactions),
}));

export const resellerTransactionsRelations = relations(resellerTransactions, ({ one }) => ({
  reseller: one(resellers, {
    fields: [resellerTransactions.resellerId],
    references: [resellers.id],
  }),
  merchant: one(members, { fields: [resellerTransactions.merchantId], references: [members.id] }),
  product: one(products, { fields: [resellerTransactions.productId], references: [products.id] }),
}));
