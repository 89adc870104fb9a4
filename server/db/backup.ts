import "server-only";
import { closeSync, mkdirSync, openSync, readSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { BackupError } from "./backup-error";
import { closeDb, createNodePgDb } from "./client";
import { countRows } from "./count-rows";
import {
  backupEmbeddedFolder,
  fileTime,
  restoreEmbeddedFolder,
  type EmbeddedBackupSource,
  type EmbeddedWaits,
} from "./embedded-backup";
import { describePostgres, dumpPostgres, restorePostgres } from "./postgres-backup";

export { BackupError } from "./backup-error";

/** The database the app uses, chosen as server/env.ts and server/db/client.ts choose it. */
export type DatabaseTarget = { kind: "postgres"; url: string } | { kind: "embedded"; dir: string };

/** DATABASE_URL when set, else the embedded database in PGLITE_DIR (default .data/pglite). */
export function databaseTargetFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseTarget {
  const url = env.DATABASE_URL?.trim();
  if (url) return postgresTarget(url, "DATABASE_URL");
  return { kind: "embedded", dir: path.resolve(env.PGLITE_DIR?.trim() || ".data/pglite") };
}

/** `--to`: a postgres:// URL, or the folder of an embedded database. */
export function databaseTargetFromArgument(to: string): DatabaseTarget {
  return /^postgres(ql)?:\/\//.test(to)
    ? postgresTarget(to, "--to")
    : { kind: "embedded", dir: path.resolve(to) };
}

function postgresTarget(url: string, source: string): DatabaseTarget {
  if (!/^postgres(ql)?:\/\//.test(url) || !URL.canParse(url))
    throw new BackupError(`${source} must be a postgres:// URL.`);
  return { kind: "postgres", url };
}

export function describeTarget(target: DatabaseTarget): string {
  return target.kind === "postgres" ? describePostgres(target.url) : displayPath(target.dir);
}

/** Relative to the working folder when inside it, else absolute. */
export function displayPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith("..") && !path.isAbsolute(relative)
    ? relative
    : path.resolve(file);
}

/** `marketplace-2026-05-01T03-00-00Z.dump` (PostgreSQL) or `....pglite.tar.gz` (embedded). */
export function backupFileName(kind: DatabaseTarget["kind"], takenAt: Date): string {
  return `marketplace-${fileTime(takenAt)}${kind === "postgres" ? ".dump" : ".pglite.tar.gz"}`;
}

export interface BackupResult {
  file: string;
  bytes: number;
  /** Embedded only: whether the app made it, or the folder was read at rest. */
  source?: EmbeddedBackupSource;
}

/**
 * Writes one backup file of `target` into `outDir`, named after the time it was taken (UTC).
 * The file appears only once it is whole.
 */
export async function backupDatabase(
  target: DatabaseTarget,
  { outDir, now = new Date(), waits }: { outDir: string; now?: Date; waits?: EmbeddedWaits },
): Promise<BackupResult> {
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, backupFileName(target.kind, now));
  if (target.kind === "postgres") {
    await dumpPostgres(target.url, file);
    return { file, bytes: (await stat(file)).size };
  }
  const source = await backupEmbeddedFolder(target.dir, file, waits);
  return { file, bytes: (await stat(file)).size, source };
}

/** Which kind of database a backup file is of, from its first bytes. */
export function backupKindOf(file: string): DatabaseTarget["kind"] {
  const head = Buffer.alloc(5);
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch (error) {
    throw new BackupError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  try {
    readSync(fd, head, 0, 5, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString("latin1") === "PGDMP") return "postgres";
  if (head[0] === 0x1f && head[1] === 0x8b) return "embedded";
  throw new BackupError(`${file} is not a backup made by npm run db:backup.`);
}

export interface RestoreResult {
  /** Rows per table (`schema.table`) in the restored database. */
  rows: Record<string, number>;
  created?: boolean;
  cleared?: boolean;
  keptAs?: string;
}

/**
 * Restores a `backupDatabase` file into `target`, an empty database (PostgreSQL) or a fresh folder
 * (embedded); see restorePostgres and restoreEmbeddedFolder for `force`. Refuses a backup of the
 * other kind of database.
 */
export async function restoreDatabase(
  file: string,
  target: DatabaseTarget,
  { force = false }: { force?: boolean } = {},
): Promise<RestoreResult> {
  const kind = backupKindOf(file);
  if (kind !== target.kind)
    throw new BackupError(
      kind === "postgres"
        ? `${file} is a PostgreSQL backup (pg_dump): restore it into PostgreSQL (DATABASE_URL, or --to postgres://...).`
        : `${file} is a backup of the embedded database: restore it into a folder (PGLITE_DIR without DATABASE_URL, or --to FOLDER).`,
    );
  if (target.kind === "postgres") {
    const { created, cleared } = await restorePostgres(file, target.url, { force });
    const db = createNodePgDb(target.url, { max: 1 });
    try {
      return { rows: await countRows(db), created, cleared };
    } finally {
      await closeDb(db);
    }
  }
  return restoreEmbeddedFolder(await readFile(file), target.dir, { force });
}
