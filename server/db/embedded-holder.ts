import "server-only";
import {
  mkdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  watch,
  writeFileSync,
  type FSWatcher,
} from "node:fs";
import { readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { PGlite } from "@electric-sql/pglite";

/**
 * The embedded database is one process's folder: PGlite runs inside the process that opened it,
 * and a copy of the folder made while that process writes is torn. So the process that opens a
 * folder says so in `<folder>.pid` and answers the backup requests dropped in
 * `<folder>.backup-requests/` with a dump taken between two of its transactions; `npm run
 * db:backup` asks it there, and reads the folder itself only when no live process holds it
 * (decision 0040).
 */

/** `<folder>.pid`: the id of the process that has the folder open. */
export function holderFilePath(dataDir: string): string {
  return `${path.resolve(dataDir)}.pid`;
}

/** `<folder>.backup-requests/`: `<id>.request` in, `<id>.tar.gz` or `<id>.error` out. */
export function backupRequestsDir(dataDir: string): string {
  return `${path.resolve(dataDir)}.backup-requests`;
}

export const REQUEST_NAME = /^([A-Za-z0-9-]{1,64})\.request$/;

/** A request nobody took for this long was left by a backup that gave up: it is dropped. */
const STALE_REQUEST_MS = 10 * 60 * 1000;

/**
 * The process that has `dataDir` open, when its `.pid` file names a live process; null when the
 * folder is at rest (no file, or a process that has ended). A process of another user still counts.
 */
export function findLiveHolder(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(holderFilePath(dataDir), "utf8"), 10);
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM" ? pid : null;
  }
}

const gzipAsync = promisify(gzip);

/**
 * A consistent copy of an open embedded database, as a gzipped tar of its folder (what PGlite's
 * `loadDataDir` takes back). A checkpoint first keeps the replay on restore short; the tar is then
 * made while no transaction is open (PGlite's transaction lock) and no statement runs (its query
 * lock, held by `dumpDataDir`), so it is the folder at one instant between two transactions.
 * Compressing happens after the locks are let go, off the event loop.
 */
export async function dumpEmbeddedDatabase(client: PGlite): Promise<Buffer> {
  await client.exec("checkpoint");
  const tar = await client._runExclusiveTransaction(() => client.dumpDataDir("none"));
  return gzipAsync(new Uint8Array(await tar.arrayBuffer()));
}

interface Holding {
  client?: PGlite;
  watcher?: FSWatcher;
  /** The pass over the requests in progress, and whether another one is wanted after it. */
  running?: Promise<void>;
  again: boolean;
}

// One hold per process and folder; kept on globalThis so a module re-run by hot reload finds them.
const shared: { holdings: Map<string, Holding>; exitHook: boolean } = ((
  globalThis as {
    __marketplaceEmbeddedHolds?: { holdings: Map<string, Holding>; exitHook: boolean };
  }
).__marketplaceEmbeddedHolds ??= { holdings: new Map(), exitHook: false });
const holdings = shared.holdings;

export interface EmbeddedHold {
  /** The client that answers the requests, once the folder is open. */
  attach(client: PGlite): void;
  /** Stops answering and removes the `.pid` file (when it is still this process's). */
  release(): void;
}

/**
 * Claims `dataDir` for this process before it is opened: writes `<folder>.pid` and starts
 * answering backup requests. Holding a folder again (a reopen after PGlite stopped) replaces the
 * earlier hold. Neither the watcher nor anything else here keeps the process alive.
 */
export function holdEmbeddedFolder(dataDir: string): EmbeddedHold {
  const dir = path.resolve(dataDir);
  stopHolding(dir);
  const holding: Holding = { again: false };
  holdings.set(dir, holding);
  removeHolderFilesAtExit();
  writeFileSync(holderFilePath(dir), `${process.pid}\n`);
  const requests = backupRequestsDir(dir);
  try {
    mkdirSync(requests, { recursive: true, mode: 0o700 });
    holding.watcher = watch(requests, { persistent: false }, () => answerSoon(dir, holding));
    holding.watcher.on("error", (error) => console.error("watching backup requests", error));
  } catch (error) {
    // The database still works; only a backup of it while it runs will say nobody answered.
    console.error(`cannot answer backup requests in ${requests}`, error);
  }
  return {
    attach: (client) => {
      holding.client = client;
    },
    release: () => {
      if (holdings.get(dir) === holding) releaseFolder(dir);
    },
  };
}

/** Lets go of the folder `client` has open (closeDb, before it closes it). */
export function releaseHoldOf(client: PGlite): void {
  for (const [dir, holding] of holdings) if (holding.client === client) releaseFolder(dir);
}

function stopHolding(dir: string): void {
  holdings.get(dir)?.watcher?.close();
  holdings.delete(dir);
}

function releaseFolder(dir: string): void {
  stopHolding(dir);
  removeHolderFile(dir);
  removeEmptyRequestsDir(dir);
}

function removeEmptyRequestsDir(dir: string): void {
  try {
    rmdirSync(backupRequestsDir(dir));
  } catch {
    // not empty (an asker's files), or already gone
  }
}

function removeHolderFile(dir: string): void {
  try {
    if (readFileSync(holderFilePath(dir), "utf8").trim() === String(process.pid))
      rmSync(holderFilePath(dir), { force: true });
  } catch {
    // already gone
  }
}

function removeHolderFilesAtExit(): void {
  if (shared.exitHook) return;
  shared.exitHook = true;
  process.once("exit", () => {
    for (const dir of holdings.keys()) {
      removeHolderFile(dir);
      removeEmptyRequestsDir(dir);
    }
  });
}

/** One pass at a time per folder; an event during a pass asks for one more after it. */
function answerSoon(dir: string, holding: Holding): void {
  if (holding.running) {
    holding.again = true;
    return;
  }
  holding.running = answerRequests(dir, holding)
    .catch((error: unknown) => console.error("answering backup requests", error))
    .finally(() => {
      holding.running = undefined;
      if (holding.again && holdings.get(dir) === holding) {
        holding.again = false;
        answerSoon(dir, holding);
      }
    });
}

/** The folder's names; none when the folder is gone (its database folder was removed under us). */
async function readRequests(requests: string): Promise<string[]> {
  return readdir(requests).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
}

/**
 * Answers each `<id>.request`: taking the request (deleting it) tells the asker the backup is
 * under way; the dump is written to `<id>.tar.gz.partial` and renamed to `<id>.tar.gz` when
 * whole, or the reason it failed goes to `<id>.error`.
 */
async function answerRequests(dir: string, holding: Holding): Promise<void> {
  const requests = backupRequestsDir(dir);
  for (const name of await readRequests(requests)) {
    const id = REQUEST_NAME.exec(name)?.[1];
    if (!id) continue;
    const request = path.join(requests, name);
    const stale = await stat(request).then(
      (s) => Date.now() - s.mtimeMs > STALE_REQUEST_MS,
      () => true,
    );
    // Taking it fails when it is gone (its asker gave up, or a pass before this one took it).
    if (
      !(await rm(request).then(
        () => true,
        () => false,
      )) ||
      stale
    )
      continue;
    const partial = path.join(requests, `${id}.tar.gz.partial`);
    try {
      if (!holding.client || holding.client.closed)
        throw new Error("the embedded database is not open in this process");
      await writeFile(partial, await dumpEmbeddedDatabase(holding.client), { mode: 0o600 });
      await rename(partial, path.join(requests, `${id}.tar.gz`));
    } catch (error) {
      await rm(partial, { force: true });
      await writeFile(
        path.join(requests, `${id}.error`),
        String((error as Error).message ?? error),
      );
    }
  }
}
