/**
 * Counts the SQL statements node-postgres sends, by wrapping pg.Client#query (pool queries and
 * transactions both end there). `capture` also keeps each statement's text and parameters, which
 * the plan checks EXPLAIN.
 */
import pg from "pg";

export interface Captured {
  text: string;
  values: unknown[];
}

const state = { installed: false, count: 0, capture: null as Captured[] | null };

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
    return original.apply(this, args);
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
