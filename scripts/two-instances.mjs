#!/usr/bin/env node
// Two app instances on one PostgreSQL and one Redis (issue 23 item 5, decision 0024), end to end
// over HTTP: makes a fresh PostgreSQL database, migrates and seeds the demo, starts two
// `next start` servers on one build with the shared cache on, and checks that
//   (a) a farmer's product edit made through A shows on B's product and store pages within 1 s,
//       both pages having been cached on B first;
//   (b) a sign-out on A ends the session on B (the same token answers 401 there);
//   (c) the sign-in limit counts failures made on A and on B together;
//   (d) with varnishd on the PATH, Varnish in front of B (deploy/varnish/default.vcl, decision
//       0055), both instances purging it: an edit made through A shows through the proxy within
//       1 s, and a member's answers are neither stored nor served to the next visitor.
// Prints each check with its timing and exits non-zero when one fails. It drops its database and
// its Redis keys and stops both servers at the end.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Redis from "ioredis";
import pg from "pg";

const HELP = `Usage: npm run test:instances -- [--port-a N] [--port-b N]

Starts two instances of an existing build on one PostgreSQL and one Redis and checks that an edit,
a sign-out and a rate limit made through one are seen by the other.

Options:
  --port-a N   port of instance A (default 3760)
  --port-b N   port of instance B (default 3761)
  --port-cache N
               port of the caching proxy in front of B (default 3762; its purge listener N+1)
  --no-shared-cache
               run without REDIS_URL (each instance keeps its own cache): check (a) must fail,
               which shows the test can tell
  --measure    afterwards, time B's cached product page (200 reads one at a time, then 10
               connections for 10 s) for decision 0024's figures; run it with and without
               --no-shared-cache
  --help       this text

Environment:
  NEXT_DIST_DIR  the build to start (default .next; run \`npm run build\` first)
  E2E_PG_URL     PostgreSQL admin URL (default postgres://postgres@127.0.0.1:5432/postgres)
  REDIS_URL      Redis the instances share (default redis://127.0.0.1:6379); the run uses its own
                 key prefix and deletes it
`;

function parseArgs(argv) {
  const options = { portA: 3760, portB: 3761, portCache: 3762, shared: true, measure: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--help" || arg === "-h") {
      process.stdout.write(HELP);
      process.exit(0);
    } else if (arg === "--measure") {
      options.measure = true;
    } else if (arg === "--no-shared-cache") {
      options.shared = false;
    } else if (arg === "--port-a" || arg === "--port-b" || arg === "--port-cache") {
      const port = Number(argv[++i]);
      if (!Number.isInteger(port) || port < 1 || port > 65534)
        fail(`${arg} needs a port number\n\n${HELP}`);
      options[{ "--port-a": "portA", "--port-b": "portB", "--port-cache": "portCache" }[arg]] =
        port;
    } else {
      fail(`unknown option ${arg}\n\n${HELP}`);
    }
  }
  return options;
}

function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

const { portA, portB, portCache, shared, measure } = parseArgs(process.argv.slice(2));
const ports = [portA, portB];
const adminUrl = process.env.E2E_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379";
const database = `lpm_two_instances_${process.pid}`;
const keyPrefix = `lpm-test-instances-${process.pid}:`;
const root = fileURLToPath(new URL("..", import.meta.url));
const nextBin = fileURLToPath(new URL("../node_modules/next/dist/bin/next", import.meta.url));
const tsx = fileURLToPath(new URL("../node_modules/.bin/tsx", import.meta.url));
const FARM = { login: "maple_ridge_farm", password: "Harvest2026!" };
const VISIBLE_WITHIN_MS = 1000;
const SIGN_IN_LIMIT = 10; // server/auth/sign-in.ts SIGN_IN_LIMIT: an account's budget
const hasVarnish = spawnSync("varnishd", ["-V"], { stdio: "ignore" }).status === 0;
const cacheBase = `http://127.0.0.1:${portCache}`;
const PURGE_SECRET = "two-instances-purge-secret-0123456789";

