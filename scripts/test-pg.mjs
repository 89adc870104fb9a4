#!/usr/bin/env node
// `npm run test:pg`: the Vitest suite against a real PostgreSQL instead of PGlite.
// tests/global-setup.ts creates a template database there, one copy per test file, and drops them all.
// With no arguments it runs the test files that reach a test database (scripts/lib/
// database-test-files.mjs): the others never open one and already ran in `npm test`.
// Arguments pass through to `vitest run` instead (e.g. `node scripts/test-pg.mjs server/db`).
import { execFileSync, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { databaseTestFiles } from "./lib/database-test-files.mjs";

const DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/postgres";
const vitest = fileURLToPath(new URL("../node_modules/vitest/vitest.mjs", import.meta.url));

if (process.argv.includes("--help") || process.argv.includes("-h")) {
  process.stdout.write(`Usage: npm run test:pg -- [vitest run arguments]

Runs the Vitest suite on PostgreSQL instead of PGlite: one template database, a copy per test file,
all dropped at the end. With no arguments, the test files that reach a test database (their
imports lead to tests/db.ts); the others open no database and run in \`npm test\`. Arguments pass
through to \`vitest run\` instead (files, -t NAME, ...; see \`npx vitest run --help\`).

Options:
  -h, --help         this text

Environment:
  TEST_DATABASE_URL  the PostgreSQL server to use (default ${DEFAULT_URL})
`);
  process.exit(0);
}

const root = fileURLToPath(new URL("..", import.meta.url));
let args = process.argv.slice(2);
if (args.length === 0) {
  const tracked = trackedTestFiles();
  if (tracked) {
    args = databaseTestFiles(root, tracked);
    process.stdout.write(
      `test:pg: ${args.length} of ${tracked.length} test files reach a database\n`,
    );
  }
}

/** The repository's test files, or null outside a git checkout (then every file runs). */
function trackedTestFiles() {
  try {
    return execFileSync("git", ["ls-files", "*.test.ts", "*.test.tsx"], {
      cwd: root,
      stdio: ["ignore", "pipe", "ignore"],
    })
      .toString()
      .split("\n")
      .filter((file) => file && !file.startsWith("e2e/"));
  } catch {
    return null;
  }
}

const result = spawnSync(process.execPath, [vitest, "run", ...args], {
  stdio: "inherit",
  env: { ...process.env, TEST_DATABASE_URL: process.env.TEST_DATABASE_URL || DEFAULT_URL },
});
process.exit(result.status ?? 1);
