import { relations } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { members } from "./members";
import { createdAt, happenedAt } from "./columns";

/**
 * A sign-in from a browser not seen before for that member. `id` is the unguessable accessId of
 * the emailed /securities/{accessId}/block link.
 */
export const securityAccesses = pgTable(
  "security_accesses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    /** Hash of the browser's identifying cookie/fingerprint, never the raw value. */
    browserKey: text("browser_key").notNull(),
    browserData: text("browser_data").notNull(),
    ip: text("ip"),
    city: text("city"),
    provinceState: text("province_state"),
    country: text("country"),
    blockedAt: happenedAt("blocked_at"),
    createdAt: createdAt(),
  },
  // "Seen before" is this key: insert with ON CONFLICT DO NOTHING to record a browser once.
  (t) => [uniqueIndex("security_accesses_member_browser_unique").on(t.memberId, t.browserKey)],
);

/**
 * Short links only ever point to this site's own URLs (checked by the service). One code per
 * address: shortening the same path again returns its code.
 */
export const shortLinks = pgTable(
  "short_links",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull().unique(),
    originalUrl: text("original_url").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("short_links_original_url_unique").on(t.originalUrl)],
);

/** Single-use, one-hour tokens; only a hash is stored. */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: happenedAt("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_tokens_member_id_idx").on(t.memberId)],
);

/**
 * A member's ten one-time recovery codes for two-step sign-in (decision 0053): only a SHA-256 of
 * each is kept. `pending` codes belong to a set-up not yet confirmed; confirming it replaces the
 * member's active codes with them. A used code keeps its row with `used_at`.
 */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    pending: boolean("pending").notNull().default(false),
    usedAt: happenedAt("used_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("recovery_codes_member_code_unique").on(t.memberId, t.codeHash)],
);

/** Fixed-window counters shared by every app instance when running on PostgreSQL. */
export const rateLimitBuckets = pgTable(
  "rate_limit_buckets",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull().default(0),
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
  },
  // The sweep deletes expired windows.
  (t) => [index("rate_limit_buckets_reset_at_idx").on(t.resetAt)],
);

export const securityAccessesRelations = relations(securityAccesses, ({ one }) => ({
  member: one(members, { fields: [securityAccesses.memberId], references: [members.id] }),
}));

export const passwordResetTokensRelations = relations(passwordResetTokens, ({ one }) => ({
  member: one(members, { fields: [passwordResetTokens.memberId], references: [members.id] }),
}));

export const recoveryCodesRelations = relations(recoveryCodes, ({ one }) => ({
  member: one(members, { fields: [recoveryCodes.memberId], references: [members.id] }),
}));
