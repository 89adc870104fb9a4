import "server-only";
import { Counter, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { AppError } from "@/server/errors";

/**
 * This instance's metrics, in Prometheus' text format at GET /api/metrics (server/observability/scrape.ts renders them).
 * Every instance keeps its own and Prometheus scrapes each one; sums across instances are the
 * query's job (`sum by (route) (rate(...))`). No label ever carries a value a caller chooses: a
 * route is its pattern (`/api/orders/[orderNo]/cancel`), never the address asked for.
 */
export type Metrics = ReturnType<typeof createMetrics>;

/** More distinct routes than the app has: past it a label reads "other" (a bug, not a leak). */
const MAX_ROUTE_LABELS = 300;

function createMetrics() {
  const registry = new Registry();
  // The process's own: CPU, memory, event loop delay (a busy replica queues, decision 0031), GC.
  collectDefaultMetrics({ register: registry });
  const routes = new Set<string>();

  const httpRequests = new Counter({
    name: "marketplace_http_requests_total",
    help: "Calls of /api answered by route(), by method, route pattern and status.",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: "marketplace_http_request_duration_seconds",
    help: "Time from a call reaching route() to its answer's headers, by method and route pattern.",
    labelNames: ["method", "route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const stripeEvents = new Counter({
    name: "marketplace_stripe_webhook_events_total",
    help: "Stripe webhook deliveries, by endpoint and outcome (processed, duplicate, refused, failed).",
    labelNames: ["endpoint", "outcome"] as const,
    registers: [registry],
  });
  const reconcileRuns = new Counter({
    name: "marketplace_reconcile_runs_total",
    help: "Runs of the money reconciler on this instance, by outcome (complete, stopped, skipped, failed).",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  const reconcileItems = new Counter({
    name: "marketplace_reconcile_items_total",
    help: "What the reconciler's runs counted (orders placed, refunds finished, issues raised...).",
    labelNames: ["what"] as const,
    registers: [registry],
  });
  const mails = new Counter({
    name: "marketplace_mails_total",
    help: "Mails handed on, by way (smtp, outbox) and outcome (delivered, failed, skipped).",
    labelNames: ["via", "outcome"] as const,
    registers: [registry],
  });
  // The cache handlers are plain modules Next loads outside the bundle (server/cache): they count
  // into a shared tally (shared-cache.mjs) and this counter takes what was added since last read.
  const seenLookups = new Map<string, number>();
  new Counter({
    name: "marketplace_cache_lookups_total",
    help: "Lookups in the page cache (pages) and the 'use cache' entries (data), by outcome (hit, miss).",
    labelNames: ["cache", "outcome"] as const,
    registers: [registry],
    collect() {
      for (const [key, count] of Object.entries(cacheLookupTally())) {
        const [cache = "", outcome = ""] = key.split(":");
        const added = count - (seenLookups.get(key) ?? 0);
        if (added > 0) this.inc({ cache, outcome }, added);
        seenLookups.set(key, count);
      }
    },
  });

  /** A route pattern as a label, or "other" once MAX_ROUTE_LABELS are taken. */
  const routeLabel = (route: string) => {
    if (routes.has(route)) return route;
    if (routes.size >= MAX_ROUTE_LABELS) return "other";
    routes.add(route);
    return route;
  };

  return {
    registry,
    observeRequest(method: string, route: string, status: number | "none", seconds: number) {
      const label = routeLabel(route);
      httpRequests.inc({ method, route: label, status: String(status) });
      httpDuration.observe({ method, route: label }, seconds);
    },
    countStripeEvent(endpoint: StripeEndpoint, outcome: StripeEventOutcome) {
      stripeEvents.inc({ endpoint, outcome });
    },
    countReconcileRun(outcome: ReconcileOutcome, counts: Record<string, number> = {}) {
      reconcileRuns.inc({ outcome });
      for (const [what, count] of Object.entries(counts))
        if (count > 0) reconcileItems.inc({ what }, count);
    },
    countMail(via: "smtp" | "outbox", outcome: "delivered" | "failed" | "skipped") {
      mails.inc({ via, outcome });
    },
  };
}

export type StripeEndpoint = "platform" | "connect";
export type StripeEventOutcome = "processed" | "duplicate" | "refused" | "failed";
export type ReconcileOutcome = "complete" | "stopped" | "skipped" | "failed";

// One set per process: Next bundles this module into several chunks, and hot reload re-runs it.
const SLOT = Symbol.for("marketplace.metrics");

/** This process's metrics. */
export function metrics(): Metrics {
  const slot = globalThis as { [SLOT]?: Metrics };
  return (slot[SLOT] ??= createMetrics());
}

/**
 * Runs the processing of one webhook delivery and counts how it ended: `duplicate` when the event
 * had been processed before, `refused` for a 4xx (a bad signature), `failed` for anything else
 * (Stripe retries those). What it throws goes on to route() unchanged.
 */
export async function countStripeDelivery<T extends { duplicate: boolean }>(
  endpoint: StripeEndpoint,
  process: () => Promise<T>,
): Promise<T> {
  let outcome: StripeEventOutcome = "failed";
  try {
    const result = await process();
    outcome = result.duplicate ? "duplicate" : "processed";
    return result;
  } catch (error) {
    if (error instanceof AppError && error.status < 500) outcome = "refused";
    throw error;
  } finally {
    metrics().countStripeEvent(endpoint, outcome);
  }
}

/** The cache handlers' tally, `"<cache>:<outcome>" -> count` (server/cache/shared-cache.mjs). */
function cacheLookupTally(): Record<string, number> {
  return (
    (globalThis as Record<symbol, Record<string, number> | undefined>)[
      Symbol.for("marketplace.cacheLookups")
    ] ?? {}
  );
}
