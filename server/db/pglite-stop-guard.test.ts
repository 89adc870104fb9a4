import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { guardPgliteStop } from "./pglite-stop-guard";

const root = path.resolve(__dirname, "../..");
const fixture = path.resolve(__dirname, "fixtures/stop-embedded-db.ts");
const dir = mkdtempSync(path.join(tmpdir(), "lpm-stop-guard-"));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the fixture in its own process, killed after `ms`: without the guard it never returns. */
function runFixture(ms: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ["--require", path.join(root, "bench/lib/server-only.cjs"), "--import", "tsx", fixture],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: "", PGLITE_DIR: path.join(dir, "pglite") },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), ms);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe("guardPgliteStop", () => {
  it(
    "turns a stopped backend's endless loop into rejected statements, and getDb() reopens the directory",
    { timeout: 120_000 },
    async () => {
      const run = await runFixture(60_000);
      expect(run.code, `the fixture did not finish:\n${run.stderr}`).toBe(0);
      const report = JSON.parse(run.stdout.trim().split("\n").at(-1)!) as Record<string, unknown>;
      expect(report).toEqual({
        guarded: true,
        stopping: "EmbeddedDatabaseStopped",
        after: "EmbeddedDatabaseStopped",
        stops: 1,
        closed: "resolved",
        dbStopping: "EmbeddedDatabaseStopped",
        dbAfter: "EmbeddedDatabaseStopped",
        reopened: true,
        rows: [7],
      });
    },
  );

  it("leaves a PGlite build without the wrapped step alone", () => {
    expect(guardPgliteStop({} as PGlite)).toBe(false);
    expect(guardPgliteStop({ mod: {} } as unknown as PGlite)).toBe(false);
  });
});
