/**
 * Runs the Stripe fake as a process, for Playwright and manual runs:
 *   npx tsx tests/stripe-fake/cli.ts --port 12111 [--webhook-url URL --webhook-secret whsec_...]
 *     [--connect-webhook-url URL --connect-webhook-secret whsec_...] [--platform-country CA]
 * Environment: STRIPE_FAKE_PORT, STRIPE_FAKE_WEBHOOK_URL, STRIPE_FAKE_WEBHOOK_SECRET,
 * STRIPE_FAKE_CONNECT_WEBHOOK_URL, STRIPE_FAKE_CONNECT_WEBHOOK_SECRET, STRIPE_FAKE_PLATFORM_COUNTRY,
 * STRIPE_FAKE_SECRET_KEY, STRIPE_FAKE_PUBLISHABLE_KEY (flags win). Prints one line once listening.
 */
import { parseArgs } from "node:util";
import { startStripeFake } from "./index";

const { values } = parseArgs({
  options: {
    port: { type: "string" },
    "webhook-url": { type: "string" },
    "webhook-secret": { type: "string" },
    "connect-webhook-url": { type: "string" },
    "connect-webhook-secret": { type: "string" },
    "platform-country": { type: "string" },
    "latency-ms": { type: "string" },
  },
});

const env = process.env;
const port = Number(values.port ?? env.STRIPE_FAKE_PORT ?? 12111);
const webhookUrl = values["webhook-url"] ?? env.STRIPE_FAKE_WEBHOOK_URL;
const webhookSecret = values["webhook-secret"] ?? env.STRIPE_FAKE_WEBHOOK_SECRET;
const connectWebhookUrl = values["connect-webhook-url"] ?? env.STRIPE_FAKE_CONNECT_WEBHOOK_URL;
const connectWebhookSecret =
  values["connect-webhook-secret"] ?? env.STRIPE_FAKE_CONNECT_WEBHOOK_SECRET;
const platformCountry = values["platform-country"] ?? env.STRIPE_FAKE_PLATFORM_COUNTRY;

async function main(): Promise<void> {
  const fake = await startStripeFake({
    port,
    ...(webhookUrl ? { webhookUrl } : {}),
    ...(webhookSecret ? { webhookSecret } : {}),
    ...(connectWebhookUrl ? { connectWebhookUrl } : {}),
    ...(connectWebhookSecret ? { connectWebhookSecret } : {}),
    ...(platformCountry ? { platformCountry } : {}),
    ...(env.STRIPE_FAKE_SECRET_KEY ? { secretKey: env.STRIPE_FAKE_SECRET_KEY } : {}),
    ...(env.STRIPE_FAKE_PUBLISHABLE_KEY ? { publishableKey: env.STRIPE_FAKE_PUBLISHABLE_KEY } : {}),
    ...(values["latency-ms"] ? { latencyMs: Number(values["latency-ms"]) } : {}),
  });
  process.stdout.write(`stripe fake listening on ${fake.url}\n`);

  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    fake.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
