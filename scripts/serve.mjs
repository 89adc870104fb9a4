#!/usr/bin/env node
// `npm run demo`'s server: `next start` under a watchdog that restarts it when it stops answering
// (scripts/lib/supervise.mjs, decision 0012). A newcomer's demo runs on the embedded database,
// which can hang for good inside a query; without this the site would just stop, silently.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { supervise } from "./lib/supervise.mjs";

const USAGE = `Usage: node scripts/serve.mjs [options] [-- command ...]
       npm run demo -- [options]   (the same with --build)

Starts the built app with \`next start\` and asks GET /api/health every few seconds. When the
server stops answering (the embedded database hung) it is killed and started again on the same
data; on PostgreSQL, a database that does not answer is reported and waited for instead.

Options:
  --build                   run \`next build\` first (npm run demo does)
  -p, --port N              port to listen on (default: $PORT, else 3000)
  -H, --hostname HOST       address to listen on (default: next start's, every interface)
  --check-every-ms MS       time between health checks (default 2000)
  --answer-within-ms MS     a check not answered by then is missed (default 5000)
  --misses N                missed checks in a row that restart the server (default 3)
  --max-restarts N          restarts allowed within the window; one more stops with an error (default 5)
  --restart-window-min MIN  the window those restarts are counted in (default 30)
  -h, --help                this text
  -- command ...            run this instead of next start (the watchdog's own test does)
`;

const options = parseArgs(process.argv.slice(2));
const nextBin = fileURLToPath(new URL("../node_modules/next/dist/bin/next", import.meta.url));
const host = options.hostname ?? "";
// next start on every interface is reachable on the loopback address.
const checkHost = ["", "0.0.0.0", "::", "[::]"].includes(host) ? "127.0.0.1" : host;
// Built here rather than by `next build && ...` in package.json, so that --help answers at once.
if (options.build) {
  const build = spawnSync(process.execPath, [nextBin, "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const command = options.command.length
  ? options.command
  : [process.execPath, nextBin, "start", "-p", String(options.port), ...(host ? ["-H", host] : [])];

supervise({
  command,
  healthUrl: `http://${checkHost.includes(":") ? `[${checkHost}]` : checkHost}:${options.port}/api/health`,
  label: "demo",
  serverName: options.command.length ? options.command.join(" ") : "next start",
  checkEveryMs: options.checkEveryMs,
  answerWithinMs: options.answerWithinMs,
  misses: options.misses,
  maxRestarts: options.maxRestarts,
  restartWindowMs: options.restartWindowMin * 60_000,
});

function parseArgs(argv) {
  const options = {
    port: Number(process.env.PORT || 3000),
    hostname: undefined,
    checkEveryMs: 2_000,
    answerWithinMs: 5_000,
    misses: 3,
    maxRestarts: 5,
    restartWindowMin: 30,
    build: false,
    command: [],
  };
  const numbers = {
    "--port": "port",
    "-p": "port",
    "--check-every-ms": "checkEveryMs",
    "--answer-within-ms": "answerWithinMs",
    "--misses": "misses",
    "--max-restarts": "maxRestarts",
    "--restart-window-min": "restartWindowMin",
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === "--") {
      options.command = argv.slice(i + 1);
      break;
    }
    if (arg === "-h" || arg === "--help") {
      process.stdout.write(USAGE);
      process.exit(0);
    }
    if (arg === "--build") {
      options.build = true;
      continue;
    }
    const value = argv[i + 1];
    if (value === undefined || !(arg in numbers || arg === "-H" || arg === "--hostname"))
      usageError(
        value === undefined && arg.startsWith("-")
          ? `${arg} needs a value`
          : `unknown option ${arg}`,
      );
    i += 1;
    if (arg === "-H" || arg === "--hostname") {
      options.hostname = value;
      continue;
    }
    const number = Number(value);
    if (!Number.isFinite(number) || number < 0) usageError(`${arg} takes a number, not ${value}`);
    options[numbers[arg]] = number;
  }
  if (!Number.isInteger(options.port) || options.port < 1 || options.port > 65535)
    usageError(`the port must be a whole number from 1 to 65535`);
  return options;
}

function usageError(message) {
  process.stderr.write(`serve: ${message}\n\n${USAGE}`);
  process.exit(2);
}
