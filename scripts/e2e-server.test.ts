import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

// The watchdog (scripts/lib/supervise.mjs) through both of its commands: scripts/e2e-server.mjs,
// the end-to-end suite's, and scripts/serve.mjs, the demo's. Each is driven with a stand-in server
// that hangs or loses its database on demand (scripts/fixtures/hanging-server.mjs) and short check
// intervals.
const e2eServer = path.resolve(__dirname, "e2e-server.mjs");
const serve = path.resolve(__dirname, "serve.mjs");
const fixture = path.resolve(__dirname, "fixtures/hanging-server.mjs");

const running: { child: ChildProcess; exited: Promise<unknown>; starts: () => number[] }[] = [];
const dirs: string[] = [];

// The watchdog stops its server on SIGTERM; the stand-ins it started are killed as well in case it
// could not (a stand-in left behind would spin for good).
afterEach(async () => {
  for (const run of running.splice(0)) {
    if (run.child.exitCode === null && run.child.signalCode === null) {
      run.child.kill("SIGTERM");
      await run.exited;
    }
    for (const pid of run.starts()) if (alive(pid)) process.kill(pid, "SIGKILL");
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** The end-to-end watchdog on the embedded database, unless `env` says otherwise. */
function startWatchdog(port: number, env: Record<string, string> = {}) {
  return startScript([e2eServer, String(port), process.execPath, fixture, String(port)], {
    E2E_WATCH_EVERY_MS: "100",
    E2E_ANSWER_WITHIN_MS: "300",
    ...env,
  });
}

/** The demo's watchdog: `npm run demo` runs `node scripts/serve.mjs` after the build. */
function startDemo(port: number, args: string[] = [], env: Record<string, string> = {}) {
  return startScript(
    [
      serve,
      "--port",
      String(port),
      "--check-every-ms",
      "100",
      "--answer-within-ms",
      "300",
      ...args,
      "--",
      process.execPath,
      fixture,
      String(port),
    ],
    env,
  );
}

function startScript(args: string[], env: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), "e2e-server-test-"));
  dirs.push(dir);
  const startLog = path.join(dir, "starts");
  let stderr = "";
  const child = spawn(process.execPath, args, {
    // An empty directory: no .env file of the checkout decides which database the watchdog sees.
    cwd: dir,
    env: { ...process.env, DATABASE_URL: "", START_LOG: startLog, ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const starts = () => {
    try {
      return readFileSync(startLog, "utf8").trim().split("\n").filter(Boolean).map(Number);
    } catch {
      return [];
    }
  };
  running.push({ child, exited, starts });
  return { child, exited, starts, stderr: () => stderr };
}

async function healthy(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`, {
      signal: AbortSignal.timeout(300),
    });
    return response.ok;
  } catch {
    return false;
  }
}

async function until(check: () => boolean | Promise<boolean>, what: string, withinMs = 10_000) {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("the end-to-end server's watchdog", () => {
  it("kills a server that stops answering and starts it again", async () => {
    const port = await freePort();
    const run = startWatchdog(port);
    await until(
      () => run.stderr().includes("answered: watching it"),
      "the watchdog to see the server up",
    );
    expect(run.starts()).toHaveLength(1);

    await fetch(`http://127.0.0.1:${port}/hang`);
    await until(() => run.starts().length === 2, "the restart").catch((error: Error) => {
      throw new Error(`${error.message}; the watchdog said:\n${run.stderr()}`);
    });
    await until(() => healthy(port), "the restarted server");
    const [first, second] = run.starts();
    expect(alive(first!)).toBe(false);
    expect(alive(second!)).toBe(true);
    expect(run.stderr()).toContain("the embedded database stopped answering");
    expect(run.stderr()).toContain(
      "restarting the server (your data is kept). Restart 1 of at most 3;",
    );

    run.child.kill("SIGTERM");
    expect(await run.exited).toBe(0);
    await until(() => !alive(second!), "the server to stop with the watchdog", 2_000);
  });

  it("gives up, failing, when the server keeps hanging", async () => {
    const port = await freePort();
    const run = startWatchdog(port, { HANG_AFTER_MS: "1000" });
    expect(await run.exited).toBe(1);
    expect(run.starts()).toHaveLength(4);
    expect(run.stderr()).toContain("3 restarts already: giving up");
    for (const pid of run.starts()) expect(alive(pid)).toBe(false);
  });

  it("leaves a server alone while it is still starting, and stops it with itself", async () => {
    const port = await freePort();
    // Hangs before it ever answers: the watchdog waits (Playwright's own start timeout applies).
    const run = startWatchdog(port, { HANG_AFTER_MS: "0" });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(run.starts()).toHaveLength(1);
    expect(run.child.exitCode).toBeNull();

    run.child.kill("SIGTERM");
    expect(await run.exited).toBe(0);
    expect(alive(run.starts()[0]!)).toBe(false);
  });
});

