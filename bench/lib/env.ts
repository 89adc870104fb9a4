/**
 * Environment for running the project's services in the bench process (imported first). The
 * services read it through server/env.ts: a PostgreSQL URL needs a NEXTAUTH_SECRET, mail goes to
 * the outbox table (no SMTP_URL), and logs stay quiet.
 */
export const BENCH_SECRET = "bench-secret-0123456789abcdef0123456789abcdef";

process.env.NEXTAUTH_SECRET ??= BENCH_SECRET;
process.env.LOG_LEVEL ??= "warn";
process.env.DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/bench_m";
delete process.env.SMTP_URL;
