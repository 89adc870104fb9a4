import { relations, sql, type SQL } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { cartItems, dreamTrackerItems } from "./cart";
import { members } from "./members";
import { orderItems } from "./orders";
import { createdAt, happenedAt, updatedAt } from "./columns";
import { currencyEnum, deliveryServiceEnum } from "./shared";

const tsvector = customType<{ data: string }>({
  dataType: () => "tsvector",
});

/** active, deleted (soft: the owner can activate it again), removed (permanently, kept for past orders). */
export const productStatusEnum = pgEnum("product_status", ["active", "deleted", "removed"]);

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    /** Random public key used in cart cookies (cart_{pKey}). */
    pKey: text("p_key")
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    merchantId: integer("merchant_id")
      .notNull()
      .references(() => members.id),
    name: text("name").notNull(),
    detail: text("detail").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    currency: currencyEnum("currency").notNull(),
    /** 1 when not sold by weight (lib/validation). */
    unitWeight: numeric("unit_weight", { precision: 10, scale: 2 }).notNull().default("1"),
    /** Lowercase, 1-3 letters; null when not sold by weight. */
    unitWeightSymbol: text("unit_weight_symbol"),
    weightRequired: boolean("weight_required").notNull().default(false),
    deliveryService: deliveryServiceEnum("delivery_service").notNull().default("in_store"),
    inStock: boolean("in_stock").notNull().default(true),
    /**
     * What is left to sell, in the product's own unit (each, or its weight unit when sold by
     * weight); null = unlimited (the default, and every product listed before stock existed). An
     * order takes `qty × unit_weight` from it in the statement that writes the order, and a
     * cancel, a refund or an expired card hold gives back what was not handed over (decision
     * 0042). Never below 0 (the check below is the last guard of every conditional update).
     */
    availableQty: numeric("available_qty", { precision: 10, scale: 2 }),
    /** "Only N left" shows once N (whole units a customer can buy) is at or below this. */
    lowStockAt: integer("low_stock_at").notNull().default(5),
    payInPerson: boolean("pay_in_person").notNull().default(true),
    payByCard: boolean("pay_by_card").notNull().default(false),
    /** Storage key of the image, not a URL. */
    image: text("image"),
    status: productStatusEnum("status").notNull().default("active"),
    /**
     * Average review score and review count, kept in step with `reviews` by `recountRatings`
     * (server/reviews/rating-counters.ts) in the transaction of every review write.
     */
    score: numeric("score", { precision: 3, scale: 2 }).notNull().default("0"),
    reviewCount: integer("review_count").notNull().default(0),
    /** How many reviews gave 1, 2, 3, 4 and 5 stars (index 0 is 1 star); kept with `score`. */
    ratingCounts: integer("rating_counts")
      .array()
      .notNull()
      .default(sql`'{0,0,0,0,0}'::integer[]`),
    /**
     * Sort by rating's key: the Bayesian average of the reviews once there are enough of them,
     * else 0 (lib/catalog/rating.ts, decision 0047); kept with `score`.
     */
    ratingRank: numeric("rating_rank", { precision: 6, scale: 4 }).notNull().default("0"),
    /**
     * Units sold in the last 90 days (Popular): kept by triggers on order_items, with lines that
     * age out subtracted by `expire_product_sales()` (drizzle/*_catalog_search_sql.sql).
     */
    unitsSold90d: integer("units_sold_90d").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: happenedAt("deleted_at"),
    removedAt: happenedAt("removed_at"),
    // Name outweighs detail in keyword relevance. Column names are unqualified: a generated column
    // may only read its own row.
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english'::regconfig, coalesce("name", '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce("detail", '')), 'B')`,
    ),
  },
  (t) => [
    index("products_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("products_store_listing_idx").on(
      t.merchantId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // A farm's products by Popular (My Local reads the nearest farms' products in the list's order).
    index("products_store_popular_idx")
      .on(
        t.merchantId,
        t.unitsSold90d.desc().nullsFirst(),
        t.score.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.status} = 'active'`),
    // A keyword equal to the whole name (case-insensitive) lists those products first, latest listed
    // first (a keyword's matches are in listing order: decision 0014).
    index("products_name_lower_idx")
      .on(sql`lower(${t.name})`, t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'active'`),
    // The same products under Popular, in Popular's order: a name shared by tens of thousands of
    // products is read only as far as the page.
    index("products_name_popular_idx")
      .on(
        sql`lower(${t.name})`,
        t.unitsSold90d.desc().nullsFirst(),
        t.score.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.status} = 'active'`),
    index("products_latest_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'active'`),
    // Popular = units sold in the last 90 days, then average score (an index walk, no sort).
    index("products_popular_idx")
      .on(t.unitsSold90d.desc().nullsFirst(), t.score.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'active'`),
    // Sort by rating: overall and among exact name matches (a farm's few products, in My Local and
    // its store, are sorted after products_store_popular_idx finds them).
    index("products_rating_idx")
      .on(t.ratingRank.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'active'`),
    index("products_name_rating_idx")
      .on(sql`lower(${t.name})`, t.ratingRank.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'active'`),
    check("products_unit_price_cents_non_negative", sql`${t.unitPriceCents} >= 0`),
    check("products_unit_weight_positive", sql`${t.unitWeight} > 0`),
    check("products_available_qty_non_negative", sql`${t.availableQty} >= 0`),
    check("products_low_stock_at_range", sql`${t.lowStockAt} between 0 and 1000000`),
    check("products_score_range", sql`${t.score} between 0 and 5`),
    check("products_review_count_non_negative", sql`${t.reviewCount} >= 0`),
    check("products_rating_counts_five", sql`cardinality(${t.ratingCounts}) = 5`),
  ],
);

/** One review per member and product; editing updates the row. */
export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    score: smallint("score").notNull(),
    content: text("content").notNull(),
    /**
     * The author received the product (a line of theirs reached customer_received), decided on
     * the server when the review is written or edited and when such a line is received later
     * (issue 44, decision 0049).
     */
    verifiedBuyer: boolean("verified_buyer").notNull().default(false),
    /**
     * Set when an operator hid the review (moderation, decision 0049): a hidden review leaves
     * every public read, count and the structured data (server/reviews/visible-reviews.ts); only
     * its author still sees it, marked as hidden. Null = shown.
     */
    hiddenAt: happenedAt("hidden_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("reviews_member_product_unique").on(t.memberId, t.productId),
    index("reviews_product_created_idx").on(
      t.productId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    check("reviews_score_range", sql`${t.score} between 1 and 5`),
  ],
);

export const productsRelations = relations(products, ({ one, many }) => ({
  merchant: one(members, { fields: [products.merchantId], references: [members.id] }),
  reviews: many(reviews),
  orderItems: many(orderItems),
  cartItems: many(cartItems),
  dreamTrackerItems: many(dreamTrackerItems),
}));

export const reviewsRelations = relations(reviews, ({ one }) => ({
  product: one(products, { fields: [reviews.productId], references: [products.id] }),
  member: one(members, { fields: [reviews.memberId], references: [members.id] }),
}));
