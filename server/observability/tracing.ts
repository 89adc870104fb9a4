import "server-only";
import type { PGlite, Transaction } from "@electric-sql/pglite";
import { SpanKind, SpanStatusCode, context, trace, type Span } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { registerInstrumentations } from "@opentelemetry/instrumentation";
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";
import {
  defaultResource,
  detectResources,
  envDetector,
  resourceFromAttributes,
} from "@opentelemetry/resources";
import { BatchSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { setTracingHooks, tracingHooks, type TracingHooks } from "@/server/base/tracing-hooks";

/** The service's name in traces unless OTEL_SERVICE_NAME says otherwise. */
export const SERVICE_NAME = "marketplace";

export type Tracing = {
  /** Sends the spans ended so far (tests; a script before it exits). */
  flush(): Promise<void>;
  /** Sends what is left and stops tracing in this process. */
  shutdown(): Promise<void>;
};

const STATE = Symbol.for("marketplace.tracing");
type State = { [STATE]?: Tracing };

/**
 * Starts OpenTelemetry tracing in this process (instrumentation.ts calls it first thing, and only
 * when OTEL_EXPORTER_OTLP_ENDPOINT is set; nothing here is loaded otherwise). Spans go to that
 * collector over OTLP/HTTP (JSON), `${OTEL_EXPORTER_OTLP_ENDPOINT}/v1/traces`, in batches; the
 * exporter reads the other OTEL_EXPORTER_OTLP_* variables (headers, timeout) itself.
 *
 * What is traced: Next's own request spans; inside them one span per route() call, named after
 * its pattern (`POST /api/checkout/inPerson`); and one per database statement made under a span:
 * node-postgres through its instrumentation (it must be loaded after this, as the start order
 * does), the embedded database by wrapping its client (`tracePglite`). Background work (the
 * reconciler, the unread mailer) makes no spans of its own.
 *
 * A second call returns the running tracing.
 */
export function startTracing(): Tracing {
  const state = globalThis as State;
  if (state[STATE]) return state[STATE];

  const provider = new NodeTracerProvider({
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES, when set, win over the defaults.
    resource: defaultResource()
      .merge(resourceFromAttributes({ "service.name": SERVICE_NAME }))
      .merge(detectResources({ detectors: [envDetector] })),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  const unregister = registerInstrumentations({
    tracerProvider: provider,
    // Statements outside any request (timers, start-up) would each be a trace of their own.
    instrumentations: [new PgInstrumentation({ requireParentSpan: true })],
  });
  setTracingHooks(createHooks());

  const tracing: Tracing = {
    flush: () => provider.forceFlush(),
    async shutdown() {
      setTracingHooks(undefined);
      unregister();
      delete state[STATE];
      await provider.shutdown();
      trace.disable();
      context.disable();
    },
  };
  state[STATE] = tracing;
  return tracing;
}

const tracer = () => trace.getTracer(SERVICE_NAME);

function createHooks(): TracingHooks {
  return {
    traceRequest({ method, route, requestId }, run) {
      // Under Next's own request span this one is its child; called on its own (a test) it is the
      // server span of the trace.
      const kind = trace.getActiveSpan() ? SpanKind.INTERNAL : SpanKind.SERVER;
      return tracer().startActiveSpan(
        `${method} ${route}`,
        {
          kind,
          attributes: {
            "http.request.method": method,
            "http.route": route,
            "marketplace.request_id": requestId,
          },
        },
        async (span) => {
          try {
            const response = await run();
            span.setAttribute("http.response.status_code", response.status);
            if (response.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
            return response;
          } catch (error) {
            failed(span, error);
            throw error;
          } finally {
            span.end();
          }
        },
      );
    },

    tracePglite(client) {
      const marked = client as PGlite & { [TRACED]?: true };
      if (marked[TRACED]) return;
      marked[TRACED] = true;
      wrapStatements(client);
      const transaction = client.transaction.bind(client);
      client.transaction = (callback) =>
        transaction((tx) => {
          wrapStatements(tx);
          return callback(tx);
        });
    },

    currentSpanIds() {
      const span = trace.getActiveSpan();
      if (!span) return undefined;
      const { traceId, spanId } = span.spanContext();
      return { traceId, spanId };
    },
  };
}

const TRACED = Symbol("marketplace.pgliteTraced");

/** `query` and `exec` of an embedded database (or of one of its transactions) make spans. */
function wrapStatements(target: PGlite | Transaction): void {
  const query = target.query.bind(target);
  const exec = target.exec.bind(target);
  target.query = (text, params, options) => statementSpan(text, () => query(text, params, options));
  target.exec = (text, options) => statementSpan(text, () => exec(text, options));
}

/** One database statement, as node-postgres' instrumentation names it: its first keyword. */
function statementSpan<T>(text: string, run: () => Promise<T>): Promise<T> {
  if (!trace.getActiveSpan()) return run();
  const operation = /^\s*([A-Za-z]+)/.exec(text)?.[1]?.toUpperCase() ?? "QUERY";
  return tracer().startActiveSpan(
    `pglite.query:${operation}`,
    {
      kind: SpanKind.CLIENT,
      attributes: {
        "db.system.name": "postgresql",
        "db.operation.name": operation,
        // The statement as drizzle wrote it: its values travel as parameters and are not recorded.
        "db.query.text": text,
      },
    },
    async (span) => {
      try {
        return await run();
      } catch (error) {
        failed(span, error);
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

function failed(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR });
}

/** Whether tracing runs in this process. */
export const isTracing = () => tracingHooks() !== undefined;
