import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { getEnv } from "@/server/env";

/** The header that carries a request's id, in and out. */
export const REQUEST_ID_HEADER = "x-request-id";

/**
 * An id our balancer sent is kept only when it is short and made of characters that are safe in a
 * log line, a header and a search box: letters, digits and `. _ : -`, 8 to 64 of them (a UUID,
 * HAProxy's `%[uuid()]`, most tracing ids). Anything else is replaced, never echoed.
 */
const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

export type RequestContext = { requestId: string };

const storage = new AsyncLocalStorage<RequestContext>();

/**
 * The request's id: a new random UUID, or, behind our own balancer (TRUST_PROXY_HEADERS, which
 * deploy/haproxy.cfg sets as it overwrites the client's header), the balancer's well-formed
 * `X-Request-Id`, so its log and ours share the id. A client's own header is never taken: the id
 * is echoed in answers and written in every log line, so it must hold nothing a caller chose (a
 * token pasted there, a forged id to muddle another's report).
 */
export function requestIdOf(req: Request, trustIncoming = getEnv().TRUST_PROXY_HEADERS): string {
  if (!trustIncoming) return randomUUID();
  const incoming = req.headers.get(REQUEST_ID_HEADER)?.trim();
  return incoming && WELL_FORMED_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Runs `work` as the request `requestId`: every log line written meanwhile carries the id. */
export function runWithRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

/** The id of the request being handled, or undefined outside one (start-up, timers, scripts). */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
