/**
 * npm run stripe:setup: finds or creates the plans' Stripe Products and Prices (Engager and
 * Harvest, monthly, USD and CAD, found by lookup key) with the keys in the environment or .env,
 * and checks that each charges what the marketplace shows. Idempotent: run it as often as you like.
 * The app does the same on its first start; this makes it visible, and fails loudly on a mismatch.
 */
import { existsSync } from "node:fs";

const USAGE = `Usage: npm run stripe:setup

Finds or creates the Engager and Harvest plans' Stripe Products and Prices (monthly, USD and CAD,
by lookup key) and checks that each charges what the marketplace shows. Idempotent.

Options:
  -h, --help         this text

Environment (or .env):
  STRIPE_SECRET_KEY  the Stripe account's secret key (sk_test_... or sk_live_...); required
`;

async function main(): Promise<number> {
  if (process.argv.includes("--help") || process.argv.includes("-h")) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (existsSync(".env")) process.loadEnvFile(".env");
  const { getEnv } = await import("@/server/env");
  const { createStripeClient } = await import("@/server/stripe/stripe-client");
  const { ensurePlanPrices } = await import("@/server/subscriptions/plan-prices");

  const stripe = createStripeClient(getEnv());
  if (!stripe) {
    console.error("STRIPE_SECRET_KEY is not set (see .env.example): plans need Stripe.");
    return 1;
  }
  try {
    for (const price of await ensurePlanPrices(stripe))
      process.stdout.write(
        `${price.plan} ${price.currency} ${price.cents} cents/month: ${price.priceId}\n`,
      );
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  }
}

void main().then((code) => process.exit(code));
