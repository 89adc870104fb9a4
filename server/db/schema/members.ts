import { relations, sql, type SQL } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  serial,
  text,
  uniqueIndex,
  uuid,
  type PgColumn,
} from "drizzle-orm/pg-core";
import { cartItems, dreamTrackerItems } from "./cart";
import { products, reviews } from "./catalog";
import { createdAt, happenedAt, updatedAt } from "./columns";
import { conversations } from "./messaging";
import { notificationPreferences } from "./notifications";
import { orderItems, orders } from "./orders";
import { resellers } from "./resellers";
import { passwordResetTokens, securityAccesses } from "./security";
import { countryEnum, currencyEnum } from "./shared";
import { subscriptions } from "./subscriptions";
import { MEMBER_TYPES } from "@/lib/constants";

/** earthdistance's point: a 3-D cube on a sphere of the Earth's radius, in metres. */
const earthPoint = customType<{ data: string; driverData: string }>({ dataType: () => "cube" });

export const memberTypeEnum = pgEnum("member_type", MEMBER_TYPES);

type MerchantSearchColumns = Record<"username" | "address" | "city" | "provinceState", PgColumn>;

/**
 * What the farmers list matches a keyword against as a substring: what a farmer card shows
 * (username, city, province) and the street of the address without its house number. The email
 * and the whole address match only when typed in full (merchant-list-query.ts), so the list cannot
 * be probed for a private email or house number a character at a time. The index below and the
 * query share this expression, as PostgreSQL uses an expression index only for the same expression.
 */
export function merchantSearchText(t: MerchantSearchColumns): SQL {
  return sql`${t.username} || ' ' || regexp_replace(coalesce(${t.address}, ''), '^[[:space:]]*[0-9][0-9a-z/-]*[[:space:]]+', '', 'i') || ' ' || coalesce(${t.city}, '') || ' ' || coalesce(${t.provinceState}, '')`;
}

type MemberSearchColumns = Record<"username" | "email" | "firstName" | "lastName", PgColumn>;

/**
 * What the admin member search matches a keyword against as a substring: username, email, first
 * and last name. The index and the query (server/admin/find-members-by-keyword.ts) share this
 * expression, as PostgreSQL uses an expression index only for the same expression.
 */
export function memberSearchText(t: MemberSearchColumns): SQL {
  return sql`${t.username} || ' ' || ${t.email} || ' ' || ${t.firstName} || ' ' || ${t.lastName}`;
}