const parsed = new URL(adminUrl);
parsed.pathname = `/${database}`;
const databaseUrl = parsed.toString();
const env = {
  ...process.env,
  DATABASE_URL: databaseUrl,
  NEXTAUTH_SECRET: "two-instances-secret-two-instances-secret",
  NEXT_TELEMETRY_DISABLED: "1",
  NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || ".next",
  REDIS_URL: shared ? redisUrl : "",
  REDIS_KEY_PREFIX: keyPrefix,
  LOG_LEVEL: "warn",
  // Both instances purge the proxy in front of B (d); without varnishd, no proxy and no purges.
  ...(hasVarnish
    ? {
        CACHE_PROXY_PURGE_URL: `http://127.0.0.1:${portCache + 1}/`,
        CACHE_PROXY_PURGE_SECRET: PURGE_SECRET,
      }
    : {}),
};

async function withClient(url, run) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
const admin = (sql) => withClient(adminUrl, (c) => c.query(sql));

async function deleteRedisKeys() {
  const client = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await client.connect();
    let cursor = "0";
    do {
      const [next, keys] = await client.scan(cursor, "MATCH", `${keyPrefix}*`, "COUNT", 500);
      if (keys.length > 0) await client.del(...keys);
      cursor = next;
    } while (cursor !== "0");
  } finally {
    client.disconnect();
  }
}

const servers = [];
let varnishDir = null;
async function cleanUp() {
  for (const server of servers) if (server.exitCode === null) server.kill("SIGTERM");
  await Promise.all(
    servers.map((s) => (s.exitCode !== null ? null : new Promise((r) => s.once("exit", r)))),
  );
  if (varnishDir) rmSync(varnishDir, { recursive: true, force: true });
  await admin(`drop database if exists ${database} with (force)`).catch(() => undefined);
  await deleteRedisKeys().catch((error) => process.stderr.write(`Redis clean-up: ${error}\n`));
}

const name = (i) => "AB"[i];
const base = (i) => `http://127.0.0.1:${ports[i]}`;

async function waitForHealth(i) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`${base(i)}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`instance ${name(i)} did not answer /api/health`);
}

/** A call on instance i; answers { status, json, setCookie } and never throws on a status. */
async function call(i, path, { cookie, token, body, form, method } = {}) {
  const response = await fetch(`${base(i)}${path}`, {
    method: method ?? (body || form ? "POST" : "GET"),
    headers: {
      // A cookie-authenticated write must say it comes from the site itself, as a browser's does.
      origin: base(i),
      ...(body ? { "content-type": "application/json" } : {}),
      ...(cookie ? { cookie } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: form ?? (body ? JSON.stringify(body) : undefined),
  });
  const text = await response.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // a page, not JSON
  }
  const setCookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return {
    status: response.status,
    json,
    text,
    setCookie,
    cache: response.headers.get("x-nextjs-cache"),
  };
}

async function expectOk(i, path, options) {
  const answer = await call(i, path, options);
  if (answer.status < 200 || answer.status > 299)
    throw new Error(`${path} on ${name(i)}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return answer;
}

async function signIn(i, login, password) {
  return (await expectOk(i, "/api/users/login", { body: { login, password } })).json.token;
}

const results = [];
function report(ok, line) {
  results.push(ok);
  process.stdout.write(`${ok ? "ok  " : "FAIL"} ${line}\n`);
}

async function pageHtml(i, path) {
  const answer = await call(i, path);
  if (answer.status !== 200) throw new Error(`${path} on ${name(i)} answered ${answer.status}`);
  return answer.text;
}

/** Polls instance i's page until it contains `text`; the time from `since`, or NaN after 5 s. */
async function visibleAfter(i, path, text, since) {
  while (performance.now() - since < 5000) {
    if ((await pageHtml(i, path)).includes(text)) return performance.now() - since;
    await new Promise((r) => setTimeout(r, 25));
  }
  return NaN;
}