describe("the demo's watchdog (npm run demo)", () => {
  it("restarts a demo whose embedded database hung, saying so plainly", async () => {
    const port = await freePort();
    const run = startDemo(port);
    await until(() => run.stderr().includes("answered: watching it"), "the demo to be up");
    await fetch(`http://127.0.0.1:${port}/hang`);
    await until(() => run.starts().length === 2, "the restart");
    await until(() => healthy(port), "the restarted demo");
    expect(alive(run.starts()[0]!)).toBe(false);
    expect(run.stderr()).toMatch(
      /\[demo\] the embedded database stopped answering .*; restarting the server \(your data is kept\)\. Restart 1 of at most 5 in 30 minutes/,
    );
  });

  it("restarts on the embedded database when the health check says the database is stuck", async () => {
    const port = await freePort();
    const run = startDemo(port);
    await until(() => run.stderr().includes("answered: watching it"), "the demo to be up");
    await fetch(`http://127.0.0.1:${port}/db-down`);
    await until(() => run.starts().length === 2, "the restart");
    expect(run.stderr()).toContain("the embedded database stopped answering");
  });

  it("on PostgreSQL waits for a database that does not answer, and restarts only a server that does not", async () => {
    const port = await freePort();
    const run = startDemo(port, [], { DATABASE_URL: "postgres://127.0.0.1:1/none" });
    await until(() => run.stderr().includes("answered: watching it"), "the demo to be up");
    expect(run.stderr()).toContain("on PostgreSQL (DATABASE_URL)");

    await fetch(`http://127.0.0.1:${port}/db-down`);
    await until(() => run.stderr().includes("does not answer"), "the report of the database");
    // Many more checks than a restart needs: the app is fine, PostgreSQL is not.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(run.starts()).toHaveLength(1);
    await fetch(`http://127.0.0.1:${port}/db-up`);
    await until(() => run.stderr().includes("PostgreSQL (DATABASE_URL) answers again"), "recovery");

    await fetch(`http://127.0.0.1:${port}/hang`);
    await until(() => run.starts().length === 2, "the restart");
    expect(run.stderr()).toContain("the server stopped answering");
    expect(run.stderr()).not.toContain("embedded");
    expect(run.stderr()).not.toContain("your data is kept");
  });

  it("gives up, failing, after its restart cap", async () => {
    const port = await freePort();
    const run = startDemo(port, ["--max-restarts", "1"], { HANG_AFTER_MS: "800" });
    expect(await run.exited).toBe(1);
    expect(run.starts()).toHaveLength(2);
    expect(run.stderr()).toContain("1 restart already in 30 minutes: giving up");
    for (const pid of run.starts()) expect(alive(pid)).toBe(false);
  });

  it("answers --help with its usage", async () => {
    const run = spawn(process.execPath, [serve, "--help"], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    run.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    expect(await new Promise((resolve) => run.on("exit", resolve))).toBe(0);
    expect(stdout).toMatch(/^Usage: node scripts\/serve\.mjs/);
  });
});
