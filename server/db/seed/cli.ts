// npm run db:seed: fills an empty database (DATABASE_URL, else the embedded one) with the demo.
import { closeDb, getDb } from "@/server/db/client";
import { migrateDb } from "@/server/db/migrate";
import { seedDemo } from "./seed-demo";

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

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
