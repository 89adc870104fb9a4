import { timestamp } from "drizzle-orm/pg-core";

// Column builders are mutable, so each helper returns a fresh one per table.

/** `created_at`, set by the database. */
export const createdAt = () =>
  timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** `updated_at`, refreshed by Drizzle on every update it issues (raw SQL must set it itself). */
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** A nullable timestamp recording when a row entered a state (`paid_at`, `cancelled_at`...). */
export const happenedAt = (name: string) => timestamp(name, { withTimezone: true });
