import "server-only";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const flag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

/** Every variable the server reads. `.env.example` explains each one. */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: optionalText.pipe(z.url().startsWith("postgres").optional()),
  DB_MIGRATE_ON_START: flag,
  PGLITE_DIR: z.string().default(".data/pglite"),
  APP_URL: z.url().default("http://localhost:3000"),
  NEXTAUTH_SECRET: optionalText.pipe(z.string().min(32).optional()),
  SMTP_URL: optionalText.pipe(z.url().optional()),
  MAIL_FROM: z.string().default("Local Produce Marketplace <no-reply@localhost>"),
  /** A shared operators' mailbox that gets Contact Us messages besides every admin member. */
  CONTACT_EMAIL: optionalText.pipe(z.email().optional()),
  UPLOADS_DIR: z.string().default(".data/uploads"),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ENDPOINT: optionalText,
  S3_PUBLIC_URL: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  STRIPE_SECRET_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_/, "must be a Stripe secret key (sk_test_..., sk_live_...)")
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalText.pipe(
    z.string().startsWith("whsec_", "must be a webhook signing secret (whsec_...)").optional(),
  ),
  NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^pk_(test|live)_/, "must be a Stripe publishable key (pk_test_..., pk_live_...)")
      .optional(),
  ),
  /** The Connect endpoint's own signing secret (/api/stripe/connect-webhook): farmers' accounts. */
  STRIPE_CONNECT_WEBHOOK_SECRET: optionalText.pipe(
    z.string().startsWith("whsec_", "must be a webhook signing secret (whsec_...)").optional(),
  ),
  /**
   * Seconds between two runs of the money reconciler inside the app (decision 0037); 0 turns it
   * off (then run `npm run reconcile` from a scheduler). One instance at a time runs it.
   */
  RECONCILE_INTERVAL_SECONDS: optionalText.pipe(
    z.coerce.number<string | undefined>().int().min(0).max(86_400).default(300),
  ),
  /** Tests only: a Stripe-speaking fake on this machine (see stripeApiOverride). */
  STRIPE_API_BASE: optionalText.pipe(z.url().optional()),
  NEXT_PUBLIC_MAPBOX_TOKEN: optionalText,
  TRUST_PROXY_HEADERS: flag,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** The bearer token GET /api/metrics asks for; unset, the call answers 404. */
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  /**
   * An OpenTelemetry collector (OTLP over HTTP, e.g. http://otel-collector:4318): set, every
   * instance sends its traces there (instrumentation.ts); unset, tracing is not even loaded.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalText.pipe(z.url().optional()),
  /**
   * A caching proxy in front (decision 0055): its purge listener(s), comma-separated (e.g.
   * http://cache:6081). Set, the product page tells the proxy it may keep it and every change
   * that expires a cache tag purges the proxy by the same tags; unset, nothing is sent.
   */
  CACHE_PROXY_PURGE_URL: optionalText.pipe(
    z
      .string()
      .transform((v) => v.split(",").map((u) => u.trim()))
      .pipe(z.array(z.url({ protocol: /^https?$/ })))
      .optional(),
  ),
  /** The secret the proxy asks of a purge (X-Purge-Secret); required with CACHE_PROXY_PURGE_URL. */
  CACHE_PROXY_PURGE_SECRET: optionalText.pipe(
    z.string().min(16, "must be at least 16 characters").optional(),
  ),
});

export type Env = z.infer<typeof schema> & {
  /** True when no DATABASE_URL is set: PGlite on disk, outbox mail, in-memory rate limits. */
  embedded: boolean;
  /** True when card payments can be taken (all three Stripe keys set). */
  cardPaymentsEnabled: boolean;
  authSecret: string;
};

function loadEnv(source: NodeJS.ProcessEnv): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const embedded = env.DATABASE_URL === undefined;
  if (env.CACHE_PROXY_PURGE_URL && !env.CACHE_PROXY_PURGE_SECRET)
    throw new Error(
      "Invalid environment:\n  CACHE_PROXY_PURGE_SECRET: required when CACHE_PROXY_PURGE_URL is set",
    );
  const override = stripeApiOverride(env);
  if (override) throw new Error(`Invalid environment:\n  STRIPE_API_BASE: ${override}`);
  return {
    ...env,
    embedded,
    cardPaymentsEnabled: Boolean(
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET && env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY,
    ),
    authSecret: env.NEXTAUTH_SECRET ?? embeddedSecret(embedded, env.PGLITE_DIR),
  };
}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * STRIPE_API_BASE points the Stripe SDK at a Stripe-speaking fake, which only tests may do
 * (decision 0016): with a test key (`sk_test_`), at a fake on this machine, and for a site served
 * on this machine only. A public site (APP_URL not on loopback) is a production configuration, and
 * it refuses the variable whatever NODE_ENV says (`next start` always runs as production).
 * Returns what is wrong, or null.
 */
function stripeApiOverride(env: z.infer<typeof schema>): string | null {
  if (!env.STRIPE_API_BASE) return null;
  if (!env.STRIPE_SECRET_KEY?.startsWith("sk_test_"))
    return "only allowed with a test secret key (sk_test_...)";
  if (!LOOPBACK_HOSTS.has(new URL(env.STRIPE_API_BASE).hostname))
    return "must be a fake on this machine (127.0.0.1, localhost or [::1])";
  if (!LOOPBACK_HOSTS.has(new URL(env.APP_URL).hostname))
    return "refused in production (APP_URL is not on this machine)";
  return null;
}

/**
 * The embedded demo must start with no configuration, so it keeps a random secret beside its data.
 * A deployment on PostgreSQL runs several instances that must share one secret: it is required there.
 */
function embeddedSecret(embedded: boolean, pgliteDir: string): string {
  if (!embedded)
    throw new Error("Invalid environment:\n  NEXTAUTH_SECRET: required when DATABASE_URL is set");
  const file = path.join(path.dirname(path.resolve(pgliteDir)), "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("base64url");
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

let cached: Env | undefined;

/** The validated environment, read once. */
export function getEnv(): Env {
  cached ??= loadEnv(process.env);
  return cached;
}

/** For tests: validate an arbitrary environment without touching the cache. */
export const parseEnvForTest = loadEnv;
