// Not marked server-only: proxy.ts imports it, and the proxy bundle refuses server-only modules.
// It only runs on the server all the same (node:http).
import http from "node:http";
import https from "node:https";

/**
 * The address of the connection a request came in on, for handlers that must not trust what the
 * client writes (the per-address sign-in limit, the demo mailbox). Decision 0018.
 *
 * Next does not give route handlers, pages or proxy.ts the socket: it only fills
 * `X-Forwarded-For` from the socket when the request has none (`??=` in base-server.js), so a
 * client that sends the header writes the whole value. Instead, `installConnectionStamp()` (run
 * once from instrumentation.ts) wraps the HTTP server's `request` event: before Next sees a
 * request it writes the socket address into CONNECTION_ADDRESS_HEADER and, when the client's
 * request carried any forwarding header, CONNECTION_FORWARDED_HEADER, after deleting whatever
 * the client sent under those names. Handlers read them with `readConnection()`.
 */
export const CONNECTION_ADDRESS_HEADER = "x-market-connection-address";
export const CONNECTION_FORWARDED_HEADER = "x-market-connection-forwarded";

/**
 * Headers a proxy (or a client pretending to be one) adds when it forwards a request: whom for,
 * or only that it passed through (`Via`, the forwarded host or scheme). Any one of them means the
 * request did not come straight from this machine (issue 43, defect 5).
 */
export const FORWARDING_HEADERS = [
  "x-forwarded-for",
  "forwarded",
  "via",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-forwarded-port",
  "x-forwarded-server",
  "x-real-ip",
  "x-client-ip",
  "true-client-ip",
  "cf-connecting-ip",
  "fastly-client-ip",
  "x-cluster-client-ip",
] as const;

const INSTALLED = Symbol.for("marketplace.connectionStamp");
type StampState = { [INSTALLED]?: boolean };

/** Whether this process stamps requests; without it the private headers are the client's own. */
export function isConnectionStampInstalled(): boolean {
  return (globalThis as StampState)[INSTALLED] === true;
}

/** Puts the connection's address on the request, replacing anything the client sent. */
export function stampConnection(req: http.IncomingMessage): void {
  const { headers } = req;
  delete headers[CONNECTION_ADDRESS_HEADER];
  delete headers[CONNECTION_FORWARDED_HEADER];
  const address = req.socket?.remoteAddress;
  if (address) headers[CONNECTION_ADDRESS_HEADER] = address;
  if (FORWARDING_HEADERS.some((name) => headers[name] !== undefined))
    headers[CONNECTION_FORWARDED_HEADER] = "1";
}

/**
 * Wraps `emit` of Node's HTTP and HTTPS servers so every `request` is stamped before any listener
 * (Next's) runs. Servers created before the call are covered too: `emit` is looked up on the
 * prototype. Idempotent.
 */
export function installConnectionStamp(): void {
  const state = globalThis as StampState;
  if (state[INSTALLED]) return;
  for (const Server of [http.Server, https.Server]) {
    const emit = Server.prototype.emit as (event: string | symbol, ...args: unknown[]) => boolean;
    Server.prototype.emit = function (this: unknown, event: string | symbol, ...args: unknown[]) {
      if (event === "request") stampConnection(args[0] as http.IncomingMessage);
      return emit.call(this, event, ...args);
    } as typeof Server.prototype.emit;
  }
  state[INSTALLED] = true;
}

export type Connection = {
  /** The socket's peer address; null when this process does not stamp requests. */
  address: string | null;
  /** True when the request carried a forwarding header, i.e. something may stand in between. */
  forwarded: boolean;
};

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function headerValue(source: HeaderSource, name: string): string | undefined {
  if (source instanceof Headers) return source.get(name) ?? undefined;
  const value = source[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

/** The connection a request came in on, from the stamp (never from a forwarding header). */
export function readConnection(source: HeaderSource): Connection {
  if (!isConnectionStampInstalled()) return { address: null, forwarded: true };
  const address = headerValue(source, CONNECTION_ADDRESS_HEADER)?.trim() || null;
  return { address, forwarded: headerValue(source, CONNECTION_FORWARDED_HEADER) === "1" };
}

/** 127.0.0.0/8, ::1 and their IPv4-mapped form (a dual-stack socket reports ::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string): boolean {
  const v4 = address.toLowerCase().replace(/^::ffff:/, "");
  if (/^127(?:\.\d{1,3}){3}$/.test(v4)) return true;
  return address === "::1" || address === "0:0:0:0:0:0:0:1";
}

/**
 * True only for a request made on this machine and straight to this server: the connection's
 * peer is a loopback address and no forwarding header came with it (a proxy on the same machine
 * connects from loopback too, for anyone anywhere).
 */
export function isDirectLocalRequest(source: HeaderSource): boolean {
  const { address, forwarded } = readConnection(source);
  return address !== null && !forwarded && isLoopbackAddress(address);
}

/**
 * For tests: marks the stamp as installed (as instrumentation.ts does) and returns headers as a
 * stamped request from `address` would carry them.
 */
export function stampedHeadersForTest(address: string, init: Record<string, string> = {}): Headers {
  (globalThis as StampState)[INSTALLED] = true;
  const headers = new Headers(init);
  headers.set(CONNECTION_ADDRESS_HEADER, address);
  if (FORWARDING_HEADERS.some((name) => headers.has(name)))
    headers.set(CONNECTION_FORWARDED_HEADER, "1");
  return headers;
}
