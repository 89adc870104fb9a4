import "server-only";
import { createHmac, randomBytes } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { demandSalts, demandSightings } from "@/server/db/schema";
import { getEnv } from "@/server/env";

/**
 * The key a week's sightings are hashed with: the week's random salt (one row, shared by every
 * instance) under the server's secret, so a copy of the database alone cannot test a guess. Kept
 * in memory per database for the week: a pure optimisation, every instance reads the same row.
 */
const keys = new WeakMap<Db, { weekStart: string; key: Buffer }>();

export async function getWeekKey(db: Db, weekStart: string): Promise<Buffer> {
  const known = keys.get(db);
  if (known?.weekStart === weekStart) return known.key;
  await db
    .insert(demandSalts)
    .values({ weekStart, salt: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db
    .select({ salt: demandSalts.salt })
    .from(demandSalts)
    .where(eq(demandSalts.weekStart, weekStart));
  if (!row) throw new Error(`no demand salt for the week of ${weekStart}`);
  await forgetPastWeeks(db, weekStart);
  const key = createHmac("sha256", getEnv().authSecret)
    .update(`demand-week:v1:${row.salt}`)
    .digest();
  keys.set(db, { weekStart, key });
  return key;
}

/**
 * Deletes the sightings and salts of the weeks before `weekStart`: once a week is over, who was
 * counted in it can no longer be told, even by us. Runs when an instance first records in a week.
 */
export async function forgetPastWeeks(db: Db, weekStart: string): Promise<void> {
  await db.delete(demandSightings).where(lt(demandSightings.weekStart, weekStart));
  await db.delete(demandSalts).where(lt(demandSalts.weekStart, weekStart));
}
