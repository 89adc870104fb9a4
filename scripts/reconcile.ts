/**
 * npm run reconcile [-- --dry-run] [-- --since 3d|12h|90m|2026-12-01T00:00:00Z]
 *
 * Runs the money reconciler once against the app's database (DATABASE_URL, else the embedded one)
 * and the Stripe account of STRIPE_SECRET_KEY (decision 0037): finishes card payments, refunds,
 * reversals and payouts that stopped half way, brings plans up to date, and raises what needs a
 * person on the admin Money page. It prints what it did. The app runs the same sweep every
 * RECONCILE_INTERVAL_SECONDS; a run while another instance holds the lease does nothing.
 */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";

const USAGE = `Usage: npm run reconcile [-- --dry-run] [-- --since WHEN]

Finishes the money steps that stopped half way, with Stripe as the truth, and prints what it did.
  --dry-run     say what would be done; change nothing here or at Stripe
  --since WHEN  read Stripe's events and objects from WHEN: 3d, 12h, 90m or an ISO date
                (default: where the last run left off, or the last 3 days)
  --help        this text
Needs STRIPE_SECRET_KEY (and DATABASE_URL, or the embedded database).`;

/** "3d", "12h", "90m" ago, or an ISO date; null when it is neither. */
export function parseSince(text: string, now = Date.now()): Date | null {
  const relative = /^(\d{1,4})([dhm])$/.exec(text);
  if (relative) {
    const unit = { d: 86_400_000, h: 3_600_000, m: 60_000 }[relative[2] as "d" | "h" | "m"];
    return new Date(now - Number(relative[1]) * unit);
  }
  const date = new Date(text);
  return /^\d{4}-\d{2}-\d{2}/.test(text) && !Number.isNaN(date.getTime()) ? date : null;
}

async function main(): Promise<number> {
  let values: { "dry-run"?: boolean; since?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        "dry-run": { type: "boolean" },
        since: { type: "string" },
        help: { type: "boolean" },
      },
    }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const since = values.since === undefined ? undefined : parseSince(values.since);
  if (since === null) {
    process.stderr.write(`--since: "${values.since}" is not 3d, 12h, 90m or an ISO date\n`);
    return 2;
  }
  if (existsSync(".env")) process.loadEnvFile(".env");
  const { closeDb, getDb } = await import("@/server/db/client");
  const { migrateDb } = await import("@/server/db/migrate");
  const { getStripe } = await import("@/server/stripe/stripe-client");
  const { reconcile } = await import("@/server/money/reconcile");
  const stripe = getStripe();
  if (!stripe) {
    process.stderr.write(
      "Card payments are not configured (the STRIPE_ keys): nothing to reconcile.\n",
    );
    return 1;
  }
  const db = await getDb();
  try {
    await migrateDb(db);
    const report = await reconcile(db, stripe, {
      dryRun: values["dry-run"] ?? false,
      ...(since ? { since } : {}),
      holder: `cli:${process.pid}`,
    });
    const heading = report.dryRun ? "Dry run: nothing was changed." : "Reconciled.";
    process.stdout.write(`${heading} Since ${report.since || "-"}.\n`);
    for (const line of report.actions) process.stdout.write(`- ${line}\n`);
    if (report.actions.length === 0) process.stdout.write("- nothing to do\n");
    for (const [what, count] of Object.entries(report.counts))
      process.stdout.write(`  ${what}: ${count}\n`);
    if (report.stoppedBy) {
      process.stdout.write(`Stopped: ${report.stoppedBy}.\n`);
      return 3;
    }
    return 0;
  } finally {
    await closeDb(db);
  }
}

if (process.argv[1]?.endsWith("reconcile.ts")) void main().then((code) => process.exit(code));
