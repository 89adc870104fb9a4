import { sql } from "drizzle-orm";
import { check, date, integer, pgEnum, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { DEMAND_KINDS } from "@/lib/demand/cells";

/**
 * What people nearby look for (issue 44, item 5; decision 0046): `saved` is a product saved in a
 * Dream Tracker, `unmet_search` a search that found nothing or little near the searcher.
 */
export const demandKindEnum = pgEnum("demand_kind", DEMAND_KINDS);

/**
 * The counts a farm's Demand page reads: distinct people a week, per grid cell (lib/demand/cells.ts)
 * and normalised term. Kept by recordDemand, one upsert per person first seen; never counted from
 * raw events per view. The key is the page's read: one index range per cell of the farm's area.
 */
export const demandCounts = pgTable(
  "demand_counts",
  {
    kind: demandKindEnum("kind").notNull(),
    cellLat: integer("cell_lat").notNull(),
    cellLng: integer("cell_lng").notNull(),
    /** The UTC Monday the week starts on. */
    weekStart: date("week_start").notNull(),
    term: text("term").notNull(),
    people: integer("people").notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: "demand_counts_pkey",
      columns: [t.kind, t.cellLat, t.cellLng, t.weekStart, t.term],
    }),
    check("demand_counts_people_non_negative", sql`${t.people} >= 0`),
  ],
);

/**
 * Who was counted this week, as nothing but a keyed hash of (week, kind, cell, term, person) under
 * the week's salt and the server's secret: it only stops one person counting twice in a week. The
 * hash differs per term and cell, so rows cannot be joined into a profile; the week's rows and its
 * salt are deleted once the week is over (recordDemand), after which nobody can compute them again.
 */
export const demandSightings = pgTable(
  "demand_sightings",
  {
    weekStart: date("week_start").notNull(),
    kind: demandKindEnum("kind").notNull(),
    cellLat: integer("cell_lat").notNull(),
    cellLng: integer("cell_lng").notNull(),
    term: text("term").notNull(),
    personHash: text("person_hash").notNull(),
  },
  (t) => [
    // week_start first: the weekly purge deletes a range of it.
    primaryKey({
      name: "demand_sightings_pkey",
      columns: [t.weekStart, t.kind, t.cellLat, t.cellLng, t.term, t.personHash],
    }),
  ],
);

/** One random salt a week, shared by every instance; deleted with the week's sightings. */
export const demandSalts = pgTable("demand_salts", {
  weekStart: date("week_start").primaryKey(),
  salt: text("salt").notNull(),
  createdAt: createdAt(),
});
