#!/usr/bin/env node
// `npm run test:pg`: the Vitest suite against a real PostgreSQL instead of PGlite.
// tests/global-setup.ts creates a template database there, one copy per test file, and drops them all.
// Arguments pass through to `vitest run` (e.g. `node scripts/test-pg.mjs server/db`).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/postgres";
const vitest = fileURLToPath(new URL("../node_modules/vitest/vitest.mjs", import.meta.url));

if (process.argv.includes("--help") || process.argv.includes("-h")) {
  process.stdout.write(`Usage: npm run test:pg -- [vitest run arguments]

Runs the Vitest suite on PostgreSQL instead of PGlite: one template database, a copy per test file,
all dropped at the end. Arguments pass through to \`vitest run\` (files, -t NAME, ...; see
\`npx vitest run --help\`).

Options:
  -h, --help         this text

Environment:
  TEST_DATABASE_URL  the PostgreSQL server to use (default ${DEFAULT_URL})
`);
  process.exit(0);
}

const result = spawnSync(process.execPath, [vitest, "run", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, TEST_DATABASE_URL: process.env.TEST_DATABASE_URL || DEFAULT_URL },
});
process.exit(result.status ?? 1);