export const members = pgTable(
  "members",
  {
    id: serial("id").primaryKey(),
    /** Public id used in links, so numeric ids are never enumerable from outside. */
    userKey: uuid("user_key").notNull().unique().defaultRandom(),
    username: text("username").notNull().unique(),
    /** Stored lowercase (lib/validation); uniqueness is on lower(email) all the same. */
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    /** Null until the profile is complete: the app sends such members to the profile (require_info). */
    phone: text("phone"),
    country: countryEnum("country").notNull().default("CA"),
    /** Null until the profile is complete, like phone. */
    currency: currencyEnum("currency"),
    memberType: memberTypeEnum("member_type").notNull().default("customer"),
    address: text("address"),
    city: text("city"),
    provinceState: text("province_state"),
    postalCode: text("postal_code"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    /**
     * ll_to_earth(latitude, longitude), stored: distance queries read it instead of computing it
     * per row (8x faster over a 50 km radius), and the GiST index below is built on it.
     */
    geo: earthPoint("geo").generatedAlwaysAs(sql`ll_to_earth(latitude, longitude)`),
    /**
     * A farm's IANA time zone for its pickup windows; null = the one of its province/state
     * (lib/pickup/time-zones.ts, decision 0050).
     */
    timeZone: text("time_zone"),
    introduction: text("introduction"),
    /** Storage key of the avatar, not a URL: the storage module builds URLs. */
    avatarImage: text("avatar_image"),
    // Checkout options a merchant offers (spec: checkout_payment_options).
    payInPerson: boolean("pay_in_person").notNull().default(true),
    payByCard: boolean("pay_by_card").notNull().default(false),
    payoutAcctSet: boolean("payout_acct_set").notNull().default(false),
    stripeAccountId: text("stripe_account_id").unique(),
    stripeCustomerId: text("stripe_customer_id").unique(),
    // Service charge in force for this merchant; rates are decimal text read exactly by lib/fees.ts.
    internationalCreditCardRate: numeric("international_credit_card_rate", {
      precision: 6,
      scale: 4,
    })
      .notNull()
      .default("0.008"),
    baseRate: numeric("base_rate", { precision: 6, scale: 4 }).notNull().default("0.029"),
    baseAmountCents: integer("base_amount_cents").notNull().default(30),
    handlingFeeRate: numeric("handling_fee_rate", { precision: 6, scale: 4 })
      .notNull()
      .default("0"),
    handlingFeeAmtCents: integer("handling_fee_amt_cents").notNull().default(100),
    /** Carried in the session token; bumping it ends every session of the member. */
    sessionVersion: integer("session_version").notNull().default(1),
    /**
     * Two-step sign-in (decision 0053): the TOTP secret sealed with AES-256-GCM under a key derived
     * from NEXTAUTH_SECRET (server/auth/second-factor/secret-box.ts), never in clear. Set while
     * `totp_enabled_at` is; an admin must have it, any member may.
     */
    totpSecret: text("totp_secret"),
    totpEnabledAt: happenedAt("totp_enabled_at"),
    /** The newest 30-second step a code was accepted for: an older or equal one is a replay. */
    totpLastStep: integer("totp_last_step"),
    /** A secret being set up and not yet confirmed by a code (sealed like `totp_secret`). */
    totpPendingSecret: text("totp_pending_secret"),
    /**
     * A merchant's active products, kept by the products_active_count_sync trigger
     * (drizzle/0005_catalog_counts.sql): list totals sum it over farms instead of counting products.
     */
    activeProductCount: integer("active_product_count").notNull().default(0),
    /**
     * A farm's rating over the reviews of all its products (listed or not, so a farm cannot shed
     * bad reviews by delisting): average, count and a sort key for a farmers list sorted by rating
     * (not offered yet: it would need its index), kept by `recountRatings`
     * (server/reviews/rating-counters.ts) in the transaction of every review write. 0 for others.
     */
    ratingScore: numeric("rating_score", { precision: 3, scale: 2 }).notNull().default("0"),
    ratingCount: integer("rating_count").notNull().default(0),
    ratingRank: numeric("rating_rank", { precision: 6, scale: 4 }).notNull().default("0"),
    /** The reseller whose `ak` link the merchant registered with. */
    resellerId: integer("reseller_id").references(() => resellers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("members_email_lower_unique").on(sql`lower(${t.email})`),
    // members_merchant_geo_idx, the nearest-first GiST index on `geo` over farms, carries
    // active_product_count (INCLUDE) so a radius's total is read from the index alone: Drizzle
    // cannot declare INCLUDE, so it lives in drizzle/0009_geo_index_with_counts.sql.
    // List totals sum the active product counts of every farm, from the index alone.
    index("members_merchant_products_idx")
      .on(t.id, t.activeProductCount)
      .where(sql`${t.memberType} = 'merchant'`),
    // Farms without coordinates come after every located farm in "nearest first" lists.
    index("members_merchant_unlocated_idx")
      .on(t.id)
      .where(
        sql`${t.memberType} = 'merchant' and (${t.latitude} is null or ${t.longitude} is null)`,
      ),
    index("members_merchant_latest_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.memberType} = 'merchant'`),
    // The farmers list sorted by rating (Top rated, decision 0047): its order, farms only. On
    // members, so no per-farm read of products can pick it over products_store_popular_idx.
    index("members_merchant_rating_idx")
      .on(
        t.ratingRank.desc().nullsFirst(),
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.memberType} = 'merchant'`),
    // ILIKE '%q%' for the merchant list and the admin member search.
    index("members_username_trgm_idx").using("gin", t.username.op("gin_trgm_ops")),
    index("members_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
    index("members_address_trgm_idx").using("gin", t.address.op("gin_trgm_ops")),
    // The admin member search: username, email and names in one trigram index (one scan).
    index("members_admin_search_trgm_idx").using("gin", sql`(${memberSearchText(t)}) gin_trgm_ops`),
    // The farmers list keyword (username, street, city, province) in one trigram index; a whole
    // address through the one below, a whole email through members_email_lower_unique.
    index("members_merchant_public_search_trgm_idx")
      .using("gin", sql`(${merchantSearchText(t)}) gin_trgm_ops`)
      .where(sql`${t.memberType} = 'merchant'`),
    index("members_merchant_address_lower_idx")
      .on(sql`lower(${t.address})`)
      .where(sql`${t.memberType} = 'merchant'`),
    index("members_reseller_id_idx")
      .on(t.resellerId)
      .where(sql`${t.resellerId} is not null`),
    check("members_username_lowercase", sql`${t.username} = lower(${t.username})`),
    check("members_latitude_range", sql`${t.latitude} between -90 and 90`),
    check("members_longitude_range", sql`${t.longitude} between -180 and 180`),
    check("members_session_version_positive", sql`${t.sessionVersion} >= 1`),
    check(
      "members_totp_enabled_has_secret",
      sql`${t.totpEnabledAt} is null or ${t.totpSecret} is not null`,
    ),
    check(
      "members_service_charge_non_negative",
      sql`${t.internationalCreditCardRate} >= 0 and ${t.baseRate} >= 0 and ${t.baseAmountCents} >= 0 and ${t.handlingFeeRate} >= 0 and ${t.handlingFeeAmtCents} >= 0`,
    ),
  ],
);

/** My Local: one saved location per member (visitors keep theirs in cookies). */
export const localLocations = pgTable(
  "local_locations",
  {
    memberId: integer("member_id")
      .primaryKey()
      .references(() => members.id, { onDelete: "cascade" }),
    address: text("address"),
    city: text("city"),
    provinceState: text("province_state"),
    postalCode: text("postal_code"),
    country: countryEnum("country").notNull(),
    // Null when the offline geocoder could not place the address: results are then not distance-sorted.
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    /** 0 means no distance limit (results still sorted by distance). */
    radiusKm: integer("radius_km").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "local_locations_radius_km_step",
      sql`${t.radiusKm} between 0 and 50 and ${t.radiusKm} % 5 = 0`,
    ),
    check("local_locations_latitude_range", sql`${t.latitude} between -90 and 90`),
    check("local_locations_longitude_range", sql`${t.longitude} between -180 and 180`),
  ],
);

export const membersRelations = relations(members, ({ one, many }) => ({
  reseller: one(resellers, { fields: [members.resellerId], references: [resellers.id] }),
  localLocation: one(localLocations),
  subscription: one(subscriptions),
  products: many(products),
  reviews: many(reviews),
  cartItems: many(cartItems),
  dreamTrackerItems: many(dreamTrackerItems),
  orders: many(orders),
  soldItems: many(orderItems),
  merchantConversations: many(conversations, { relationName: "conversation_merchant" }),
  customerConversations: many(conversations, { relationName: "conversation_customer" }),
  securityAccesses: many(securityAccesses),
  passwordResetTokens: many(passwordResetTokens),
  notificationPreferences: many(notificationPreferences),
}));

export const localLocationsRelations = relations(localLocations, ({ one }) => ({
  member: one(members, { fields: [localLocations.memberId], references: [members.id] }),
}));
