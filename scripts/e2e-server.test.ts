import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

// scripts/e2e-server.mjs, the end-to-end server's watchdog, driven with a stand-in server that
// hangs on demand (scripts/fixtures/hanging-server.mjs) and short check intervals.
const watchdog = path.resolve(__dirname, "e2e-server.mjs");
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

function startWatchdog(port: number, env: Record<string, string> = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), "e2e-server-test-"));
  dirs.push(dir);
  const startLog = path.join(dir, "starts");
  let stderr = "";
  const child = spawn(
    process.execPath,
    [watchdog, String(port), process.execPath, fixture, String(port)],
    {
      env: {
        ...process.env,
        START_LOG: startLog,
        E2E_WATCH_EVERY_MS: "100",
        E2E_ANSWER_WITHIN_MS: "300",
        ...env,
      },
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
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
    expect(run.stderr()).toContain("killing and restarting next start (restart 1 of at most 3");

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
