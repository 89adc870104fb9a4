import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Issue 23: every `npm run` script answers `--help` with its options, not a stack trace and not
// by doing its work. These are the project's own commands; the others (next, vitest, eslint,
// prettier, tsc, playwright, drizzle-kit) answer by themselves. Each runs through npm, as a person
// types it, so a package.json entry that appends --help to the wrong command fails here too.
const OWN_SCRIPTS = [
  "demo",
  "validate",
  "test:pg",
  "bench",
  "bench:data",
  "bench:ci",
  "db:migrate",
  "db:seed",
  "db:backup",
  "db:restore",
  "admin:create",
  "stripe:setup",
  "pickup:remind",
];

const root = path.resolve(__dirname, "..");

function npmRunHelp(script: string): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script, "--", "--help"], {
      cwd: root,
      // A run that does its work instead of answering would touch a database: point it nowhere.
      env: {
        ...process.env,
        DATABASE_URL: "postgres://127.0.0.1:1/none",
        PGLITE_DIR: "/nonexistent",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout });
    });
  });
}

describe("npm run <script> -- --help", () => {
  it.each(OWN_SCRIPTS)("%s prints its usage and exits 0", { timeout: 40_000 }, async (script) => {
    const { code, stdout } = await npmRunHelp(script);
    expect(code).toBe(0);
    expect(stdout).toContain(`npm run ${script}`);
  });
});