/** (a) An edit through A reaches B's cached product and store pages. */
async function checkEdit() {
  const product = await withClient(databaseUrl, async (c) => {
    const { rows } = await c.query(
      `select p.* from products p join members m on m.id = p.merchant_id
        where m.username = $1 and p.status = 'active' and p.name ~ '^[A-Za-z0-9 ]+$'
        order by p.id`,
      [FARM.login],
    );
    return rows;
  });
  const storePath = `/stores/${FARM.login}`;
  const storeBefore = await pageHtml(1, storePath);
  const row = product.find((p) => storeBefore.includes(p.name));
  if (!row) throw new Error(`no product of ${FARM.login} is on its store page`);
  const productPath = `/products/${row.id}`;
  // Cached on B first: two reads, the second served from the cache.
  await pageHtml(1, productPath);
  const cachedBefore = await call(1, productPath);
  if (!cachedBefore.text.includes(row.name))
    throw new Error(`${productPath} does not show its name`);
  report(
    cachedBefore.cache === "HIT",
    `(a) B serves ${productPath} from its cache before the edit (x-nextjs-cache: ${cachedBefore.cache})`,
  );

  const token = await signIn(0, FARM.login, FARM.password);
  const edit = async (name) => {
    const form = new FormData();
    form.set("id", String(row.id));
    form.set("name", name);
    form.set("detail", row.detail);
    form.set("price", (row.unit_price_cents / 100).toFixed(2));
    form.set("weightRequired", String(row.weight_required));
    if (row.weight_required) {
      form.set("unitWeight", String(Number(row.unit_weight)));
      form.set("weightSymbol", row.unit_weight_symbol ?? "lbs");
    }
    form.set("deliveryService", String(row.delivery_service === "free_delivery"));
    form.set("inStock", String(row.in_stock));
    form.set("payInPerson", String(row.pay_in_person));
    form.set("payByCard", String(row.pay_by_card));
    await expectOk(0, "/api/products/update", { token, form });
    return performance.now();
  };
  // One edit per page, so each time is one page's render on B, not two at once on a shared core.
  let marker;
  for (const path of [productPath, storePath]) {
    await pageHtml(1, path); // cached on B (again) before the edit
    marker = `Two Instances ${Date.now().toString(36)}`;
    const ms = await visibleAfter(1, path, marker, await edit(marker));
    report(
      ms <= VISIBLE_WITHIN_MS,
      `(a) edit saved on A, visible on B's cached page ${path} after ` +
        (Number.isNaN(ms) ? "more than 5 s" : `${ms.toFixed(0)} ms`) +
        ` (limit ${VISIBLE_WITHIN_MS} ms)`,
    );
  }
  // And B serves it from the cache again afterwards (the new page, not a render per request).
  const again = await pageHtml(1, productPath);
  report(again.includes(marker), "(a) B keeps serving the edited product page");
  return { productPath, edit };
}

