import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { jobLeases } from "@/server/db/schema";

export type Lease = { name: string; holder: string; cursorAt: Date | null };

/**
 * Takes the named job for `ttlMs`, when no other holder has it: one conditional upsert that only
 * replaces an expired lease, so of several instances asking at once exactly one gets it, and no
 * connection or transaction stays open while the job runs (it talks to Stripe for seconds). A
 * holder that dies lets the lease expire; the next run takes it over.
 *
 * @returns the lease (with where the last full run left off), or null when another holds it
 */
export async function takeLease(
  db: Db,
  { name, holder, ttlMs }: { name: string; holder: string; ttlMs: number },
): Promise<Lease | null> {
  const expires = sql`now() + make_interval(secs => ${ttlMs / 1000})`;
  const [taken] = await db
    .insert(jobLeases)
    .values({ name, holder, expiresAt: expires })
    .onConflictDoUpdate({
      target: jobLeases.name,
      set: { holder, expiresAt: expires },
      // `<=`: a lease given back in this very instant (now() can repeat on a millisecond clock)
      // is free; a lease taken has its expiry in the future either way.
      setWhere: sql`${jobLeases.expiresAt} <= now()`,
    })
    .returning({ cursorAt: jobLeases.cursorAt });
  return taken ? { name, holder, cursorAt: taken.cursorAt } : null;
}

/** Gives the lease back with the run's report and, after a full run, where the next one starts. */
export async function releaseLease(
  db: Db,
  lease: Lease,
  { report, cursorAt }: { report: Record<string, unknown>; cursorAt: Date | null },
): Promise<void> {
  await db
    .update(jobLeases)
    .set({
      expiresAt: sql`now()`,
      lastFinishedAt: sql`now()`,
      lastReport: report,
      ...(cursorAt ? { cursorAt } : {}),
    })
    .where(and(eq(jobLeases.name, lease.name), eq(jobLeases.holder, lease.holder)));
}

/** The last run of a job, for the operators. */
export async function lastRunOf(
  db: Db,
  name: string,
): Promise<{ finishedAt: Date | null; report: Record<string, unknown> | null } | null> {
  const [row] = await db
    .select({ finishedAt: jobLeases.lastFinishedAt, report: jobLeases.lastReport })
    .from(jobLeases)
    .where(eq(jobLeases.name, name));
  return row ?? null;
}
