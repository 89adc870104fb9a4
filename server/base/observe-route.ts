import "server-only";
import { workAsyncStorage } from "next/dist/server/app-render/work-async-storage.external";
import { metrics } from "./metrics";
import { REQUEST_ID_HEADER, requestIdOf, runWithRequestContext } from "./request-context";
import { tracingHooks } from "./tracing-hooks";

type Params = Record<string, string | string[] | undefined>;
type Handler<C> = (req: Request, ctx: C) => Promise<Response>;

/**
 * What route() adds around every call for the operators: the call's request id (a well-formed
 * incoming `X-Request-Id`, else a new one) for every log line written meanwhile and for the
 * answer's `X-Request-Id` header; a span named after the route's pattern when tracing is on; and
 * the request count and latency by route pattern (metrics.ts).
 */
export function observeRoute<C extends { params: Promise<Params> } | undefined>(
  handle: Handler<C>,
): Handler<C> {
  return async (req, ctx) => {
    const started = performance.now();
    const requestId = requestIdOf(req);
    return runWithRequestContext({ requestId }, async () => {
      // Next knows the route it matched (`/api/orders/[orderNo]/cancel`); a handler called
      // directly (a test, a script) has no such store, and its pattern is rebuilt from its params.
      const route = workAsyncStorage.getStore()?.route ?? routePattern(req.url, await ctx?.params);
      const tracing = tracingHooks();
      let status: number | "none" = "none";
      try {
        const response = tracing
          ? await tracing.traceRequest({ method: req.method, route, requestId }, () =>
              handle(req, ctx),
            )
          : await handle(req, ctx);
        status = response.status;
        return withHeader(response, REQUEST_ID_HEADER, requestId);
      } finally {
        metrics().observeRequest(req.method, route, status, (performance.now() - started) / 1000);
      }
    });
  };
}

/**
 * The route's pattern rebuilt from a call's params, for a handler called outside Next:
 * `/api/orders/123/cancel` with `{ orderNo: "123" }` is `/api/orders/[orderNo]/cancel`, and a
 * catch-all's segments are `[...name]`. Every dynamic segment is one of the params, in order, so
 * each is put back at the first place after the last one that holds its value; a value that is
 * also the name of a fixed segment before it lands there instead (a label of fixed names, never
 * the caller's). Segments are decoded first, so an escaped spelling of a fixed segment is the same
 * label.
 */
export function routePattern(url: string, params: Params | undefined): string {
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    return "unknown";
  }
  const segments = pathname.split("/").map(decodeSegment);
  let from = 1;
  for (const [name, value] of Object.entries(params ?? {})) {
    if (Array.isArray(value)) {
      // A catch-all is the route's last segment: its values are the path's tail.
      const start = segments.length - value.length;
      if (value.length > 0 && start >= from && value.every((v, i) => segments[start + i] === v)) {
        segments.splice(start, value.length, `[...${name}]`);
        from = start + 1;
      }
      continue;
    }
    if (value === undefined) continue;
    const at = segments.indexOf(value, from);
    if (at === -1) continue;
    segments[at] = `[${name}]`;
    from = at + 1;
  }
  return segments.join("/");
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** `response` with one more header; Response.redirect() and Response.error() are copied first. */
function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    const headers = new Headers(response.headers);
    headers.set(name, value);
    return new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  }
}
