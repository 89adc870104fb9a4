import "server-only";
import Stripe from "stripe";
import { getEnv, type Env } from "@/server/env";

/**
 * The Stripe API version this code was written against. Pinned, so a new SDK or a change of the
 * account's default version never changes an answer's shape under us; the webhook endpoint in
 * Stripe's dashboard must be created with the same version.
 */
export const STRIPE_API_VERSION = "2026-10-28.endive" as const;

export type StripeClient = Stripe;

/** How long one Stripe call may take before we give up and tell the customer to try again. */
const TIMEOUT_MS = 15_000;

/**
 * A Stripe client for this environment, or null when card payments are off. Services take the
 * client as a parameter (like `db`), so tests hand them one pointed at the fake.
 * STRIPE_API_BASE is checked in server/env.ts: it exists only in tests, with a test key.
 */
export function createStripeClient(env: Env): StripeClient | null {
  if (!env.cardPaymentsEnabled || !env.STRIPE_SECRET_KEY) return null;
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null;
  return new Stripe(env.STRIPE_SECRET_KEY, {
    apiVersion: STRIPE_API_VERSION,
    timeout: TIMEOUT_MS,
    // The SDK retries network failures with its own key; ours (idempotency-keys.ts) covers the rest.
    maxNetworkRetries: 2,
    telemetry: false,
    appInfo: { name: "local-produce-marketplace" },
    ...(base
      ? {
          host: base.hostname.replace(/^\[|\]$/g, ""),
          port: Number(base.port || (base.protocol === "https:" ? 443 : 80)),
          protocol: base.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
}

let cached: StripeClient | null | undefined;

/** The process's Stripe client (null when card payments are off). */
export function getStripe(): StripeClient | null {
  if (cached === undefined) cached = createStripeClient(getEnv());
  return cached;
}
