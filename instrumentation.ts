/**
 * Runs once when a server instance starts. With OTEL_EXPORTER_OTLP_ENDPOINT it starts tracing
 * (server/observability/tracing.ts). It stamps every request with the address of its
 * connection (server/base/connection.ts, decision 0018). On the embedded database it says plainly
 * that this mode is for one machine, and opens (migrates) the database before the first request,
 * seeding the demo when the database is new, so the first page is fast.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // First, before anything loads node-postgres (its instrumentation patches it as it loads), and
  // only with a collector to send to: otherwise no OpenTelemetry module is loaded at all.
  if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim()) {
    const { startTracing } = await import("@/server/observability/tracing");
    startTracing();
  }
  const { installConnectionStamp } = await import("@/server/base/connection");
  installConnectionStamp();
  // A plan price at Stripe that does not match the pages stops the start (server/subscriptions).
  const { checkPlanPricesAtStart } = await import("@/server/subscriptions/check-plan-prices");
  await checkPlanPricesAtStart();
  // Mails members about messages left unread (at most one per conversation and side an hour).
  const { startUnreadMessageMailer } = await import("@/server/messaging");
  const { getDb: openDb } = await import("@/server/db/client");
  startUnreadMessageMailer(openDb);
  // Mails customers the day before their pickup window (each reminder once, whichever instance).
  const { startPickupReminders } = await import("@/server/pickup/send-pickup-reminders");
  startPickupReminders(openDb);
  // Finishes money steps that stopped half way (decision 0037); one instance at a time.
  const { startMoneySweep } = await import("@/server/money/money-sweep");
  startMoneySweep(openDb);
  if (process.env.DATABASE_URL) return;
  const { EMBEDDED_MODE_NOTICE } = await import("@/server/http/embedded-notice");
  const { log } = await import("@/server/log");
  log.warn(EMBEDDED_MODE_NOTICE);
  const { getDb, registerEmptyDatabaseHook } = await import("@/server/db/client");
  const { seedDemo } = await import("@/server/db/seed/seed-demo");
  registerEmptyDatabaseHook(async (db) => {
    await seedDemo(db);
  });
  await getDb();
}
