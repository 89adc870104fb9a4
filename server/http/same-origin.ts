import "server-only";

const STATE_CHANGING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function isStateChangingMethod(method: string): boolean {
  return STATE_CHANGING_METHODS.has(method.toUpperCase());
}

/**
 * Whether a browser sent this request from our own pages. Route handlers have no CSRF protection
 * and SameSite=Lax does not cover every case, so cookie-authenticated writes must prove their origin:
 * an `Origin` equal to APP_URL's origin or to the request's own origin (the host it was sent to, see
 * `requestOrigin`), or `Sec-Fetch-Site: same-origin`. Both headers are set by the browser and cannot be forged by a page;
 * a client that forges them has no victim's cookie to ride on. No header at all is refused.
 */
export function isSameOriginRequest(req: Request, appUrl: string): boolean {
  if (req.headers.get("sec-fetch-site") === "same-origin") return true;
  const origin = req.headers.get("origin");
  if (!origin || origin === "null") return false;
  const actual = originOf(origin);
  return actual !== null && [originOf(appUrl), requestOrigin(req)].includes(actual);
}

/**
 * Whether a browser evidently sent this request from another site's page: its `Sec-Fetch-Site`
 * says so, or its `Origin` is another one (or the opaque "null"). A request with neither header
 * (curl, an app) is not evidently cross-site. For public writes that must not be forged on a
 * signed-out victim, such as sign-in (login CSRF signs the victim into the attacker's account).
 */
export function isCrossSiteBrowserRequest(req: Request, appUrl: string): boolean {
  const site = req.headers.get("sec-fetch-site");
  if (site === "cross-site" || site === "same-site") return true;
  if (site === "same-origin") return false;
  const origin = req.headers.get("origin");
  if (origin === null) return false;
  const actual = origin === "null" ? null : originOf(origin);
  return actual === null || ![originOf(appUrl), requestOrigin(req)].includes(actual);
}

/**
 * The origin the browser sent the request to: the scheme the server saw and the `Host` header. Not
 * `req.url`'s host: `next start` builds that from the name it listens under (`localhost`), whatever
 * host the browser used, so a page on http://localhost:<port> passed as this site while the site was
 * 127.0.0.1 or a real domain (found by the attack suite, issue 22). A browser always sends the host
 * it targets; a forged cross-site request cannot change it.
 */
function requestOrigin(req: Request): string | null {
  const host = req.headers.get("host");
  if (!host) return null;
  return originOf(`${new URL(req.url).protocol}//${host}`);
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
