// npm run db:seed: fills an empty database (DATABASE_URL, else the embedded one) with the demo.
import { closeDb, getDb } from "@/server/db/client";
import { migrateDb } from "@/server/db/migrate";
import { seedDemo } from "./seed-demo";

const USAGE = `Usage: npm run db:seed

Migrates the database the app uses (DATABASE_URL, else the embedded one in PGLITE_DIR) and fills it
with the demo farms, products, reviews and orders, only if it has no members yet.

Options:
  -h, --help    this text

Environment:
  DATABASE_URL  PostgreSQL to seed; unset: the embedded database
  PGLITE_DIR    the embedded database's folder (default .data/pglite)
`;

async function main() {
  const db = await getDb();
  await migrateDb(db);
  const started = Date.now();
  const result = await seedDemo(db, { log: (line) => process.stdout.write(`${line}\n`) });
  if (result.seeded) {
    process.stdout.write(
      `Demo data: ${result.merchants} farms, ${result.products} products, ${result.orders} orders in ${Date.now() - started} ms\n`,
    );
  } else {
    process.stdout.write("The database already has members: nothing seeded.\n");
  }
  await closeDb(db);
}

if (process.argv.includes("--help") || process.argv.includes("-h")) {
  process.stdout.write(USAGE);
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
