#!/usr/bin/env node
// The end-to-end suite's server: `next start` on the embedded database, restarted when it stops
// answering. PGlite runs queries on the server's JavaScript thread, and about one CI run in six it
// has spun inside a query for good (upstream electric-sql/pglite#1058; decision 0012): the whole
// server then answers nothing and every later test fails. This watchdog asks GET /api/health every
// few seconds once the server is up; after WATCH_MISSES missed answers in a row it kills the server
// and starts it again on the same database, so only the tests in flight fail (and are retried).
// Each restart is printed to stderr; more than MAX_RESTARTS ends the run, so a server that keeps
// dying is a failure, not a retry loop.
//
// Usage: node scripts/e2e-server.mjs <port> [command ...]
//   host 127.0.0.1; the environment passes through; the command (default: next start on that port)
//   is what the test of this script replaces. E2E_WATCH_EVERY_MS and E2E_ANSWER_WITHIN_MS shorten
//   the checks for that test.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const port = Number(process.argv[2] ?? 3100);
const healthUrl = `http://127.0.0.1:${port}/api/health`;
const nextBin = fileURLToPath(new URL("../node_modules/next/dist/bin/next", import.meta.url));
// Idle connections are kept longer than any client keeps them (Node closes them after 5 s): the
// test's request client reusing a socket the server was closing got ECONNRESET.
const KEEP_ALIVE_MS = 75_000;
const command =
  process.argv.length > 3
    ? process.argv.slice(3)
    : [
        process.execPath,
        nextBin,
        "start",
        "-p",
        String(port),
        "-H",
        "127.0.0.1",
        "--keepAliveTimeout",
        String(KEEP_ALIVE_MS),
      ];

const WATCH_EVERY_MS = Number(process.env.E2E_WATCH_EVERY_MS ?? 2_000);
const ANSWER_WITHIN_MS = Number(process.env.E2E_ANSWER_WITHIN_MS ?? 5_000);
const WATCH_MISSES = 3;
const MAX_RESTARTS = 3;

let server = null;
let restarts = 0;
let stopping = false;

function log(line) {
  process.stderr.write(`[e2e-server] ${line}\n`);
}

function startServer() {
  server = spawn(command[0], command.slice(1), {
    stdio: "inherit",
    env: process.env,
  });
  const child = server;
  child.on("exit", (code, signal) => {
    if (stopping || child !== server) return;
    log(`next start exited (${signal ?? code}) on its own`);
    process.exit(code ?? 1);
  });
}

async function answers() {
  try {
    const response = await fetch(healthUrl, { signal: AbortSignal.timeout(ANSWER_WITHIN_MS) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

/** SIGKILL (a hung server ignores SIGTERM), then wait until it is gone and reaped. */
async function killServer() {
  const child = server;
  server = null;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await gone;
}

async function watch() {
  let up = false;
  let misses = 0;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, WATCH_EVERY_MS));
    if (stopping) return;
    if (await answers()) {
      if (!up) log(`${healthUrl} answered: watching it`);
      up = true;
      misses = 0;
      continue;
    }
    // Until the first answer the server is still starting (migrating, seeding): Playwright waits.
    if (!up || ++misses < WATCH_MISSES) continue;
    restarts += 1;
    if (restarts > MAX_RESTARTS) {
      log(`no answer from ${healthUrl} again; ${MAX_RESTARTS} restarts already: giving up`);
      await killServer();
      process.exit(1);
    }
    log(
      `no answer from ${healthUrl} for ${WATCH_MISSES} checks in a row: killing and restarting next start ` +
        `(restart ${restarts} of at most ${MAX_RESTARTS}; see docs/decisions/0012-e2e-server-watchdog.md)`,
    );
    await killServer();
    up = false;
    misses = 0;
    startServer();
  }
}

for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    stopping = true;
    void killServer().then(() => process.exit(0));
  });
}

startServer();
void watch();
