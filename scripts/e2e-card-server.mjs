#!/usr/bin/env node
// The end-to-end suite's second server: the card journeys, on PostgreSQL, with Stripe configured
// against the Stripe fake (tests/stripe-fake, started by Playwright beside it). It makes a fresh
// database (E2E_CARD_DATABASE on the server of E2E_PG_URL), migrates and seeds it with the demo,
// then runs `next start` on it; on SIGTERM it stops the server and drops the database.
//
// Usage: node scripts/e2e-card-server.mjs <port>   (the environment carries the Stripe settings)
import { spawn, spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import pg from "pg";

const port = Number(process.argv[2] ?? 3101);
const adminUrl = process.env.E2E_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const database = process.env.E2E_CARD_DATABASE ?? `lpm_e2e_card_${process.pid}`;
if (!/^[a-z0-9_]+$/.test(database)) throw new Error(`unsafe database name: ${database}`);
const databaseUrl = withDatabase(adminUrl, database);
const root = fileURLToPath(new URL("..", import.meta.url));
const nextBin = fileURLToPath(new URL("../node_modules/next/dist/bin/next", import.meta.url));
const tsx = fileURLToPath(new URL("../node_modules/.bin/tsx", import.meta.url));

function withDatabase(url, name) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function admin(sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const env = { ...process.env, DATABASE_URL: databaseUrl };
// Playwright does not wait for this server itself (it prepares while the other servers start);
// e2e/global-setup.ts does, and reads this pid to tell a slow start from a failed one.
if (process.env.E2E_CARD_PIDFILE) writeFileSync(process.env.E2E_CARD_PIDFILE, String(process.pid));

await admin(`drop database if exists ${database} with (force)`);
await admin(`create database ${database}`);
const seeded = spawnSync(tsx, ["--conditions=react-server", "server/db/seed/cli.ts"], {
  cwd: root,
  env,
  stdio: ["ignore", "ignore", "inherit"],
});
if (seeded.status !== 0) {
  await admin(`drop database if exists ${database} with (force)`);
  process.exit(seeded.status ?? 1);
}

const server = spawn(
  process.execPath,
  [nextBin, "start", "-p", String(port), "-H", "127.0.0.1", "--keepAliveTimeout", "75000"],
  { cwd: root, env, stdio: "inherit" },
);
let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  server.kill("SIGTERM");
  await new Promise((resolve) =>
    server.exitCode !== null ? resolve() : server.once("exit", resolve),
  );
  await admin(`drop database if exists ${database} with (force)`).catch(() => undefined);
  process.exit(code);
}
server.on("exit", (code) => {
  if (!stopping) {
    process.stderr.write(`[e2e-card-server] next start exited (${code}) on its own\n`);
    void stop(code ?? 1);
  }
});
process.on("SIGTERM", () => void stop(0));
process.on("SIGINT", () => void stop(0));
