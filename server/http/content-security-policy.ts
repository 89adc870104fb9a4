// Not marked server-only: next.config.ts and proxy.ts import it (the proxy bundle refuses
// server-only modules). It holds no secret.

/**
 * The Content Security Policy, in its two forms (decision 0025).
 *
 * - Pages rendered for one member on every request (the signed-in pages proxy.ts sees) run scripts
 *   inline by nonce only: `strictPolicy(nonce)`. Next reads the nonce from the request's policy
 *   header and puts it on the scripts it writes for the request; an inline script an attacker
 *   injects into the HTML does not run.
 * - Pages served whole from the cache to everyone (product, store, search, the dashboard) were
 *   rendered once, without a request, so their inline scripts cannot carry a per-request nonce, and
 *   a hash would have to be known before the page is: `cachedPagePolicy` keeps `'unsafe-inline'` for
 *   scripts there. Their content is the catalog, which is escaped by React; nothing a member types
 *   is rendered into them unescaped.
 */

const isDevelopment = process.env.NODE_ENV === "development";

/** Everything but script-src, shared by both forms. */
const COMMON_DIRECTIVES = [
  "default-src 'self'",
  "img-src 'self' data: blob: https:",
  // Inline style attributes (React's style prop, the map's canvas container) are not scripts.
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self' https:",
  "worker-src 'self' blob:",
  // The farm app's manifest (/manifest.webmanifest) and service worker (/sw.js), decision 0054.
  "manifest-src 'self'",
  // Stripe.js must load from Stripe's own host (PCI); it is fetched only on the payment pages.
  "frame-src 'self' https://js.stripe.com https://hooks.stripe.com",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
];

// React's development build rebuilds server stacks with eval; production never does.
const DEV_EVAL = isDevelopment ? " 'unsafe-eval'" : "";

/** The policy of a page served from the cache, and of every other answer (API, files, errors). */
export const cachedPagePolicy = [
  ...COMMON_DIRECTIVES,
  `script-src 'self' 'unsafe-inline' https://js.stripe.com${DEV_EVAL}`,
].join("; ");

/**
 * React writes this one script into a page's static shell, before any request exists, so it can
 * carry no nonce; it is the same text in every shell (React's `shellTimeRuntimeScript`), so its
 * hash allows exactly it. A test reads it from the React that Next bundles: an upgrade that changes
 * it fails there, not in a browser.
 */
export const SHELL_TIME_SCRIPT = "requestAnimationFrame(function(){$RT=performance.now()});";
export const SHELL_TIME_SCRIPT_HASH = "sha256-7mu4H06fwDCjmnxxr/xNHyuQC6pLTHr4M2E4jXw5WZs=";

/**
 * The policy of a page rendered for this request: inline scripts run only with `nonce` (or as
 * React's shell script above). Not `'strict-dynamic'`: the shell's `<script src>` tags for Next's
 * own chunks were written at build time without a nonce, so they are allowed by `'self'` instead.
 * Nothing on this origin serves a script a member uploaded (uploads are re-encoded images).
 */
export function strictPolicy(nonce: string): string {
  return [
    ...COMMON_DIRECTIVES,
    `script-src 'self' 'nonce-${nonce}' '${SHELL_TIME_SCRIPT_HASH}' https://js.stripe.com${DEV_EVAL}`,
  ].join("; ");
}

/** 128 random bits, base64: unguessable and new for every request. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
