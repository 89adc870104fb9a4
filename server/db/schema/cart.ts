import { relations, sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, uniqueIndex } from "drizzle-orm/pg-core";
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

export const cartItemsRelations = relations(cartItems, ({ one }) => ({
  member: one(members, { fields: [cartItems.memberId], references: [members.id] }),
  product: one(products, { fields: [cartItems.productId], references: [products.id] }),
}));

export const dreamTrackerItemsRelations = relations(dreamTrackerItems, ({ one }) => ({
  member: one(members, { fields: [dreamTrackerItems.memberId], references: [members.id] }),
  product: one(products, { fields: [dreamTrackerItems.productId], references: [products.id] }),
}));
