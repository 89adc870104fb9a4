#!/usr/bin/env node
// Live messages across two app instances (issue 20, decision 0020), end to end over HTTP: makes a
// fresh PostgreSQL database, migrates and seeds the demo, starts two `next start` servers on it
// (instance A and instance B, each with its own LISTEN connection), and checks that a message a
// farmer sends through A reaches the customer's event stream on B, and back, timing each.
// It drops the database and stops both servers at the end.
//
// Usage: NEXT_DIST_DIR=.next node scripts/live-two-instances.mjs [portA] [portB]
//   (an existing build; E2E_PG_URL or postgres://postgres@127.0.0.1:5432/postgres)
import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import pg from "pg";

const ports = [Number(process.argv[2] ?? 3210), Number(process.argv[3] ?? 3211)];
const adminUrl = process.env.E2E_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const database = `lpm_live_two_${process.pid}`;
const root = fileURLToPath(new URL("..", import.meta.url));
const nextBin = fileURLToPath(new URL("../node_modules/next/dist/bin/next", import.meta.url));
const tsx = fileURLToPath(new URL("../node_modules/.bin/tsx", import.meta.url));
const FARM = { login: "maple_ridge_farm", password: "Harvest2026!" };

const parsed = new URL(adminUrl);
parsed.pathname = `/${database}`;
const env = {
  ...process.env,
  DATABASE_URL: parsed.toString(),
  NEXTAUTH_SECRET: "live-two-instances-secret-live-two-instances",
  NEXT_TELEMETRY_DISABLED: "1",
  LOG_LEVEL: "warn",
};

async function admin(sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const servers = [];
async function cleanUp() {
  for (const server of servers) server.kill("SIGTERM");
  await Promise.all(
    servers.map((s) => (s.exitCode !== null ? null : new Promise((r) => s.once("exit", r)))),
  );
  await admin(`drop database if exists ${database} with (force)`).catch(() => undefined);
}

function base(i) {
  return `http://127.0.0.1:${ports[i]}`;
}

async function waitForHealth(i) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`${base(i)}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`instance ${"AB"[i]} did not answer /api/health`);
}

async function call(i, path, { cookie, body, method = body ? "POST" : "GET" } = {}) {
  const response = await fetch(`${base(i)}${path}`, {
    method,
    headers: {
      // A cookie-authenticated write must say it comes from the site itself, as a browser's does.
      origin: base(i),
      ...(body ? { "content-type": "application/json" } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} on ${"AB"[i]}: ${response.status} ${text}`);
  const setCookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { json: text ? JSON.parse(text) : null, setCookie };
}

const login = async (i, login, password) =>
  (await call(i, "/api/users/login", { body: { login, password } })).setCookie;

/** Opens the member's stream on instance i; `next(id)` resolves when message `id` is on it. */
async function openStream(i, cookie) {
  const controller = new AbortController();
  const response = await fetch(`${base(i)}/api/messages/stream`, {
    headers: { cookie },
    signal: controller.signal,
  });
  if (response.status !== 200) throw new Error(`stream on ${"AB"[i]}: ${response.status}`);
  const seen = new Map();
  const waiting = new Map();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let connected;
  const ready = new Promise((r) => (connected = r));
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      if (buffer.includes(": connected")) connected();
      let end;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split("\n").find((l) => l.startsWith("data: "));
        if (!data) continue;
        const event = JSON.parse(data.slice(6));
        const at = performance.now();
        seen.set(event.message.id, { at, event });
        waiting.get(event.message.id)?.({ at, event });
      }
    }
  })();
  await ready;
  return {
    next: (id) =>
      seen.get(id) ??
      Promise.race([
        new Promise((resolve) => waiting.set(id, resolve)),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error(`message ${id} not on the stream in 5 s`)), 5000),
        ),
      ]),
    close: () => controller.abort(),
  };
}

try {
  await admin(`drop database if exists ${database} with (force)`);
  await admin(`create database ${database}`);
  const seeded = spawnSync(tsx, ["--conditions=react-server", "server/db/seed/cli.ts"], {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (seeded.status !== 0) throw new Error("seeding failed");
  for (const port of ports)
    servers.push(
      spawn(process.execPath, [nextBin, "start", "-p", String(port), "-H", "127.0.0.1"], {
        cwd: root,
        env: { ...env, APP_URL: `http://127.0.0.1:${port}` },
        stdio: ["ignore", "ignore", "inherit"],
      }),
    );
  await Promise.all([waitForHealth(0), waitForHealth(1)]);

  const username = `two_${Date.now().toString(36)}`;
  const password = "Orchard-Gate-2026!";
  await call(0, "/api/users/register", {
    body: {
      username,
      firstName: "Robin",
      lastName: "Ash",
      phone: "(416) 555-0177",
      country: "CA",
      email: `${username}@example.com`,
      password,
      cPassword: password,
    },
  });
  const customer = await login(1, username, password); // on B
  const farmer = await login(0, FARM.login, FARM.password); // on A
  const customerStream = await openStream(1, customer);
  const farmerStream = await openStream(0, farmer);

  const asked = await call(1, "/api/messages/farmers", {
    cookie: customer,
    body: { farmerId: FARM.login, message: "Sweet corn today?" },
  });
  const conversationId = asked.json.conversationId;
  const results = [];
  for (let i = 0; i < 20; i++) {
    const fromFarm = i % 2 === 0;
    const started = performance.now();
    const sent = await call(
      fromFarm ? 0 : 1,
      `/api/messages/conversations/${conversationId}/messages`,
      {
        cookie: fromFarm ? farmer : customer,
        body: { message: `Message ${i}` },
      },
    );
    const got = await (fromFarm ? customerStream : farmerStream).next(sent.json.result.id);
    if (got.event.message.message !== `Message ${i}` || got.event.message.mine)
      throw new Error(`wrong event for message ${i}: ${JSON.stringify(got.event)}`);
    results.push(got.at - started);
  }
  customerStream.close();
  farmerStream.close();
  results.sort((a, b) => a - b);
  process.stdout.write(
    `two instances on one PostgreSQL: 20 messages sent through one, read from the other's stream: ` +
      `p50 ${results[9].toFixed(1)} ms, max ${results[19].toFixed(1)} ms (send call included)\n`,
  );
  await cleanUp();
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.stack : error}\n`);
  await cleanUp();
  process.exit(1);
}
