/**
 * The processes under load: the app (`next start` on the bench build) and the bare floor
 * (bench/http/bare-server.cjs), both pinned to core 1 with taskset; the load generator (this
 * process) moves to core 0. Both talk to the same PostgreSQL database.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdtempSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { BENCH_SECRET } from "../lib/env";
import { Missing } from "../lib/missing";
import { readBalancerConfig } from "./balancer";

const ROOT = process.cwd();
export const SERVER_CORE = "1";
export const LOAD_CORE = "0";

export function hasTaskset(): boolean {
  return spawnSync("taskset", ["-V"], { stdio: "ignore" }).status === 0;
}

/** Moves every thread of this process to the load generator's core. */
export function pinSelf(): boolean {
  if (!hasTaskset()) return false;
  return (
    spawnSync("taskset", ["-a", "-p", "-c", LOAD_CORE, String(process.pid)], { stdio: "ignore" })
      .status === 0
  );
}

/**
 * Gives this process (and what it starts next, e.g. Chromium) every core again. Every core of the
 * machine, not `availableParallelism()`: that counts the cores this process may use, which once
 * pinned is one, and Chromium stayed on the load generator's core (Lighthouse's blocking time on
 * the search page 300-390 ms instead of 0-40 ms, until session 18).
 */
export function unpinSelf(): void {
  if (!hasTaskset()) return;
  const all = `0-${Math.max(0, cpus().length - 1)}`;
  spawnSync("taskset", ["-a", "-p", "-c", all, String(process.pid)], { stdio: "ignore" });
}

export interface Server {
  origin: string;
  hookPort: number;
  child: ChildProcess;
  /** Milliseconds from spawn to the first successful page. */
  firstPageMs: number;
  stop(): Promise<void>;
}

async function waitForPage(
  origin: string,
  pathName: string,
  child: ChildProcess,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  child.once("exit", () => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`server exited before answering ${pathName}`);
    try {
      const res = await fetch(new URL(pathName, origin), { redirect: "manual" });
      await res.arrayBuffer();
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no answer from ${origin}${pathName} within ${timeoutMs} ms`);
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
      setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
    });
}

/**
 * The server a spawned process became once `firstPath` answers; a server that never answers is
 * stopped before the error goes up, so a failed start leaves no process behind.
 */
async function waitForServer(
  child: ChildProcess,
  opts: {
    origin: string;
    firstPath: string;
    timeoutMs: number;
    /** `performance.now()` just before the spawn. */
    startedAt: number;
    hookPort?: number;
  },
): Promise<Server> {
  const stop = stopper(child);
  try {
    await waitForPage(opts.origin, opts.firstPath, child, opts.timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  const firstPageMs = performance.now() - opts.startedAt;
  return { origin: opts.origin, hookPort: opts.hookPort ?? 0, child, firstPageMs, stop };
}

function pinned(command: string, args: string[]): [string, string[]] {
  return hasTaskset() ? ["taskset", ["-c", SERVER_CORE, command, ...args]] : [command, args];
}

export interface NextOptions {
  distDir: string;
  port: number;
  hookPort: number;
  databaseUrl?: string;
  /** PGlite directory instead of PostgreSQL (the embedded mode). */
  pgliteDir?: string;
  snapshotDir: string;
  firstPath?: string;
  logName: string;
  /** More environment for the app (the caching proxy's purge address, decision 0055). */
  env?: Record<string, string>;
}

export async function startNext(opts: NextOptions): Promise<Server> {
  const origin = `http://127.0.0.1:${opts.port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_DIST_DIR: opts.distDir,
    NEXT_TELEMETRY_DISABLED: "1",
    APP_URL: origin,
    NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? BENCH_SECRET,
    LOG_LEVEL: "warn",
    NODE_OPTIONS:
      `${process.env.NODE_OPTIONS ?? ""} --require ${path.join(ROOT, "bench", "http", "pg-hook.cjs")}`.trim(),
    BENCH_COUNT_STATEMENTS: "1",
    BENCH_HOOK_PORT: String(opts.hookPort),
    BENCH_SNAPSHOT_DIR: opts.snapshotDir,
    ...opts.env,
  };
  if (opts.pgliteDir) {
    delete env.DATABASE_URL;
    env.PGLITE_DIR = opts.pgliteDir;
  } else {
    env.DATABASE_URL = opts.databaseUrl;
  }
  const [cmd, args] = pinned(process.execPath, [
    path.join(ROOT, "node_modules", "next", "dist", "bin", "next"),
    "start",
    "-p",
    String(opts.port),
    "-H",
    "127.0.0.1",
  ]);
  const startedAt = performance.now();
  const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  const log = createWriteStream(path.join(ROOT, opts.distDir, `${opts.logName}.log`));
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return waitForServer(child, {
    origin,
    firstPath: opts.firstPath ?? "/",
    timeoutMs: 60_000,
    startedAt,
    hookPort: opts.hookPort,
  });
}

export interface BareOptions {
  port: number;
  databaseUrl: string;
  /** JSON config file: statements, the parameter to substitute, the template HTML. */
  configFile: string;
}

export async function startBare(opts: BareOptions): Promise<Server> {
  const origin = `http://127.0.0.1:${opts.port}`;
  const [cmd, args] = pinned(process.execPath, [
    path.join(ROOT, "bench", "http", "bare-server.cjs"),
  ]);
  const startedAt = performance.now();
  const child = spawn(cmd, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(opts.port),
      DATABASE_URL: opts.databaseUrl,
      BARE_CONFIG: opts.configFile,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  return waitForServer(child, { origin, firstPath: "/health", timeoutMs: 10_000, startedAt });
}

/**
 * HAProxy with deploy/haproxy.cfg in front of the app (bench/http/balancer.ts), on the load
 * generator's core: in a deployment the balancer runs beside the replicas, not on their cores.
 * Missing when `haproxy` is not installed (Debian: `apt-get install haproxy`).
 */
export async function startBalancer(opts: { port: number; app: Server }): Promise<Server> {
  if (spawnSync("haproxy", ["-v"], { stdio: "ignore" }).status !== 0)
    throw new Missing("haproxy on the PATH (Debian: apt-get install haproxy)");
  const configFile = path.join(mkdtempSync(path.join(tmpdir(), "bench-haproxy-")), "haproxy.cfg");
  const upstream = new URL(opts.app.origin).host;
  writeFileSync(configFile, readBalancerConfig({ port: opts.port, upstream }));
  const origin = `http://127.0.0.1:${opts.port}`;
  const [cmd, args] = hasTaskset()
    ? ["taskset", ["-c", LOAD_CORE, "haproxy", "-db", "-f", configFile]]
    : ["haproxy", ["-db", "-f", configFile]];
  const startedAt = performance.now();
  const child = spawn(cmd, args, { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
  return waitForServer(child, { origin, firstPath: "/api/health", timeoutMs: 10_000, startedAt });
}

/** Statement counter of the app (bench/http/pg-hook.cjs). */
export async function hookCount(server: Server): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${server.hookPort}/count`);
  return ((await res.json()) as { count: number }).count;
}

export async function hookCapture<T>(
  server: Server,
  fn: () => Promise<T>,
): Promise<{ result: T; statements: { text: string; values: unknown[] }[] }> {
  await fetch(`http://127.0.0.1:${server.hookPort}/capture`, { method: "POST" });
  const result = await fn();
  const res = await fetch(`http://127.0.0.1:${server.hookPort}/capture`);
  const { statements } = (await res.json()) as {
    statements: { text: string; values: unknown[] }[];
  };
  return { result, statements };
}
