import "server-only";
import { readClientInfo } from "@/server/security";

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
  /** For the per-IP sign-in limit; may be null when nothing identifies the client. */
  rateLimitIp: string | null;
};

/**
 * Who is signing in. Behind a trusted proxy the IP comes from its headers. Without one, `next start`
 * fills X-Forwarded-For with the socket address when the client sent none: its last entry is used
 * for the per-IP limit only (a client could forge it to dodge that limit, but the per-account limit
 * still holds), never for the security record.
 */
export function readSignInClient(source: HeaderSource): SignInClient {
  const headers = toHeaders(source);
  const info = readClientInfo(headers);
  const lastHop = headers.get("x-forwarded-for")?.split(",").at(-1)?.trim() ?? "";
  const fallback = /^[0-9a-fA-F:.]{2,45}$/.test(lastHop) ? lastHop : null;
  return { ip: info.ip, userAgent: info.userAgent, rateLimitIp: info.ip ?? fallback };
}
