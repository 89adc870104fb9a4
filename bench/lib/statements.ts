/**
 * Counts the SQL statements node-postgres sends, by wrapping pg.Client#query (pool queries and
 * transactions both end there). `capture` also keeps each statement's text and parameters, which
 * the plan checks EXPLAIN; `timeStatements` also times them (the database time of a call).
 */
import pg from "pg";

export interface Captured {
  text: string;
  values: unknown[];
}

/** The statements' time while `timeStatements` runs: how long at least one was in flight. */
interface Timing {
  inFlight: number;
  busySince: number;
  busyMs: number;
  sumMs: number;
}

const state = {
  installed: false,
  count: 0,
  capture: null as Captured[] | null,
  timing: null as Timing | null,
};

/** Starts timing one statement; the answer stops it (once). */
function startTiming(timing: Timing): () => void {
  const started = performance.now();
  if (timing.inFlight++ === 0) timing.busySince = started;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    const now = performance.now();
    timing.sumMs += now - started;
    if (--timing.inFlight === 0) timing.busyMs += now - timing.busySince;
  };
}

export function installStatementCounter(): void {
  if (state.installed) return;
  state.installed = true;
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function patched(this: pg.Client, ...args: unknown[]) {
    const first = args[0] as
      string | { text?: string; values?: unknown[]; submit?: unknown } | undefined;
    // COPY streams (pg-copy-streams) are submittables, not statements of a request.
    if (first && typeof first === "object" && "submit" in first && !("text" in first)) {
      return original.apply(this, args);
    }
    state.count++;
    if (state.capture) {
      const text = typeof first === "string" ? first : (first?.text ?? "");
      // node-postgres takes values in the config object or as the second argument.
      const values =
        (typeof first === "object" && first?.values) ||
        (Array.isArray(args[1]) ? (args[1] as unknown[]) : []);
      state.capture.push({ text, values });
    }
    if (!state.timing) return original.apply(this, args);
    // From the statement's call to its answer: node-postgres answers by a callback (pool queries)
    // or a promise.
    const stop = startTiming(state.timing);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === "function") {
      args[last] = function timed(this: unknown, ...answer: unknown[]) {
        stop();
        return (callback as (...a: unknown[]) => unknown).apply(this, answer);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args) as { then?: unknown } | undefined;
    if (typeof result?.then === "function") (result as Promise<unknown>).then(stop, stop);
    else stop();
    return result;
  } as typeof pg.Client.prototype.query;
}

/** How many statements `fn` sent (run it alone: the count is process-wide). */
export async function countStatements(fn: () => Promise<unknown>): Promise<number> {
  installStatementCounter();
  const before = state.count;
  await fn();
  return state.count - before;
}

/** The statements `fn` sent, with their parameters. */
export async function captureStatements(fn: () => Promise<unknown>): Promise<Captured[]> {
  installStatementCounter();
  const list: Captured[] = [];
  state.capture = list;
  try {
    await fn();
  } finally {
    state.capture = null;
  }
  return list;
}

export interface StatementTime {
  /** Statements sent. */
  count: number;
  /** Wall time during which at least one statement was in flight (sent, not yet answered). */
  busyMs: number;
  /** The statements' times added up (equal to busyMs when they run one at a time). */
  sumMs: number;
}

/**
 * The database time of `fn`: its statements timed from the call to node-postgres to the answer
 * (network, server, and the rows parsed), as the caller waits for them. Run it alone: the timing
 * is process-wide.
 */
export async function timeStatements<T>(
  fn: () => Promise<T>,
): Promise<{ result: T } & StatementTime> {
  installStatementCounter();
  const before = state.count;
  const timing: Timing = { inFlight: 0, busySince: 0, busyMs: 0, sumMs: 0 };
  state.timing = timing;
  try {
    const result = await fn();
    return { result, count: state.count - before, busyMs: timing.busyMs, sumMs: timing.sumMs };
  } finally {
    state.timing = null;
  }
}
