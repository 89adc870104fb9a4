import "server-only";

const STATE_CHANGING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function isStateChangingMethod(method: string): boolean {
  return STATE_CHANGING_METHODS.has(method.toUpperCase());
}

/**
 * Whether a browser sent this request from our own pages. Route handlers have no CSRF protection
 * and SameSite=Lax does not cover every case, so cookie-authenticated writes must prove their origin:
 * an `Origin` equal to APP_URL's origin or to the request's own origin (the host it was sent to), or
 * `Sec-Fetch-Site: same-origin`. Both headers are set by the browser and cannot be forged by a page;
 * a client that forges them has no victim's cookie to ride on. No header at all is refused.
 */
export function isSameOriginRequest(req: Request, appUrl: string): boolean {
  if (req.headers.get("sec-fetch-site") === "same-origin") return true;
  const origin = req.headers.get("origin");
  if (!origin || origin === "null") return false;
  const allowed = [originOf(appUrl), originOf(req.url)];
  const actual = originOf(origin);
  return actual !== null && allowed.includes(actual);
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
