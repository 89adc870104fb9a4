#!/usr/bin/env node
// `npm run validate`: lint, typecheck and the unit and service tests, stopping at the first that
// fails. A script rather than `a && b && c` in package.json so that `--help` answers at once
// instead of being appended to the last command after minutes of the first two.
import { spawnSync } from "node:child_process";

const args = process.argv.slice(2);
if (args.includes("--help") || args.includes("-h")) {
  process.stdout.write(`Usage: npm run validate -- [vitest run arguments]

Runs \`npm run lint\`, \`npm run typecheck\` and \`npm test\` in turn and stops at the first that
fails, with its exit code. Arguments pass through to \`npm test\` (vitest run).

Options:
  -h, --help    this text
`);
  process.exit(0);
}

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
for (const step of [
  ["run", "lint"],
  ["run", "typecheck"],
  ["test", ...(args.length ? ["--", ...args] : [])],
]) {
  const result = spawnSync(npm, step, { stdio: "inherit", shell: process.platform === "win32" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
