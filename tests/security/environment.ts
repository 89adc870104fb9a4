/**
 * What the attack suite runs against: the built app (`next start` on NEXT_DIST_DIR, default
 * .next) on a fresh PostgreSQL database seeded with the demo, mail through a local SMTP server the
 * suite reads, and Stripe configured against the Stripe fake (tests/stripe-fake), so webhooks are
 * verified with a real secret. Everything is made for the run and removed after it.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startLocalSmtp } from "@/tests/smtp";
import { startStripeFake, type StripeFake } from "@/tests/stripe-fake";

export const STRIPE = {
  secret: "sk_test_security_suite",
  publishable: "pk_test_security_suite",
  webhook: "whsec_security_suite_payments",
  connectWebhook: "whsec_security_suite_connect",
} as const;

/** The app's NEXTAUTH_SECRET in the suite: groups sign what the app signs (unsubscribe links). */
export const AUTH_SECRET = "security-suite-secret-security-suite-secret";

export type Mail = { to: string[]; raw: string };

export type Environment = {
  base: string;
  databaseUrl: string;
  /** The app's UPLOADS_DIR (made for the run): what an upload stored lands here. */
  uploadsDir: string;
  /** Mails received so far, oldest first. */
  mails: Mail[];
  /** What the server printed. */
  log: () => string;
  /** Runs SQL on the suite's database (reading back as the owner, resetting rate limits). */
  sql: <T extends pg.QueryResultRow>(text: string, values?: unknown[]) => Promise<T[]>;
  /** The Stripe fake the app talks to (signed events, the payment intents it made). */
  stripe: StripeFake;
  stop: () => Promise<void>;
};

const root = path.resolve(import.meta.dirname, "../..");
const nextBin = path.join(root, "node_modules/next/dist/bin/next");
const tsx = path.join(root, "node_modules/.bin/tsx");

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function startEnvironment(port: number): Promise<Environment> {
  const adminUrl = process.env.E2E_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const database = `lpm_security_${process.pid}`;
  const parsed = new URL(adminUrl);
  parsed.pathname = `/${database}`;
  const databaseUrl = parsed.toString();
  const base = `http://127.0.0.1:${port}`;
  const uploads = mkdtempSync(path.join(os.tmpdir(), "security-uploads-"));

  const smtp = await startLocalSmtp();

  const fake = await startStripeFake({
    port: 0,
    secretKey: STRIPE.secret,
    publishableKey: STRIPE.publishable,
    webhookUrl: `${base}/api/stripe/webhook`,
    webhookSecret: STRIPE.webhook,
    connectWebhookUrl: `${base}/api/stripe/connect-webhook`,
    connectWebhookSecret: STRIPE.connectWebhook,
  });

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    APP_URL: base,
    NEXTAUTH_SECRET: AUTH_SECRET,
    SMTP_URL: smtp.url,
    UPLOADS_DIR: uploads,
    STRIPE_SECRET_KEY: STRIPE.secret,
    STRIPE_WEBHOOK_SECRET: STRIPE.webhook,
    STRIPE_CONNECT_WEBHOOK_SECRET: STRIPE.connectWebhook,
    NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: STRIPE.publishable,
    STRIPE_API_BASE: fake.url,
    TRUST_PROXY_HEADERS: "false",
    LOG_LEVEL: "warn",
    NEXT_TELEMETRY_DISABLED: "1",
  };

  await adminQuery(adminUrl, `drop database if exists ${database} with (force)`);
  await adminQuery(adminUrl, `create database ${database}`);
  const seeded = spawnSync(tsx, ["--conditions=react-server", "server/db/seed/cli.ts"], {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (seeded.status !== 0) throw new Error("seeding the suite's database failed");

  let log = "";
  const server: ChildProcess = spawn(
    process.execPath,
    [nextBin, "start", "-p", String(port), "-H", "127.0.0.1"],
    { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] },
  );
  server.stdout!.on("data", (chunk) => (log += chunk));
  server.stderr!.on("data", (chunk) => (log += chunk));

  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const gone = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await gone;
    }
    await pool.end().catch(() => undefined);
    await fake.close();
    await smtp.close();
    await adminQuery(adminUrl, `drop database if exists ${database} with (force)`).catch(
      () => undefined,
    );
    rmSync(uploads, { recursive: true, force: true });
  };

  const deadline = Date.now() + 180_000;
  for (;;) {
    const up = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (up) break;
    if (Date.now() > deadline || server.exitCode !== null) {
      await stop();
      throw new Error(`the app did not start:\n${log.slice(-3000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }

  return {
    base,
    databaseUrl,
    uploadsDir: uploads,
    // Read afresh on each use, recipients in lower case as the groups write them.
    get mails() {
      return smtp.received.map((mail) => ({
        to: mail.to.map((address) => address.toLowerCase()),
        raw: mail.raw,
      }));
    },
    log: () => log,
    stripe: fake,
    sql: async (text, values) => (await pool.query(text, values as unknown[])).rows,
    stop,
  };
}
