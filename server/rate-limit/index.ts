import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { rateLimitBuckets } from "@/server/db/schema";
import { getEnv } from "@/server/env";

export type RateLimitRule = { limit: number; windowMs: number };
export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

type Bucket = { count: number; resetAt: number };

// The embedded demo runs one process: a Map is enough and spares the database a write per attempt.
const memory: Map<string, Bucket> = ((
  globalThis as { __rateLimitBuckets?: Map<string, Bucket> }
).__rateLimitBuckets ??= new Map());

/**
 * Counts one attempt against `key` in a fixed window and says whether it is within `limit`.
 * The attempt that goes over is counted too, so hammering never reopens the window early.
 * In memory on the embedded database, in `rate_limit_buckets` on PostgreSQL (shared by every
 * instance, one atomic upsert, so concurrent attempts cannot slip past the limit).
 */
export async function consumeRateLimit(
  db: Db,
  key: string,
  rule: RateLimitRule,
): Promise<RateLimitResult> {
  const now = Date.now();
  const { count, resetAt } = getEnv().embedded
    ? consumeInMemory(key, rule, now)
    : await consumeInDb(db, key, rule, now);
  return {
    allowed: count <= rule.limit,
    retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)),
  };
}

/**
 * How many attempts `key` has used in its current window, without counting one. For checks that
 * should only count failures (sign-in): peek first, consume on failure.
 */
export async function peekRateLimit(
  db: Db,
  key: string,
  rule: RateLimitRule,
): Promise<RateLimitResult> {
  const now = Date.now();
  let bucket: Bucket | undefined;
  if (getEnv().embedded) {
    bucket = memory.get(key);
  } else {
    const [row] = await db
      .select()
      .from(rateLimitBuckets)
      .where(eq(rateLimitBuckets.key, key))
      .limit(1);
    bucket = row ? { count: row.count, resetAt: row.resetAt.getTime() } : undefined;
  }
  if (!bucket || bucket.resetAt <= now) return { allowed: true, retryAfterSeconds: 0 };
  return {
    allowed: bucket.count < rule.limit,
    retryAfterSeconds: Math.max(1, Math.ceil((bucket.resetAt - now) / 1000)),
  };
}

/** Forgets every attempt of `key` (a successful sign-in clears the account's failures). */
export async function resetRateLimit(db: Db, key: string): Promise<void> {
  if (getEnv().embedded) {
    memory.delete(key);
    return;
  }
  await db.delete(rateLimitBuckets).where(eq(rateLimitBuckets.key, key));
}

function consumeInMemory(key: string, { windowMs }: RateLimitRule, now: number): Bucket {
  let bucket = memory.get(key);
  if (!bucket || bucket.resetAt <= now) {
    bucket = { count: 0, resetAt: now + windowMs };
    memory.set(key, bucket);
  }
  bucket.count += 1;
  if (memory.size > 10_000) sweepMemory(now);
  return bucket;
}

function sweepMemory(now: number): void {
  for (const [key, bucket] of memory) if (bucket.resetAt <= now) memory.delete(key);
}

async function consumeInDb(
  db: Db,
  key: string,
  { windowMs }: RateLimitRule,
  now: number,
): Promise<Bucket> {
  const resetAt = new Date(now + windowMs);
  // A new window when the stored one has ended, else one more attempt in it; one statement, so two
  // instances counting at once both see the true total.
  const [row] = await db
    .insert(rateLimitBuckets)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimitBuckets.key,
      set: {
        count: sql`case when ${rateLimitBuckets.resetAt} <= now() then 1 else ${rateLimitBuckets.count} + 1 end`,
        resetAt: sql`case when ${rateLimitBuckets.resetAt} <= now() then excluded.reset_at else ${rateLimitBuckets.resetAt} end`,
      },
    })
    .returning({ count: rateLimitBuckets.count, resetAt: rateLimitBuckets.resetAt });
  return { count: row!.count, resetAt: row!.resetAt.getTime() };
}

/** For tests on the embedded path: forget every in-memory bucket. */
export function clearRateLimitMemoryForTest(): void {
  memory.clear();
}

/**
 * Gives back one attempt of `key` (never below zero): a limit that should count only failures
 * consumes before the check, so concurrent attempts cannot slip past it, and refunds on success.
 */
export async function refundRateLimit(db: Db, key: string): Promise<void> {
  if (getEnv().embedded) {
    const bucket = memory.get(key);
    if (bucket && bucket.count > 0) bucket.count -= 1;
    return;
  }
  await db
    .update(rateLimitBuckets)
    .set({ count: sql`greatest(${rateLimitBuckets.count} - 1, 0)` })
    .where(eq(rateLimitBuckets.key, key));
}
