import "server-only";
import type { PGlite } from "@electric-sql/pglite";

/**
 * What the request path asks of tracing, filled in by `startTracing` (server/observability/tracing.ts) only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set. Without it the slot stays empty: route() and the database
 * client test one property and go on, and no OpenTelemetry module is ever loaded.
 */
export type TracingHooks = {
  /** Runs one call of `route()` inside a span named after the route's pattern. */
  traceRequest(
    request: { method: string; route: string; requestId: string },
    run: () => Promise<Response>,
  ): Promise<Response>;
  /** Gives every statement of an embedded database a span (node-postgres has its instrumentation). */
  tracePglite(client: PGlite): void;
  /** The trace and span of the code running now, for the log line; undefined outside a span. */
  currentSpanIds(): { traceId: string; spanId: string } | undefined;
};

// Symbol.for and globalThis: the instrumentation hook's chunk and the routes' chunks share it.
const SLOT = Symbol.for("marketplace.tracingHooks");
type Slot = { [SLOT]?: TracingHooks };

/** The hooks when tracing is on, else undefined. */
export function tracingHooks(): TracingHooks | undefined {
  return (globalThis as Slot)[SLOT];
}

/** For server/observability/tracing.ts: turns the hooks on (or off again, with undefined: tests). */
export function setTracingHooks(hooks: TracingHooks | undefined): void {
  (globalThis as Slot)[SLOT] = hooks;
}
