import "server-only";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { gunzipSync } from "node:zlib";
import { BackupError } from "./backup-error";
import { closeDb, createPgliteDb } from "./client";
import { countRows } from "./count-rows";
import {
  backupRequestsDir,
  dumpEmbeddedDatabase,
  findLiveHolder,
  holderFilePath,
} from "./embedded-holder";

export interface EmbeddedWaits {
  /** How long the app has to take the request before it is reported as not answering. */
  takeMs?: number;
  /** How long the app has to write the backup once it took the request. */
  finishMs?: number;
  /** How often the request's folder is looked at. */
  pollMs?: number;
}

export type EmbeddedBackupSource = { via: "app"; pid: number } | { via: "folder" };

/**
 * Writes a consistent backup of the embedded database in `dataDir` to `outFile` (a gzipped tar of
 * the folder). When a live process holds the folder (the app, a script), that process makes it
 * between two of its transactions; when none does, the folder is at rest, and a copy of it is
 * opened and dumped here, so this never opens the folder an app may be starting on.
 */
export async function backupEmbeddedFolder(
  dataDir: string,
  outFile: string,
  waits: EmbeddedWaits = {},
): Promise<EmbeddedBackupSource> {
  const holder = findLiveHolder(dataDir);
  if (holder !== null) {
    await backupThroughHolder(dataDir, holder, outFile, waits);
    return { via: "app", pid: holder };
  }
  if (!existsSync(path.join(dataDir, "PG_VERSION")))
    throw new BackupError(`${dataDir} holds no embedded database.`);
  const scratch = mkdtempSync(path.join(tmpdir(), "lpm-backup-"));
  try {
    const copy = path.join(scratch, "pglite");
    cpSync(dataDir, copy, { recursive: true });
    // A process that opened the folder while it was being copied may have torn the copy.
    const openedMeanwhile = findLiveHolder(dataDir);
    if (openedMeanwhile !== null) {
      await backupThroughHolder(dataDir, openedMeanwhile, outFile, waits);
      return { via: "app", pid: openedMeanwhile };
    }
    const db = await createPgliteDb(copy);
    try {
      await writeWhole(outFile, await dumpEmbeddedDatabase(db.$client));
    } finally {
      await closeDb(db);
    }
    return { via: "folder" };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Drops a request beside the folder and waits for the holding process to answer it. */
async function backupThroughHolder(
  dataDir: string,
  pid: number,
  outFile: string,
  { takeMs = 15_000, finishMs = 10 * 60_000, pollMs = 50 }: EmbeddedWaits,
): Promise<void> {
  const dir = backupRequestsDir(dataDir);
  const id = `${Date.now()}-${randomBytes(6).toString("hex")}`;
  const request = path.join(dir, `${id}.request`);
  const answer = path.join(dir, `${id}.tar.gz`);
  const failure = path.join(dir, `${id}.error`);
  try {
    writeFileSync(request, "", { mode: 0o600 });
  } catch (error) {
    throw new BackupError(
      `Process ${pid} holds ${dataDir}, but the backup request could not be left in ${dir}: ${(error as Error).message}`,
    );
  }
  const started = Date.now();
  try {
    for (;;) {
      if (existsSync(answer)) {
        await moveFile(answer, outFile);
        return;
      }
      if (existsSync(failure))
        throw new BackupError(
          `Process ${pid} holds ${dataDir} and could not back it up: ${(await readFile(failure, "utf8")).trim()}`,
        );
      const taken = !existsSync(request);
      if (!taken && Date.now() - started > takeMs)
        throw new BackupError(
          `Process ${pid} holds ${dataDir} (${holderFilePath(dataDir)}) but did not take the backup ` +
            `request within ${Math.round(takeMs / 1000)} s. If the app is stuck, restart it and ` +
            `try again; if no app runs on this folder any more, delete that .pid file and try again.`,
        );
      if (taken && Date.now() - started > takeMs + finishMs)
        throw new BackupError(
          `Process ${pid} took the backup request for ${dataDir} but did not finish it within ` +
            `${Math.round((takeMs + finishMs) / 1000)} s.`,
        );
      await sleep(pollMs);
    }
  } finally {
    for (const leftover of [request, answer, failure]) await rm(leftover, { force: true });
  }
}

export interface EmbeddedRestore {
  /** Rows per table of the restored database (count-rows.ts). */
  rows: Record<string, number>;
  /** Where the folder that was there before was kept (with `force`). */
  keptAs?: string;
}

/**
 * Restores a backup of the embedded database into `dataDir` as a fresh folder: it is unpacked
 * and opened beside the target (PostgreSQL replays what was committed), then renamed into place.
 * Never over a folder a live process holds; over an existing database only with `force`, and then
 * the old folder is kept beside it.
 */
export async function restoreEmbeddedFolder(
  backup: Buffer,
  dataDir: string,
  { force = false, now = new Date() }: { force?: boolean; now?: Date } = {},
): Promise<EmbeddedRestore> {
  refuseHeldFolder(dataDir);
  const occupied = existsSync(dataDir) && readdirSync(dataDir).length > 0;
  if (occupied && !force)
    throw new BackupError(
      `${dataDir} already holds a database. Restore into another folder (--to FOLDER, then point ` +
        `PGLITE_DIR at it), or add --force to replace it (the old folder is kept beside it).`,
    );
  const tar = unpackEmbeddedBackup(backup);
  const fresh = `${path.resolve(dataDir)}.restoring-${randomBytes(4).toString("hex")}`;
  try {
    const db = await createPgliteDb(fresh, { loadDataDir: new Blob([new Uint8Array(tar)]) });
    let rows: Record<string, number>;
    try {
      rows = await countRows(db);
      await db.$client.exec("checkpoint");
    } finally {
      await closeDb(db);
    }
    // Between the checks above and here an app may have started on the folder.
    refuseHeldFolder(dataDir);
    let keptAs: string | undefined;
    if (occupied) {
      keptAs = `${path.resolve(dataDir)}.before-restore-${fileTime(now)}`;
      await rename(dataDir, keptAs);
    } else if (existsSync(dataDir)) {
      rmSync(dataDir, { recursive: true, force: true });
    }
    await rename(fresh, dataDir);
    return { rows, ...(keptAs ? { keptAs } : {}) };
  } finally {
    rmSync(fresh, { recursive: true, force: true });
  }
}

function refuseHeldFolder(dataDir: string): void {
  const holder = findLiveHolder(dataDir);
  if (holder !== null)
    throw new BackupError(
      `Process ${holder} has ${dataDir} open (the app, or a script): stop it first, or restore ` +
        `into another folder with --to FOLDER.`,
    );
}

/** The tar inside a backup of the embedded database; refuses anything else. */
export function unpackEmbeddedBackup(backup: Buffer): Buffer {
  let tar: Buffer;
  try {
    tar = gunzipSync(backup);
  } catch {
    throw new BackupError("The file is not a backup of the embedded database (not gzip).");
  }
  if (!tarHasEntry(tar, "PG_VERSION"))
    throw new BackupError("The file is not a backup of the embedded database (no PG_VERSION).");
  return tar;
}

/** Walks the 512-byte headers of a ustar archive looking for an entry named `name` (or ./name). */
function tarHasEntry(tar: Buffer, name: string): boolean {
  for (let offset = 0; offset + 512 <= tar.length;) {
    const header = tar.subarray(offset, offset + 512);
    const entry = header.subarray(0, 100).toString("utf8").replace(/\0.*$/s, "");
    if (!entry) return false;
    if (entry === name || entry === `./${name}` || entry === `/${name}`) return true;
    const size = Number.parseInt(header.subarray(124, 136).toString("utf8").trim() || "0", 8);
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return false;
}

/** `2026-05-01T03-00-00Z`: a UTC time that is safe in a file name on every system. */
export function fileTime(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/:/g, "-");
}

/** Writes `data` under a temporary name and renames it, so a file under `file` is always whole. */
export async function writeWhole(file: string, data: Buffer): Promise<void> {
  const partial = `${file}.partial`;
  await writeFile(partial, data, { mode: 0o600 });
  await rename(partial, file);
}

async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    await writeWhole(to, await readFile(from)); // another file system
  }
}
