import "server-only";
import { spawn } from "node:child_process";
import { rename, rm } from "node:fs/promises";
import { Transform } from "node:stream";
import pg from "pg";
import { BackupError } from "./backup-error";

/** `postgres://user@host:port/db`: the URL without its password, for messages and logs. */
export function describePostgres(url: string): string {
  const parsed = new URL(url);
  parsed.password = "";
  return parsed.toString();
}

/**
 * What pg_dump, pg_restore and psql are given: the URL without its password, which travels in
 * PGPASSWORD so it never shows in the process list.
 */
function libpq(url: string): { dbname: string; env: Record<string, string> } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { dbname: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/**
 * `pg_dump --format=custom` of the database at `url` into `outFile`: one snapshot of the whole
 * database (pg_dump reads it in one repeatable-read transaction while the app keeps writing).
 */
export async function dumpPostgres(url: string, outFile: string): Promise<void> {
  const { dbname, env } = libpq(url);
  const partial = `${outFile}.partial`;
  try {
    await run(
      "pg_dump",
      ["--format=custom", `--file=${partial}`, "--lock-wait-timeout=60000", `--dbname=${dbname}`],
      env,
    );
    await rename(partial, outFile);
  } finally {
    await rm(partial, { force: true });
  }
}

export interface PostgresRestore {
  /** The database did not exist and was created. */
  created: boolean;
  /** What was in the database before was dropped (`force`). */
  cleared: boolean;
}

/**
 * Restores a `dumpPostgres` file into the database at `url` with `pg_restore --no-owner
 * --no-acl`, in one transaction (piped through psql): a failure leaves the database as it was.
 * A database that does not exist is created. One that is not empty is refused unless `force`,
 * which drops everything in it (its schemas) in that same transaction, first.
 */
export async function restorePostgres(
  file: string,
  url: string,
  { force = false }: { force?: boolean } = {},
): Promise<PostgresRestore> {
  const created = await createDatabaseIfMissing(url);
  const contents = created ? { objects: 0, schemas: [] } : await readContents(url);
  if (contents.objects > 0 && !force)
    throw new BackupError(
      `${describePostgres(url)} is not empty (${contents.objects} tables, sequences or ` +
        `extensions). Restore into an empty database (--to postgres://.../NEW_NAME; one that does ` +
        `not exist is created), or add --force to drop everything in it first.`,
    );
  const cleared = contents.objects > 0;
  const prelude = cleared
    ? [
        ...contents.schemas.map((schema) => `drop schema ${quoteIdent(schema)} cascade;`),
        "create schema if not exists public;",
      ].join("\n")
    : "";
  await restoreInOneTransaction(file, url, prelude);
  return { created, cleared };
}

/** pg_restore writes the SQL, psql runs it after `prelude`, all in one transaction. */
async function restoreInOneTransaction(file: string, url: string, prelude: string): Promise<void> {
  const { dbname, env } = libpq(url);
  const psql = start("psql", [
    "--no-psqlrc",
    "--quiet",
    "--single-transaction",
    "--set=ON_ERROR_STOP=1",
    "--file=-",
    `--dbname=${dbname}`,
  ]);
  const restore = start("pg_restore", ["--no-owner", "--no-acl", "--file=-", file], env);
  psql.child.stdin!.on("error", () => {}); // psql stopped on an error: its exit code says so
  psql.child.stdin!.write(`${prelude}\n`);
  restore.child.stdout!.pipe(withPublicSearchPath()).pipe(psql.child.stdin!);
  const [restored, applied] = await Promise.allSettled([restore.done, psql.done]);
  // psql's error is the one that explains (a statement that failed); pg_restore's comes second.
  if (applied.status === "rejected") throw applied.reason;
  if (restored.status === "rejected") throw restored.reason;

  function start(command: string, args: string[], extra: Record<string, string> = env) {
    const child = spawn(command, args, {
      env: { ...process.env, ...extra },
      stdio: ["pipe", "pipe", "pipe"],
    });
    return { child, done: finished(command, child) };
  }
}

const EMPTY_SEARCH_PATH = "SELECT pg_catalog.set_config('search_path', '', false);";
const PUBLIC_SEARCH_PATH = "SELECT pg_catalog.set_config('search_path', 'public', false);";
/** Only the script's first lines are looked at: past them come the rows. */
const HEADER_BYTES = 64 * 1024;

/**
 * pg_restore's script empties the search_path, which breaks earthdistance 1.1 (PostgreSQL 15):
 * `ll_to_earth` names the type `earth` unqualified, and the members' generated `geo` column and
 * their distance index call it while the rows are copied in ("type earth does not exist"). The
 * script's one search_path line is given `public` instead; every name in the script is
 * schema-qualified anyway.
 */
function withPublicSearchPath(): Transform {
  let head = "";
  let passing = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (passing) return callback(null, chunk);
      head += chunk.toString("latin1");
      if (!head.includes(EMPTY_SEARCH_PATH) && head.length < HEADER_BYTES) return callback();
      passing = true;
      callback(null, Buffer.from(head.replace(EMPTY_SEARCH_PATH, PUBLIC_SEARCH_PATH), "latin1"));
    },
    flush(callback) {
      callback(null, passing ? undefined : Buffer.from(head, "latin1"));
    },
  });
}
function run(command: string, args: string[], env: Record<string, string>): Promise<void> {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  return finished(command, child);
}

function finished(command: string, child: ReturnType<typeof spawn>): Promise<void> {
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new BackupError(
              `${command} was not found. Install PostgreSQL's client programs of the server's ` +
                `major version (Debian: apt-get install postgresql-client-15) or put them on PATH.`,
            )
          : error,
      ),
    );
    child.on("close", (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`${command} failed (exit ${code}):\n${stderr.trim()}`)),
    );
  });
}

/** Creates the database `url` names when the server says it does not exist; true if it did. */
async function createDatabaseIfMissing(url: string): Promise<boolean> {
  try {
    await withClient(url, async () => {});
    return false;
  } catch (error) {
    if ((error as { code?: string }).code !== "3D000") throw connectionError(url, error);
  }
  const maintenance = new URL(url);
  const name = decodeURIComponent(maintenance.pathname.slice(1));
  maintenance.pathname = "/postgres";
  await withClient(maintenance.toString(), (client) =>
    client.query(`create database ${quoteIdent(name)}`),
  ).catch((error: unknown) => {
    throw new BackupError(
      `${describePostgres(url)} does not exist and could not be created: ${(error as Error).message}`,
    );
  });
  return true;
}

/** The schemas (other than the system's) and how many tables, sequences and extensions exist. */
async function readContents(url: string): Promise<{ objects: number; schemas: string[] }> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ objects: string; schemas: string[] }>(
      `select
         (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
             and n.nspname <> 'information_schema' and n.nspname not like 'pg\\_%')
         + (select count(*) from pg_extension where extname <> 'plpgsql') as objects,
         array(select nspname::text from pg_namespace
           where nspname <> 'information_schema' and nspname not like 'pg\\_%'
           order by nspname) as schemas`,
    );
    return { objects: Number(rows[0]!.objects), schemas: rows[0]!.schemas };
  }).catch((error: unknown) => {
    throw connectionError(url, error);
  });
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function connectionError(url: string, error: unknown): Error {
  return error instanceof BackupError
    ? error
    : new BackupError(`Cannot reach ${describePostgres(url)}: ${(error as Error).message}`);
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
