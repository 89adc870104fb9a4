/**
 * npm run pickup:remind
 *
 * Sends the day-before pickup reminders that are due, once, against the app's database
 * (DATABASE_URL, else the embedded one), and prints how many it claimed. The app runs the same
 * sweep every few minutes on each instance (server/pickup/send-pickup-reminders.ts); a reminder is
 * claimed by one of them only, so running this beside the app never mails twice.
 */
import { existsSync } from "node:fs";

const USAGE = `Usage: npm run pickup:remind

Mails each customer whose pickup window is tomorrow (in the farm's time zone) the reminder, once,
and prints how many were claimed. The app does the same every 5 minutes.
  --help  this text
Needs DATABASE_URL (or the embedded database), and SMTP_URL to deliver (else the demo outbox).`;

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes("--help")) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (args.length > 0) {
    process.stderr.write(`Unknown option: ${args[0]}\n${USAGE}\n`);
    return 2;
  }
  if (existsSync(".env")) process.loadEnvFile(".env");
  const { closeDb, getDb } = await import("@/server/db/client");
  const { migrateDb } = await import("@/server/db/migrate");
  const { sendPickupReminders } = await import("@/server/pickup/send-pickup-reminders");
  const db = await getDb();
  try {
    await migrateDb(db);
    const claimed = await sendPickupReminders(db);
    process.stdout.write(`Pickup reminders claimed: ${claimed}.\n`);
    return 0;
  } finally {
    await closeDb(db);
  }
}

if (process.argv[1]?.endsWith("pickup-reminders.ts"))
  void main().then((code) => process.exit(code));
