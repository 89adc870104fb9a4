import { relations, sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { products } from "./catalog";
import { members } from "./members";
import { createdAt, updatedAt } from "./columns";

/** A signed-in member's cart; visitors keep theirs in cart_{pKey} cookies. */
export const cartItems = pgTable(
  "cart_items",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    qty: integer("qty").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Adding a product already in the cart updates it (upsert on this key).
    uniqueIndex("cart_items_member_product_unique").on(t.memberId, t.productId),
    index("cart_items_product_id_idx").on(t.productId),
    check("cart_items_qty_positive", sql`${t.qty} >= 1`),
  ],
);

/** The wishlist ("dreamtracker"): same shape and rules as the cart. */
export const dreamTrackerItems = pgTable(
  "dream_tracker_items",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    qty: integer("qty").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("dream_tracker_items_member_product_unique").on(t.memberId, t.productId),
    index("dream_tracker_items_product_id_idx").on(t.productId),
    check("dream_tracker_items_qty_positive", sql`${t.qty} >= 1`),
  ],
);

/**
 * The last "back in stock" mail a member got about a product they keep in the Dream Tracker: at
 * most one per product per week, taken by a conditional upsert so several instances (or two
 * releases at once) send it once (decision 0042).
 */
export const backInStockMails = pgTable(
  "back_in_stock_mails",
  {
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "back_in_stock_mails_pkey", columns: [t.memberId, t.productId] })],
);

export const cartItemsRelations = relations(cartItems, ({ one }) => ({
  member: one(members, { fields: [cartItems.memberId], references: [members.id] }),
  product: one(products, { fields: [cartItems.productId], references: [products.id] }),
}));

export const dreamTrackerItemsRelations = relations(dreamTrackerItems, ({ one }) => ({
  member: one(members, { fields: [dreamTrackerItems.memberId], references: [members.id] }),
  product: one(products, { fields: [dreamTrackerItems.productId], references: [products.id] }),
}));
