/**
 * `npm run db:migrate`: applies pending migrations to DATABASE_URL, or else to the embedded
 * database in PGLITE_DIR (default .data/pglite), then exits.
 *
 * Server modules start with `import "server-only"`, which throws unless Node resolves packages with
 * the react-server condition, as Next does. A plain `tsx` run lacks it, so this entry point starts
 * itself again with the condition before loading them.
 */
import { spawnSync } from "node:child_process";

const SERVER_CONDITION = "--conditions=react-server";

const USAGE = `Usage: npm run db:migrate

Applies the pending migrations (drizzle/) to DATABASE_URL, or else to the embedded database in
PGLITE_DIR, then exits. Safe to run from several instances at once (an advisory lock).

Options:
  -h, --help    this text

Environment:
  DATABASE_URL  PostgreSQL to migrate; unset: the embedded database
  PGLITE_DIR    the embedded database's folder (default .data/pglite)
`;

if (process.argv.includes("--help") || process.argv.includes("-h")) {
  process.stdout.write(USAGE);
  process.exit(0);
} else if (process.execArgv.includes(SERVER_CONDITION)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  const child = spawnSync(
    process.execPath,
    [...process.execArgv, SERVER_CONDITION, ...process.argv.slice(1)],
    {
      stdio: "inherit",
    },
  );
  process.exit(child.status ?? 1);
}

async function main(): Promise<void> {
  const { closeDb, createNodePgDb, createPgliteDb } = await import("./client");
  const { migrateDb } = await import("./migrate");
  // Only the two variables this needs: the full server environment would also demand
  // NEXTAUTH_SECRET, which migrating does not use.
  const url = process.env.DATABASE_URL?.trim();
  const pgliteDir = process.env.PGLITE_DIR?.trim() || ".data/pglite";
  const started = performance.now();
  const db = url ? createNodePgDb(url, { max: 1 }) : await createPgliteDb(pgliteDir);
  try {
    await migrateDb(db);
  } finally {
    await closeDb(db);
  }
  const target = url ? "DATABASE_URL" : pgliteDir;
  console.warn(`Migrated ${target} in ${Math.round(performance.now() - started)} ms.`);
}
