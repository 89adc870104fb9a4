import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { after } from "next/server";
import type { Db } from "@/server/db/client";
import { log } from "@/server/log";

/** What Next's after() says when it is called outside a request (a test or a script calling a handler). */
const OUTSIDE_REQUEST_SCOPE = "outside a request scope";

/** A follow-up gets the database itself, never the transaction of the write that scheduled it. */
export type FollowUpTask = (db: Db) => Promise<unknown>;

/** `committed`: scheduled on the database itself, so its write had committed when it was. */
type FollowUp = { label: string; task: FollowUpTask; committed: boolean };
type Scope = { db: Db; queue: FollowUp[] };

/** The follow-ups scheduled in the current scope, run when it ends (decision 0041). */
const scope = new AsyncLocalStorage<Scope>();

/**
 * What follows a write once it has committed: its mails, its live notifications. The write calls
 * this itself, right after its commit returned (never inside its transaction), so no entry point
 * can forget the mail of an order it placed:
 *
 *   const placed = await writeOrder(db, input); // committed
 *   await afterCommit(db, "order-placed emails", (db) => sendOrderPlacedEmails(db, placed.orderId));
 *
 * Inside a follow-up scope (every `route()` handler; whoever opens a transaction around such a
 * write: a Stripe event's dispatch, the card checkout; `withFollowUps` in a page) the task waits
 * for the scope to end, so a write inside a caller's transaction is followed only once that
 * transaction committed. Outside any scope it runs as `afterResponse` would. `executor` is what
 * the write used: a transaction with no scope around it is a programming error (its follow-up
 * would run before the commit and, on the embedded database's one connection, wait for it
 * forever), thrown so a test finds the new entry point that forgot its scope.
 */
export async function afterCommit(executor: Db, label: string, task: FollowUpTask): Promise<void> {
  const current = scope.getStore();
  if (current) {
    current.queue.push({ label, task, committed: !isTransaction(executor) });
    return;
  }
  if (isTransaction(executor))
    throw new Error(`"${label}" was scheduled inside a transaction with no follow-up scope`);
  await afterResponse(label, () => task(executor));
}

/**
 * Runs `work` in a follow-up scope on the database `db` (never a transaction), then hands the
 * follow-ups it scheduled to the scope around it, or when there is none to `afterResponse`: after
 * the answer inside a request, before this returns outside one (a script, a test). When `work`
 * throws, the follow-ups of writes made inside a transaction are dropped (it rolled back, or may
 * have); those of writes that had committed still run.
 */
export async function withFollowUps<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (isTransaction(db)) throw new Error("withFollowUps takes the database, not a transaction");
  const current: Scope = { db, queue: [] };
  let succeeded = false;
  try {
    const result = await scope.run(current, work);
    succeeded = true;
    return result;
  } finally {
    // A scope inside another (a Stripe event's dispatch in a webhook's route) hands its follow-ups
    // to the outer one; they are committed now, whatever the outer one does next.
    const outer = scope.getStore();
    for (const { label, task, committed } of current.queue) {
      if (!succeeded && !committed) {
        log.warn({ task: label }, "a follow-up of a write that did not commit was dropped");
        continue;
      }
      if (outer) outer.queue.push({ label, task: () => task(db), committed: true });
      else await afterResponse(label, () => task(db));
    }
  }
}

/**
 * Runs `task` once the HTTP answer has gone out (Next's `after()`), so the caller does not wait for
 * work it does not need to see: the server keeps the task alive until it ends. A task that throws is
 * logged under `label`, never turned into an error answer (the answer is already sent).
 *
 * Outside a Next request scope (a route handler called directly by a test, a script), `after()`
 * throws; the task then runs inline and this promise settles when it has finished, so such callers
 * still see its effects when the call returns. Any other refusal of `after()` is logged as a warning
 * and falls back to inline as well: slower, but the work is still done.
 */
export async function afterResponse(label: string, task: () => Promise<unknown>): Promise<void> {
  const guarded = async () => {
    try {
      await task();
    } catch (error) {
      log.error({ err: error, task: label }, "task after the response failed");
    }
  };
  try {
    after(guarded);
    return;
  } catch (error) {
    const outsideRequest = error instanceof Error && error.message.includes(OUTSIDE_REQUEST_SCOPE);
    if (outsideRequest)
      log.debug({ task: label }, "no request scope: running the task before answering");
    else
      log.warn(
        { err: error, task: label },
        "after() refused the task: running it before answering",
      );
  }
  await guarded();
}

/** Drizzle's transactions (PGlite's and node-postgres') have `rollback`; the database object does not. */
function isTransaction(executor: unknown): boolean {
  return (
    typeof executor === "object" &&
    executor !== null &&
    typeof (executor as { rollback?: unknown }).rollback === "function"
  );
}
