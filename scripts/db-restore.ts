/**
 * npm run db:restore -- FILE [--to postgres://...|FOLDER] [--force]
 *
 * Restores a file from `npm run db:backup` into an empty database: on PostgreSQL with pg_restore
 * --no-owner in one transaction (a database that does not exist is created), on the embedded
 * database into a fresh folder, never over a folder a running app has open (decision 0040). It
 * prints the rows it restored per table.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

const USAGE = `Usage: npm run db:restore -- FILE [--to postgres://...|FOLDER] [--force]

Restores a backup from npm run db:backup into an empty database and prints its rows per table:
  a .dump (PostgreSQL)        with pg_restore --no-owner, in one transaction, into DATABASE_URL
                              or --to; a database that does not exist is created
  a .pglite.tar.gz (embedded) into a fresh folder, PGLITE_DIR or --to; never into a folder a
                              running app has open (stop the app, or restore elsewhere)
  --to WHERE   restore there instead of the database the app uses
  --force      restore over a database that is not empty: on PostgreSQL everything in it is
               dropped first (in the same transaction); an embedded folder is kept beside as
               FOLDER.before-restore-TIME
  --help       this text
Needs pg_restore and psql of the server's major version on PATH for PostgreSQL.`;

async function main(): Promise<number> {
  let values: { to?: string; force?: boolean; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      allowPositionals: true,
      options: {
        to: { type: "string" },
        force: { type: "boolean" },
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
  if (positionals.length !== 1) {
    process.stderr.write(`Name one backup file to restore.\n${USAGE}\n`);
    return 2;
  }
  const file = path.resolve(positionals[0]!);
  if (existsSync(".env")) process.loadEnvFile(".env");
  const {
    BackupError,
    databaseTargetFromArgument,
    databaseTargetFromEnv,
    describeTarget,
    displayPath,
    restoreDatabase,
  } = await import("@/server/db/backup");
  const started = performance.now();
  try {
    const target = values.to ? databaseTargetFromArgument(values.to) : databaseTargetFromEnv();
    const result = await restoreDatabase(file, target, { force: values.force ?? false });
    const counts = Object.entries(result.rows);
    const total = counts.reduce((sum, [, n]) => sum + n, 0);
    const notes = [
      result.created ? "created the database" : "",
      result.cleared ? "dropped what it held first" : "",
      result.keptAs ? `kept the folder that was there as ${displayPath(result.keptAs)}` : "",
    ].filter(Boolean);
    process.stdout.write(
      `Restored ${displayPath(file)} into ${describeTarget(target)}${notes.length ? ` (${notes.join("; ")})` : ""}: ` +
        `${counts.length} tables, ${total} rows in ${((performance.now() - started) / 1000).toFixed(1)} s.\n`,
    );
    for (const [table, n] of counts) process.stdout.write(`  ${table}: ${n}\n`);
    process.stdout.write(
      target.kind === "postgres"
        ? "Point DATABASE_URL at it, and run npm run db:migrate if the app is newer than the backup.\n"
        : "Point PGLITE_DIR at it (unless it is already there); the app migrates it when it starts.\n",
    );
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 1;
  }
}

void main().then((code) => process.exit(code));