/** (b) A sign-out on A ends the session on B. */
async function checkSignOut() {
  const username = `inst_${Date.now().toString(36)}`;
  const password = "Orchard-Gate-2026!";
  await expectOk(0, "/api/users/register", {
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
  const signedIn = await expectOk(1, "/api/users/login", { body: { login: username, password } });
  const cookie = signedIn.setCookie;
  const token = signedIn.json.token;
  const before = await call(1, "/api/viewer", { cookie });
  // A cached page is the same for everyone: signed in, it carries nothing of the member's.
  const page = await call(1, "/products/1", { cookie });
  report(
    page.status === 200 && !page.text.includes(username) && !page.text.includes("Robin Ash"),
    `(b) B's product page for the signed-in member carries neither the username nor the name ` +
      `(x-nextjs-cache: ${page.cache})`,
  );
  const beforeBearer = await call(1, "/api/orders/placed/view", { token });
  const started = performance.now();
  await expectOk(0, "/api/users/logout", { cookie, method: "POST" });
  const afterBearer = await call(1, "/api/orders/placed/view", { token });
  const afterCookie = await call(1, "/api/orders/placed/view", { cookie });
  const ms = performance.now() - started;
  report(
    beforeBearer.status === 200 && afterBearer.status === 401 && afterCookie.status === 401,
    `(b) signed out on A: the same token on B answers ${beforeBearer.status} before, ` +
      `${afterBearer.status} after (cookie ${afterCookie.status}), ${ms.toFixed(0)} ms`,
  );
  report(
    before.status === 200 && before.json?.viewer != null,
    `(b) B knew the member before the sign-out (viewer ${before.status})`,
  );
  return { username, password };
}

/** Varnish with the deployed VCL in front of B, its purge listener on the next port. */
async function startVarnish() {
  varnishDir = mkdtempSync(path.join(tmpdir(), "two-instances-varnish-"));
  const vcl = path.join(varnishDir, "default.vcl");
  writeFileSync(
    vcl,
    readFileSync(path.join(root, "deploy", "varnish", "default.vcl"), "utf8").replace(
      /(backend default \{[^}]*?\.host = )"[^"]*";(\s*\.port = )"[^"]*";/,
      `$1"127.0.0.1";$2"${portB}";`,
    ),
  );
  const args = ["-F", "-j", "none", "-n", path.join(varnishDir, "instance"), "-f", vcl];
  args.push("-a", `http=127.0.0.1:${portCache}`, "-a", `purge=127.0.0.1:${portCache + 1}`);
  args.push("-T", "none", "-s", "malloc,64m");
  servers.push(
    spawn("varnishd", args, {
      env: { ...process.env, CACHE_PROXY_PURGE_SECRET: PURGE_SECRET },
      // varnishd -F narrates its start and stop on stderr; a failed start shows as no answer.
      stdio: ["ignore", "ignore", "ignore"],
    }),
  );
  const deadline = Date.now() + 20_000;
  while (
    !(await fetch(`${cacheBase}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline) throw new Error("Varnish did not answer /api/health within 20 s");
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A GET through the proxy: { status, text, cache } (X-Cache: hit or miss). */
async function viaCache(path, cookie) {
  const response = await fetch(`${cacheBase}${path}`, { headers: cookie ? { cookie } : {} });
  return {
    status: response.status,
    text: await response.text(),
    cache: response.headers.get("x-cache"),
  };
}

/** (d) Through Varnish in front of B: an edit made on A, and a member's answers. */
async function checkCacheProxy(productPath, edit, { username, password }) {
  await viaCache(productPath);
  const before = await viaCache(productPath);
  report(
    before.status === 200 && before.cache === "hit",
    `(d) Varnish serves ${productPath} from its cache before the edit (X-Cache: ${before.cache})`,
  );
  const marker = `Through Varnish ${Date.now().toString(36)}`;
  const saved = await edit(marker);
  let ms = NaN;
  while (performance.now() - saved < 5000) {
    if ((await viaCache(productPath)).text.includes(marker)) {
      ms = performance.now() - saved;
      break;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  report(
    ms <= VISIBLE_WITHIN_MS,
    `(d) edit saved on A, visible through Varnish after ` +
      (Number.isNaN(ms) ? "more than 5 s" : `${ms.toFixed(0)} ms`) +
      ` (limit ${VISIBLE_WITHIN_MS} ms)`,
  );

  const signedIn = await expectOk(1, "/api/users/login", { body: { login: username, password } });
  const cookie = signedIn.setCookie;
  const memberPage = [await viaCache(productPath, cookie), await viaCache(productPath, cookie)];
  const memberViewer = await viaCache("/api/viewer", cookie);
  const visitorViewer = await viaCache("/api/viewer");
  report(
    memberPage.every((a) => a.status === 200 && a.cache === "miss") &&
      memberViewer.text.includes(username) &&
      !visitorViewer.text.includes(username) &&
      visitorViewer.cache === "miss",
    `(d) a member's answers go past Varnish (page X-Cache: ${memberPage.map((a) => a.cache)}, ` +
      `viewer ${memberViewer.cache}), and the next visitor's viewer does not name them`,
  );
  await expectOk(0, "/api/users/logout", { cookie, method: "POST" });
  const next = [await viaCache(productPath), await viaCache("/api/viewer")];
  report(
    next.every((a) => a.status === 200 && !a.text.includes(username)),
    "(d) after the sign-out, the next visitor through Varnish sees nothing of the member's",
  );
}

/** The cost of a cache hit: B's product page, read one at a time and then under load. */
async function measureHit(productPath) {
  const { default: autocannon } = await import("autocannon");
  await pageHtml(1, productPath);
  const times = [];
  for (let n = 0; n < 200; n++) {
    const started = performance.now();
    const answer = await call(1, productPath);
    times.push(performance.now() - started);
    if (answer.cache !== "HIT") throw new Error(`read ${n} was a ${answer.cache}, not a HIT`);
  }
  times.sort((a, b) => a - b);
  const load = await autocannon({
    url: `${base(1)}${productPath}`,
    connections: 10,
    duration: 10,
  });
  process.stdout.write(
    `measure (${shared ? "shared cache in Redis" : "own cache"}): ${productPath} on B, ` +
      `one at a time p50 ${times[99].toFixed(2)} ms, p95 ${times[189].toFixed(2)} ms; ` +
      `10 connections ${load.requests.average.toFixed(0)} req/s, p50 ${load.latency.p50} ms, ` +
      `p99 ${load.latency.p99} ms, ${load.non2xx + load.errors} errors\n`,
  );
}

/** (c) Failed sign-ins on A and B count against one budget. */
async function checkRateLimit({ username }) {
  let limitedAt = 0;
  const statuses = [];
  for (let attempt = 1; attempt <= SIGN_IN_LIMIT * 2 + 1 && !limitedAt; attempt++) {
    const i = attempt % 2;
    const answer = await call(i, "/api/users/login", {
      body: { login: username, password: "Wrong-Password-2026!" },
    });
    statuses.push(`${name(i)}${answer.status}`);
    if (answer.status === 429) limitedAt = attempt;
    else if (answer.status !== 401)
      throw new Error(`sign-in attempt ${attempt} on ${name(i)}: ${answer.status}`);
  }
  report(
    limitedAt === SIGN_IN_LIMIT + 1,
    `(c) wrong passwords alternating A and B: refused (429) at attempt ${limitedAt || "none"}, ` +
      `the limit is ${SIGN_IN_LIMIT} failures [${statuses.join(" ")}]`,
  );
}

try {
  const startedAt = performance.now();
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
  if (hasVarnish) await startVarnish();
  process.stdout.write(
    `two instances (A :${ports[0]}, B :${ports[1]}) on one PostgreSQL, ` +
      (shared ? `sharing the cache in Redis (prefix ${keyPrefix})` : "each with its own cache") +
      `, ready after ${((performance.now() - startedAt) / 1000).toFixed(1)} s\n`,
  );
  const { productPath, edit } = await checkEdit();
  const member = await checkSignOut();
  if (hasVarnish) await checkCacheProxy(productPath, edit, member);
  else
    process.stdout.write(
      "skip (d): no varnishd on the PATH (apt-get install varnish varnish-modules)\n",
    );
  await checkRateLimit(member);
  if (measure) await measureHit(productPath);
  const failed = results.filter((ok) => !ok).length;
  process.stdout.write(`${results.length - failed} passed, ${failed} failed\n`);
  await cleanUp();
  process.exit(failed > 0 ? 1 : 0);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.stack : error}\n`);
  await cleanUp();
  process.exit(1);
}
