import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Stripe webhook events already handled. Insert the event id in the same transaction as the change
 * it makes: the primary key is what stops replays and duplicate deliveries.
 */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});
