#!/usr/bin/env node
// The end-to-end suite's server: `next start` on 127.0.0.1, restarted when it stops answering
// (scripts/lib/supervise.mjs, decision 0012). Unlike the demo's (scripts/serve.mjs), every restart
// of the run counts and a fourth hang ends the run with a failure: in the suite a server that
// keeps dying is a defect to find, not something to retry around.
//
// Usage: node scripts/e2e-server.mjs <port> [command ...]
//   the environment passes through; the command (default: next start on that port) is what the
//   test of this script replaces. E2E_WATCH_EVERY_MS and E2E_ANSWER_WITHIN_MS shorten the checks
//   for that test.
import { fileURLToPath } from "node:url";
import { supervise } from "./lib/supervise.mjs";

if (["-h", "--help"].includes(process.argv[2] ?? "")) {
  process.stdout.write("Usage: node scripts/e2e-server.mjs <port> [command ...]\n");
  process.exit(0);
}

const port = Number(process.argv[2] ?? 3100);
const nextBin = fileURLToPath(new URL("../node_modules/next/dist/bin/next", import.meta.url));
// Idle connections are kept longer than any client keeps them (Node closes them after 5 s): the
// test's request client reusing a socket the server was closing got ECONNRESET.
const KEEP_ALIVE_MS = 75_000;
const custom = process.argv.length > 3;

supervise({
  command: custom
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
      ],
  healthUrl: `http://127.0.0.1:${port}/api/health`,
  label: "e2e-server",
  serverName: "next start",
  checkEveryMs: Number(process.env.E2E_WATCH_EVERY_MS ?? 2_000),
  answerWithinMs: Number(process.env.E2E_ANSWER_WITHIN_MS ?? 5_000),
  misses: 3,
  maxRestarts: 3,
  restartWindowMs: Infinity,
});
