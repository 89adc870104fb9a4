import "server-only";
import pino from "pino";
import { currentRequestId } from "@/server/base/request-context";
import { tracingHooks } from "@/server/base/tracing-hooks";

const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
type Level = (typeof LEVELS)[number];

/**
 * The level comes straight from `process.env` rather than `getEnv()`: the logger must work even when
 * the rest of the environment is invalid, since that is exactly what it has to report. Tests are
 * silent unless LOG_LEVEL is set explicitly.
 */
function levelFromEnv(source: NodeJS.ProcessEnv): Level {
  const requested = source.LOG_LEVEL?.trim();
  if (requested && (LEVELS as readonly string[]).includes(requested)) return requested as Level;
  return source.NODE_ENV === "test" || source.VITEST ? "silent" : "info";
}

/**
 * What every line written while a request is handled carries: its `requestId` (the one in the
 * answer's `X-Request-Id` and in an error's body, so a user's report finds the line), and with
 * tracing on the `traceId` and `spanId` it belongs to.
 */
function requestFields(): Record<string, string> {
  const requestId = currentRequestId();
  const span = tracingHooks()?.currentSpanIds();
  if (!span) return requestId ? { requestId } : {};
  return requestId ? { requestId, ...span } : span;
}

/**
 * The server's one logger: JSON lines (one object per line, for any log collector). Credentials are
 * redacted wherever they sit in a logged object; errors are logged with their cause chain.
 */
export const log = pino({
  level: levelFromEnv(process.env),
  base: { app: "marketplace" },
  mixin: requestFields,
  serializers: { err: pino.stdSerializers.errWithCause },
  redact: {
    paths: [
      "password",
      "*.password",
      "token",
      "*.token",
      "authorization",
      "cookie",
      "*.authorization",
      "*.cookie",
      "headers.authorization",
      "headers.cookie",
      "*.headers.authorization",
      "*.headers.cookie",
    ],
    censor: "[redacted]",
  },
});

export type Logger = typeof log;

/** For tests. */
export const logLevelFromEnvForTest = levelFromEnv;
