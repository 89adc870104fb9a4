import type { PGlite } from "@electric-sql/pglite";

/** Every statement on an embedded database whose backend has stopped rejects with this. */
export class EmbeddedDatabaseStopped extends Error {
  constructor(cause: unknown) {
    super("The embedded database stopped; it is reopened on the next request.", { cause });
    this.name = "EmbeddedDatabaseStopped";
  }
}

/**
 * Failures of one step in a row, none of them PostgreSQL's own error jump, after which the
 * backend is taken for stopped. One is normal (PGlite swallows it and carries on); a stopped
 * backend fails every step at once, thousands of times a millisecond.
 */
const MAX_FAILED_STEPS = 100;

/** The internals the guard wraps (PGlite 0.5: `mod` is protected, not private). */
interface PgliteInternals {
  mod?: { _PostgresMainLoopOnce?: (...args: unknown[]) => unknown };
  POSTGRES_MAIN_LONGJMP?: unknown;
}

/**
 * Makes a stopped PGlite backend fail its statements instead of freezing the process.
 *
 * When the WebAssembly backend exits in the middle of a message (a FATAL error), PGlite 0.5's
 * synchronous protocol loop swallows the exit and calls the dead backend again, forever, on the
 * JavaScript thread: the server stops answering and ignores SIGTERM (upstream
 * electric-sql/pglite#1058, decision 0012). The loop only lets an exception out when reading its
 * `status` throws, so after the backend exits (or fails MAX_FAILED_STEPS steps in a row) the
 * wrapped step throws an object whose `status` throws EmbeddedDatabaseStopped: the statement in
 * flight and every later one reject with it, and `onStop` runs once so the owner can reopen the
 * directory (PostgreSQL's recovery replays what was committed).
 *
 * Returns false when this PGlite build does not expose the step it wraps; nothing changes then.
 */
export function guardPgliteStop(
  client: PGlite,
  onStop: (error: EmbeddedDatabaseStopped) => void = () => {},
): boolean {
  const internals = client as unknown as PgliteInternals;
  const mod = internals.mod;
  const step = mod?._PostgresMainLoopOnce;
  if (!mod || typeof step !== "function") return false;
  let stopped: EmbeddedDatabaseStopped | null = null;
  let failedSteps = 0;
  // Thrown into PGlite's loop: its catch reads `status`, which throws, which leaves the loop.
  const escape = (error: EmbeddedDatabaseStopped) => ({
    get status(): never {
      throw error;
    },
  });
  mod._PostgresMainLoopOnce = function guardedStep(this: unknown, ...args: unknown[]) {
    if (stopped) throw escape(stopped);
    try {
      const result = step.apply(this, args);
      failedSteps = 0;
      return result;
    } catch (error) {
      if ((error as { status?: unknown } | null)?.status === internals.POSTGRES_MAIN_LONGJMP) {
        failedSteps = 0; // PostgreSQL's ERROR: PGlite recovers from it and reports it
        throw error;
      }
      const exited = (error as { name?: unknown } | null)?.name === "ExitStatus";
      if (!exited && ++failedSteps < MAX_FAILED_STEPS) throw error;
      stopped = new EmbeddedDatabaseStopped(error);
      console.error("embedded database stopped", error);
      onStop(stopped);
      throw escape(stopped);
    }
  };
  return true;
}
