import "server-only";
import { getEnv } from "@/server/env";
import { readConnection } from "@/server/base/connection";
import {
  readPlaceHeaders,
  UNKNOWN_PLACE,
  type ApproximatePlace,
} from "@/lib/http/approximate-place";

export { UNKNOWN_PLACE, type ApproximatePlace };

export type ClientInfo = { userAgent: string | null; ip: string | null; place: ApproximatePlace };

/**
 * Who is calling, from the request headers. The IP and place come from proxy headers only when
 * TRUST_PROXY_HEADERS says a proxy we run sets them (anyone can send X-Forwarded-For otherwise).
 * Reads Vercel's and Cloudflare's geolocation headers; anything else gives an unknown place.
 */
export function readClientInfo(headers: Headers): ClientInfo {
  const userAgent = headers.get("user-agent")?.slice(0, 512) ?? null;
  if (!getEnv().TRUST_PROXY_HEADERS) return { userAgent, ip: null, place: UNKNOWN_PLACE };
  return { userAgent, ip: readIp(headers), place: readPlaceHeaders(headers) };
}

/**
 * The address of the client, for per-address limits (decision 0018). Without TRUST_PROXY_HEADERS
 * it is the peer of the connection (server/base/connection.ts), whatever forwarding headers say:
 * the client writes those. With it, it is what our proxy says, never what the client said before
 * the proxy. Null when neither is known (then per-address limits do not apply; per-account do).
 */
export function readClientAddress(headers: Headers): string | null {
  if (getEnv().TRUST_PROXY_HEADERS) return readIp(headers);
  const { address } = readConnection(headers);
  return address && IP_PATTERN.test(address) ? address : null;
}

const IP_PATTERN = /^[0-9a-fA-F:.]{2,45}$/;

/**
 * Behind our proxy: the last X-Forwarded-For entry is the one our proxy appended (the address it
 * was connected from); entries before it are the client's own text. A proxy that sets X-Real-IP
 * or CF-Connecting-IP instead overwrites them, so they are read next.
 */
function readIp(headers: Headers): string | null {
  const forwarded = headers.get("x-forwarded-for")?.split(",").at(-1)?.trim();
  const ip =
    forwarded || headers.get("x-real-ip")?.trim() || headers.get("cf-connecting-ip")?.trim();
  return ip && IP_PATTERN.test(ip) ? ip : null;
}

/** "Toronto, ON, CA", or "Unknown" when nothing is known. */
export function formatPlace(place: ApproximatePlace): string {
  const parts = [place.city, place.provinceState, place.country].filter(Boolean);
  return parts.length ? parts.join(", ") : "Unknown";
}
