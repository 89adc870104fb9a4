import "server-only";
import { sql } from "drizzle-orm";
import { AppError } from "@/server/errors";
import type { Db } from "./client";

/** How long `select 1` may take before the database counts as not answering. */
export const HEALTH_TIMEOUT_MS = 2_000;

export const DATABASE_NOT_ANSWERING_MESSAGE =
  "The database is not answering right now. Please try again in a moment.";

/**
 * Resolves once the database answers `select 1` within `timeoutMs`; otherwise throws
 * AppError("unavailable") (a 503), so GET /api/health tells the watchdog (scripts/lib/supervise.mjs)
 * and a load balancer that this instance cannot serve.
 *
 * The timeout covers a database that is slow or waiting: PostgreSQL down or unreachable, a pool
 * whose connections are all taken, the embedded database busy behind a transaction that does not
 * end. It cannot cover the embedded database spinning inside WebAssembly (decision 0012): PGlite
 * runs on this thread, so then no timer fires and nothing answers at all; only the watchdog
 * outside the process notices that.
 *
 * @throws AppError("unavailable") when the query fails or has not answered in time
 */
export async function checkDatabase(db: Db, timeoutMs = HEALTH_TIMEOUT_MS): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`select 1 did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  try {
    // The query is left to finish or fail on its own: nothing can cancel it from here.
    await Promise.race([db.execute(sql`select 1`), timedOut]);
  } catch (error) {
    throw new AppError("unavailable", DATABASE_NOT_ANSWERING_MESSAGE, {
      logMessage: "health check: the database did not answer select 1",
      cause: error,
    });
  } finally {
    clearTimeout(timer);
  }
}
