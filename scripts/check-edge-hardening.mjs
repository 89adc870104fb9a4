#!/usr/bin/env node
/**
 * Issue 22 on the real HTTP path: starts `next start` on an existing build (NEXT_DIST_DIR, default
 * .next) with a fresh PGlite directory, and checks what only a built server shows:
 *  1. /dev/mailbox answers a browser on this machine, and 404s a request with a forwarding header
 *     or from another address of this machine (when it has one); the start-up log says the
 *     embedded demo is for one machine;
 *  2. 30 sign-in guesses, each with a new forged X-Forwarded-For, get 429 after the limit (20);
 *  3. malformed paths, NUL input and next-auth's unreadable input get a 4xx in the JSON error
 *     shape with the security headers.
 *
 *   NEXT_DIST_DIR=.next-hardening node scripts/check-edge-hardening.mjs [port]
 *
 * Not part of the e2e suite: the attack suite (npm run test:security, group embedded-demo) runs it;
 * it needs no browser and takes about 20 s after the build.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const PORT = Number(process.argv[2] ?? 3300);
const dataDir = mkdtempSync(path.join(os.tmpdir(), "hardening-"));
const base = `http://127.0.0.1:${PORT}`;
const external = Object.values(os.networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === "IPv4" && !entry.internal)?.address;

let log = "";
const server = spawn(
  process.execPath,
  ["node_modules/next/dist/bin/next", "start", "-p", String(PORT), "-H", "0.0.0.0"],
  {
    env: {
      ...process.env,
      PGLITE_DIR: path.join(dataDir, "pglite"),
      UPLOADS_DIR: path.join(dataDir, "uploads"),
      APP_URL: base,
      NEXT_TELEMETRY_DISABLED: "1",
      DATABASE_URL: "",
      SMTP_URL: "",
      TRUST_PROXY_HEADERS: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  },
);
server.stdout.on("data", (chunk) => (log += chunk));
server.stderr.on("data", (chunk) => (log += chunk));

const failures = [];
function check(name, ok, detail = "") {
  process.stdout.write(`${ok ? "ok  " : "FAIL"} ${name}${ok ? "" : `  ${detail}`}\n`);
  if (!ok) failures.push(name);
}

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the server did not start:\n${log}`);
}

/** A 4xx in the API's error shape with the security headers. */
async function expectJsonError(name, response, status) {
  const text = await response.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  check(
    name,
    response.status === status &&
      typeof body?.message === "string" &&
      response.headers.get("x-content-type-options") === "nosniff" &&
      Boolean(response.headers.get("content-security-policy")),
    `status ${response.status}, nosniff ${response.headers.get("x-content-type-options")}, body ${text.slice(0, 120)}`,
  );
}

const json = (body) => ({
  method: "POST",
  headers: { "content-type": "application/json", origin: base },
  body: typeof body === "string" ? body : JSON.stringify(body),
});

try {
  await waitForServer();

  // 1. The mailbox.
  await fetch(`${base}/api/users/forgotPassword`, json({ email: "admin@example.com" }));
  const local = await fetch(`${base}/dev/mailbox`);
  check("mailbox: 200 to this machine", local.status === 200, `status ${local.status}`);
  const localText = await local.text();
  check("mailbox: lists the reset mail", /reset/i.test(localText));
  for (const [header, value] of [
    ["x-forwarded-for", "127.0.0.1"],
    ["forwarded", "for=127.0.0.1"],
    // A proxy on this machine that only says it passed the request on (issue 43, defect 5).
    ["via", "1.1 proxy"],
    ["x-forwarded-host", "market.example"],
    ["x-forwarded-proto", "https"],
    ["x-real-ip", "127.0.0.1"],
  ]) {
    const response = await fetch(`${base}/dev/mailbox`, { headers: { [header]: value } });
    const text = await response.text();
    check(
      `mailbox: 404 with ${header}`,
      response.status === 404 && !/reset/i.test(text),
      `status ${response.status}`,
    );
  }
  const oneMail = await fetch(`${base}/dev/mailbox/1`, { headers: { "x-forwarded-for": "::1" } });
  check("mailbox: 404 for one mail through a proxy", oneMail.status === 404);
  if (external) {
    const remote = await fetch(`http://${external}:${PORT}/dev/mailbox`);
    check(`mailbox: 404 from ${external}`, remote.status === 404, `status ${remote.status}`);
  } else process.stdout.write("skip mailbox from another address: this machine has none\n");
  check("start-up log: the embedded demo is for one machine", /for one machine only/.test(log));

  // 2. The per-address sign-in limit, with a forged X-Forwarded-For on every guess.
  const statuses = [];
  for (let i = 0; i < 30; i++) {
    const response = await fetch(`${base}/api/users/login`, {
      ...json({ login: `nobody_${i}`, password: "wrong" }),
      headers: { ...json({}).headers, "x-forwarded-for": `203.0.113.${i}` },
    });
    statuses.push(response.status);
  }
  check(
    // SIGN_IN_ADDRESS_LIMIT in server/auth/sign-in.ts: 20 failures per address (decision 0023).
    "sign-in: 30 forged X-Forwarded-For guesses get 429 after 20",
    statuses.slice(0, 20).every((s) => s === 401) && statuses.slice(20).every((s) => s === 429),
    statuses.join(","),
  );

  // 3. Input that can never be right.
  for (const url of [
    "/api/products/%E0%A4%A/reviews",
    "/api/stores/%E0%A4%A/products",
    "/uploads/%E0%A4%A",
    "/api/stores/%00/products",
  ])
    await expectJsonError(`400 for GET ${url}`, await fetch(`${base}${url}`), 400);
  await expectJsonError(
    "400 for DELETE /api/cart/%00",
    await fetch(`${base}/api/cart/%00`, { method: "DELETE", headers: { origin: base } }),
    400,
  );
  await expectJsonError(
    "400 for POST /api/dreamtracker/%00/moveToCart",
    await fetch(`${base}/api/dreamtracker/%00/moveToCart`, json({})),
    400,
  );
  await expectJsonError(
    "422 for NUL in login",
    await fetch(`${base}/api/users/login`, json({ login: "a\u0000b", password: "x" })),
    422,
  );
  await expectJsonError(
    "422 for NUL in the cart's pKey",
    await fetch(`${base}/api/cart`, json({ pKey: "a\u0000b", qty: 1 })),
    422,
  );
  await expectJsonError(
    "400 for a cut-off JSON body to next-auth's credentials callback",
    await fetch(`${base}/api/auth/callback/credentials`, json('{"login":"a","password":"x')),
    400,
  );
  await expectJsonError(
    "400 for an unparseable callbackUrl on sign-out",
    await fetch(`${base}/api/auth/signout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
      body: "csrfToken=x&callbackUrl=http%3A%2F%2F%5B%3A%3A1",
    }),
    400,
  );
  check("no SQL logged for the NUL input", !/Failed query/.test(log));
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

if (failures.length) {
  console.error(`\n${failures.length} check(s) failed. Server log:\n${log.slice(-4000)}`);
  process.exit(1);
}
process.stdout.write("\nall checks passed\n");
