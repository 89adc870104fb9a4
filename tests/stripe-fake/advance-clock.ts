/**
 * Moves the clock of a running fake (cli.ts) forward, from a shell or a Playwright global step:
 *   npx tsx tests/stripe-fake/advance-clock.ts [--url http://127.0.0.1:12111] --days 31
 *   npx tsx tests/stripe-fake/advance-clock.ts --seconds 3600
 * (the same as `curl -X POST URL/_fake/clock -d '{"advanceSeconds": 3600}'`). Prints the new now.
 */
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    url: { type: "string" },
    days: { type: "string" },
    hours: { type: "string" },
    seconds: { type: "string" },
  },
});

const url = values.url ?? `http://127.0.0.1:${process.env.STRIPE_FAKE_PORT ?? 12111}`;
const advanceSeconds =
  Number(values.days ?? 0) * 86_400 +
  Number(values.hours ?? 0) * 3600 +
  Number(values.seconds ?? 0);

async function main(): Promise<void> {
  const response = await fetch(`${url}/_fake/clock`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ advanceSeconds }),
  });
  const body = (await response.json()) as { now?: number };
  if (!response.ok || typeof body.now !== "number") throw new Error(JSON.stringify(body));
  process.stdout.write(`stripe fake clock: ${new Date(body.now * 1000).toISOString()}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
