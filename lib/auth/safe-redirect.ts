/**
 * Where the login page may send someone afterwards. Only paths of this site are followed: the value
 * is parsed against our origin and must stay on it, so `//evil.com`, `/\evil.com`, `https://evil.com`
 * and `javascript:` all fall back (notes/security.md, "Redirect parameters").
 */

const FALLBACK = "/";

/**
 * A same-site path (path, query and hash) for `value`, or `fallback`. A bare word such as `cart`
 * (what the cart sends: /login?redirectTo=cart) means `/cart`.
 */
export function safeRedirectPath(
  value: string | null | undefined,
  origin: string,
  fallback: string = FALLBACK,
): string {
  if (typeof value !== "string") return fallback;
  const trimmed = value.trim();
  if (trimmed === "" || /[\u0000-\u001f\u007f]/.test(trimmed)) return fallback;
  // Backslashes are read as slashes by browsers ("/\evil.com" is "//evil.com"): never follow one.
  if (trimmed.includes("\\")) return fallback;
  // A bare route name (no scheme, no leading slash) is a path of this site.
  const candidate =
    /^[A-Za-z0-9_-]+(?:[/?#].*)?$/.test(trimmed) && !trimmed.includes(":")
      ? `/${trimmed}`
      : trimmed;
  let base: URL;
  let url: URL;
  try {
    base = new URL(origin);
    url = new URL(candidate, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base.origin) return fallback;
  if (!candidate.startsWith("/") || candidate.startsWith("//")) return fallback;
  // Dot segments are resolved by the parser: "/.//evil.com" becomes the path "//evil.com", which a
  // browser reads as another host. Check what is returned, not only what came in.
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (path.startsWith("//")) return fallback;
  return path;
}

/** The login page itself is never a destination (it would loop). */
function isLoginPath(path: string): boolean {
  return (
    path === "/login" ||
    path.startsWith("/login?") ||
    path.startsWith("/login/") ||
    path.startsWith("/login#")
  );
}

export type AfterLoginInput = {
  memberType: "customer" | "merchant" | "admin";
  username: string;
  /** Query `redirect`: followed first when present. */
  redirect?: string | null;
  /** Query `redirectTo`: for non-merchants when there is no `redirect`. */
  redirectTo?: string | null;
  origin: string;
  /** False while store pages do not exist: merchants then go to the dashboard. */
  storePagesExist: boolean;
};

/**
 * Spec part 1 section 4 "After login": the `redirect` query first, merchants to their store,
 * everyone else to `redirectTo` or the dashboard. Every destination is a same-site path.
 */
export function afterLoginPath({
  memberType,
  username,
  redirect,
  redirectTo,
  origin,
  storePagesExist,
}: AfterLoginInput): string {
  const explicit = safeRedirectPath(redirect, origin, "");
  if (explicit && !isLoginPath(explicit)) return explicit;
  if (memberType === "merchant")
    return storePagesExist ? `/stores/${encodeURIComponent(username)}` : FALLBACK;
  const requested = safeRedirectPath(redirectTo, origin, FALLBACK);
  return isLoginPath(requested) ? FALLBACK : requested;
}
