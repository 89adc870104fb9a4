import "server-only";
import { DEVICE_COOKIE } from "@/server/auth/device-cookie";
import { readCookie } from "@/server/base/cookie-header";
import { readClientAddress, readClientInfo } from "@/server/security";

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function toHeaders(source: HeaderSource): Headers {
  if (source instanceof Headers) return source;
  const headers = new Headers();
  for (const [name, value] of Object.entries(source)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(", "));
  }
  return headers;
}

export type SignInClient = {
  /** For the security access record: null unless TRUST_PROXY_HEADERS (see server/security). */
  ip: string | null;
  userAgent: string | null;
  /** For the per-address sign-in limit (see readClientAddress); null when unknown. */
  rateLimitIp: string | null;
  /** The `_device` cookie the browser sent, if any (decision 0023). */
  deviceCookie: string | null;
};

/**
 * Who is signing in. The per-address limit keys on the connection's address, or on our proxy's hop
 * with TRUST_PROXY_HEADERS (decision 0018): never on a header the client wrote, so a new
 * X-Forwarded-For per guess does not make a new client.
 */
export function readSignInClient(source: HeaderSource): SignInClient {
  const headers = toHeaders(source);
  const info = readClientInfo(headers);
  return {
    ip: info.ip,
    userAgent: info.userAgent,
    rateLimitIp: readClientAddress(headers),
    deviceCookie: readCookie(headers.get("cookie"), DEVICE_COOKIE) ?? null,
  };
}
