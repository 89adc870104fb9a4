/**
 * npm run db:backup [-- --out DIR]
 *
 * Backs up the database the app uses (DATABASE_URL, else the embedded one in PGLITE_DIR) to one
 * file named after the time it was taken: pg_dump's custom format on PostgreSQL; on the embedded
 * database, a copy of its folder made by the running app between two transactions, or read at
 * rest when no process has it open (decision 0040). README "Backups" says how often and where.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

const USAGE = `Usage: npm run db:backup [-- --out DIR]

Backs up the database the app uses to one file whose name carries the time (UTC), and prints it:
  PostgreSQL (DATABASE_URL)   marketplace-2026-05-01T03-00-00Z.dump, pg_dump's custom format
  embedded (PGLITE_DIR)       marketplace-2026-05-01T03-00-00Z.pglite.tar.gz, made by the running
                              app between two transactions (read at rest when no app runs)
Copy the file off this machine; restore it with npm run db:restore -- FILE.
  --out DIR   the folder to write it to (default backups/)
  --help      this text
Needs pg_dump of the server's major version on PATH for PostgreSQL.`;

async function main(): Promise<number> {
  let values: { out?: string; help?: boolean };
  try {
    ({ values } = parseArgs({ options: { out: { type: "string" }, help: { type: "boolean" } } }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (existsSync(".env")) process.loadEnvFile(".env");
  const { BackupError, backupDatabase, databaseTargetFromEnv, describeTarget, displayPath } =
    await import("@/server/db/backup");
  const started = performance.now();
  try {
    const target = databaseTargetFromEnv();
    const { file, bytes, source } = await backupDatabase(target, {
      outDir: path.resolve(values.out ?? "backups"),
    });
    const how =
      source?.via === "app"
        ? ` (made by process ${source.pid}, which has it open)`
        : source?.via === "folder"
          ? " (no process had it open: read at rest)"
          : "";
    process.stdout.write(
      `Backed up ${describeTarget(target)}${how} to ${displayPath(file)} ` +
        `(${formatBytes(bytes)}) in ${((performance.now() - started) / 1000).toFixed(1)} s.\n`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 1;
  }
}

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

void main().then((code) => process.exit(code));
