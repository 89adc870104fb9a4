import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import Redis from "ioredis";
import type { Db } from "@/server/db/client";
import { HEALTH_TIMEOUT_MS, checkDatabase } from "@/server/db/health";
import { MIGRATIONS_FOLDER } from "@/server/db/migrate";
import { log } from "@/server/log";
import { withinMs } from "./time-limit";

export type ReadinessCheck = "database" | "migrations" | "redis";
/** `not used`: no REDIS_URL; `not checked`: the database did not answer, so its migrations wait. */
export type CheckState = "ok" | "failed" | "not used" | "not checked";

export type Readiness = {
  ready: boolean;
  checks: Record<ReadinessCheck, CheckState>;
  /** What each failed check found, in words for the operator: no address, secret or SQL. */
  problems: Partial<Record<ReadinessCheck, string>>;
};

export const NOT_READY_MESSAGE = "This instance is not ready to serve.";
export const DATABASE_PROBLEM = `The database did not answer within ${HEALTH_TIMEOUT_MS / 1000} s.`;
export const MIGRATIONS_UNREADABLE = "The applied migrations could not be read.";
export const REDIS_PROBLEM = `Redis did not answer within ${HEALTH_TIMEOUT_MS / 1000} s.`;
export const missingMigrations = (count: number) =>
  `The database lacks ${count} migration${count === 1 ? "" : "s"} of this build.`;

export type ReadinessOptions = {
  /** The shared cache's Redis (REDIS_URL); unset means the cache is per instance, nothing to ask. */
  redisUrl?: string;
  migrationsFolder?: string;
  timeoutMs?: number;
};

/**
 * Whether this instance can serve (GET /api/ready): the database answers `select 1`, it holds
 * every migration this build ships (a newer build's extra ones are fine: during a rolling deploy
 * the old instances stay ready), and Redis answers PING when the shared cache is configured. Each
 * waits at most `timeoutMs`; the database and Redis are asked at the same time.
 */
export async function checkReadiness(
  db: Db,
  {
    redisUrl = process.env.REDIS_URL,
    migrationsFolder = MIGRATIONS_FOLDER,
    timeoutMs = HEALTH_TIMEOUT_MS,
  }: ReadinessOptions = {},
): Promise<Readiness> {
  const readiness: Readiness = {
    ready: true,
    checks: { database: "ok", migrations: "ok", redis: redisUrl ? "ok" : "not used" },
    problems: {},
  };
  const fail = (check: ReadinessCheck, problem: string) => {
    readiness.ready = false;
    readiness.checks[check] = "failed";
    readiness.problems[check] = problem;
  };

  const database = (async () => {
    const answered = await checkDatabase(db, timeoutMs).then(
      () => true,
      () => false,
    );
    if (!answered) {
      fail("database", DATABASE_PROBLEM);
      readiness.checks.migrations = "not checked";
      return;
    }
    const missing = await missingMigrationCount(db, migrationsFolder, timeoutMs).catch(() => null);
    if (missing === null) fail("migrations", MIGRATIONS_UNREADABLE);
    else if (missing > 0) fail("migrations", missingMigrations(missing));
  })();
  const redis = redisUrl
    ? pingRedis(redisUrl, timeoutMs).catch(() => fail("redis", REDIS_PROBLEM))
    : undefined;
  await Promise.all([database, redis]);
  noteChange(readiness);
  return readiness;
}

let wasReady: boolean | undefined;

/** One log line when this instance stops being ready (and which check failed), one when it is back. */
function noteChange({ ready, problems }: Readiness): void {
  if (ready === wasReady) return;
  if (!ready) log.warn({ problems }, "this instance is not ready");
  else if (wasReady === false) log.info("this instance is ready again");
  wasReady = ready;
}

/** How many of this build's migrations the database has not applied (0 when it is current). */
async function missingMigrationCount(
  db: Db,
  migrationsFolder: string,
  timeoutMs: number,
): Promise<number> {
  const shipped = shippedMigrations(migrationsFolder);
  // drizzle's migrator stamps each applied migration with its journal time (`when`).
  const { rows } = await withinMs(
    timeoutMs,
    "the migrations query",
    db.execute<{ created_at: string | number }>(
      sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    ),
  );
  const last = rows[0] ? Number(rows[0].created_at) : -Infinity;
  return shipped.filter((when) => when > last).length;
}

const journals = new Map<string, number[]>();

/** The times of the migrations this build ships (drizzle's journal), read once per process. */
function shippedMigrations(migrationsFolder: string): number[] {
  let times = journals.get(migrationsFolder);
  if (!times) {
    const journal = JSON.parse(
      readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"),
    ) as { entries: { when: number }[] };
    times = journal.entries.map((entry) => entry.when);
    journals.set(migrationsFolder, times);
  }
  return times;
}

type RedisSlot = { [REDIS]?: Map<string, Redis> };
const REDIS = Symbol.for("marketplace.readinessRedis");

/**
 * PING on a connection of its own (the page cache's lives in a module Next loads outside the
 * bundle). It connects on first use, fails at once while disconnected rather than queueing, and
 * reconnects in the background, so a Redis that comes back is seen by the next check.
 */
async function pingRedis(url: string, timeoutMs: number): Promise<void> {
  const clients = ((globalThis as RedisSlot)[REDIS] ??= new Map());
  let client = clients.get(url);
  if (!client) {
    client = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: timeoutMs,
      commandTimeout: timeoutMs,
      retryStrategy: (times) => Math.min(times * 200, 2_000),
    });
    // A refused connection is this check's answer, not an unhandled error of the process.
    client.on("error", () => {});
    clients.set(url, client);
  }
  const connected = client;
  await withinMs(
    timeoutMs,
    "Redis",
    (async () => {
      if (connected.status === "wait") await connected.connect();
      await connected.ping();
    })(),
  );
}

/** For tests: closes the readiness connections to Redis. */
export async function closeReadinessRedis(): Promise<void> {
  const clients = (globalThis as RedisSlot)[REDIS];
  if (!clients) return;
  (globalThis as RedisSlot)[REDIS] = undefined;
  await Promise.all([...clients.values()].map((client) => client.quit().catch(() => {})));
}
