import { readFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page, Route } from "@playwright/test";

/** Where the Stripe fake (tests/stripe-fake) listens; the e2e setup starts it on this address. */
export const STRIPE_FAKE_URL = process.env.STRIPE_FAKE_URL ?? "http://127.0.0.1:12111";

const STAND_IN_PATH = path.join(__dirname, "..", "tests", "stripe-js", "stripe.js");
let standInSource: string | null = null;

// api.stripe.com answers browsers from any origin; the fake need not know about CORS.
const CORS_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-allow-headers": "authorization, content-type, stripe-version, stripe-account",
  "access-control-allow-methods": "GET, POST, DELETE, OPTIONS",
};

/**
 * Points a page or context at the Stripe fake instead of Stripe, which this machine never reaches:
 * js.stripe.com serves the Stripe.js stand-in (tests/stripe-js/stripe.js), api.stripe.com is
 * forwarded to `fakeUrl` with method, headers and body intact, and every other Stripe host
 * (telemetry, m.stripe.network) gets an empty 204 so nothing leaves the machine.
 *
 * Call it before the first navigation: `await routeStripe(page, STRIPE_FAKE_URL)`.
 */
export async function routeStripe(target: BrowserContext | Page, fakeUrl: string) {
  standInSource ??= readFileSync(STAND_IN_PATH, "utf8");
  const script = standInSource;
  const fakeOrigin = fakeUrl.replace(/\/+$/, "");

  await target.route(/^https:\/\/([a-z0-9-]+\.)*(stripe\.com|stripe\.network)\//, (route) =>
    route.fulfill({ status: 204, body: "" }),
  );
  await target.route("https://js.stripe.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "application/javascript", body: script }),
  );
  await target.route("https://api.stripe.com/**", (route) => forwardToFake(route, fakeOrigin));
}

async function forwardToFake(route: Route, fakeOrigin: string) {
  const request = route.request();
  if (request.method() === "OPTIONS") {
    return route.fulfill({ status: 204, headers: CORS_HEADERS });
  }
  const { pathname, search } = new URL(request.url());
  try {
    const response = await route.fetch({ url: fakeOrigin + pathname + search });
    return route.fulfill({ response, headers: { ...response.headers(), ...CORS_HEADERS } });
  } catch {
    // the fake is down: the page sees what Stripe.js reports when Stripe cannot be reached
    return route.abort("connectionrefused");
  }
}
