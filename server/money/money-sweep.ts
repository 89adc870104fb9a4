import "server-only";
import { hostname } from "node:os";
import type { Db } from "@/server/db/client";
import { getEnv } from "@/server/env";
import { log } from "@/server/log";
import { metrics, type ReconcileOutcome } from "@/server/base/metrics";
import { getStripe } from "@/server/stripe/stripe-client";
import { reconcile, type ReconcileReport } from "./reconcile";

type SweepState = { timer?: NodeJS.Timeout };
const sweeper: SweepState = ((
  globalThis as { __marketplaceMoneySweep?: SweepState }
).__marketplaceMoneySweep ??= {});

/**
 * Starts the money reconciler on this instance (instrumentation.ts), every
 * RECONCILE_INTERVAL_SECONDS when card payments are configured; a second call does nothing. Every
 * instance starts it and the lease lets one of them run at a time, so a farm of instances sweeps
 * as often as one, and a dead instance's turn passes to the next.
 */
export function startMoneySweep(getDb: () => Promise<Db>): void {
  const seconds = getEnv().RECONCILE_INTERVAL_SECONDS;
  const stripe = getStripe();
  if (sweeper.timer || !stripe || seconds === 0) return;
  const holder = `${hostname()}:${process.pid}`;
  let running = false;
  sweeper.timer = setInterval(() => {
    if (running) return;
    running = true;
    getDb()
      .then((db) => reconcile(db, stripe, { holder }))
      .then((report) => {
        metrics().countReconcileRun(reconcileOutcome(report), report.counts);
        if (report.actions.length > 0 || report.stoppedBy)
          log.info(
            { counts: report.counts, actions: report.actions, stoppedBy: report.stoppedBy },
            "money reconciled",
          );
      })
      .catch((error: unknown) => {
        metrics().countReconcileRun("failed");
        log.error({ err: error }, "money reconcile failed");
      })
      .finally(() => {
        running = false;
      });
  }, seconds * 1000);
  sweeper.timer.unref();
}

/** A run as the metrics count it: done, stopped by Stripe not answering, or left to another instance. */
function reconcileOutcome(report: ReconcileReport): ReconcileOutcome {
  if (!report.ran) return "skipped";
  return report.stoppedBy ? "stopped" : "complete";
}
