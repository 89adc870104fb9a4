import "server-only";
import { eq, sql } from "drizzle-orm";
import { Gauge, type Registry } from "prom-client";
import { getPoolStats, type Db } from "@/server/db/client";
import { emailOutbox } from "@/server/db/schema";
import { log } from "@/server/log";
import { openStreamCount } from "@/server/messaging/live/message-hub";
import { metrics } from "@/server/base/metrics";
import { withinMs } from "./time-limit";

/** How long the outbox count may take before the scrape answers without it. */
const OUTBOX_TIMEOUT_MS = 2_000;

/** What a scrape reads at that moment rather than counts as it happens. */
type ScrapeGauges = { outboxDepth: Gauge };

const made = new WeakMap<Registry, ScrapeGauges>();

function scrapeGauges(registry: Registry): ScrapeGauges {
  let gauges = made.get(registry);
  if (gauges) return gauges;
  new Gauge({
    name: "marketplace_db_pool_connections",
    help: "PostgreSQL pool connections, by state (busy, idle) and the pool's size (max); none on the embedded database.",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      this.reset();
      const pool = getPoolStats();
      if (!pool) return;
      this.set({ state: "busy" }, pool.total - pool.idle);
      this.set({ state: "idle" }, pool.idle);
      this.set({ state: "max" }, pool.max);
    },
  });
  new Gauge({
    name: "marketplace_db_pool_waiting",
    help: "Statements waiting for a free PostgreSQL pool connection.",
    registers: [registry],
    collect() {
      this.reset();
      const pool = getPoolStats();
      if (pool) this.set(pool.waiting);
    },
  });
  new Gauge({
    name: "marketplace_live_streams_open",
    help: "Live message streams (server-sent events) open on this instance.",
    registers: [registry],
    collect() {
      this.set(openStreamCount());
    },
  });
  gauges = {
    outboxDepth: new Gauge({
      name: "marketplace_mail_outbox_depth",
      help: "Mails in the outbox still waiting to be sent (status pending), across the marketplace.",
      registers: [registry],
    }),
  };
  made.set(registry, gauges);
  return gauges;
}

/**
 * This instance's metrics in Prometheus' text format, with the outbox read now: one count on its
 * partial index of pending mails. When the database does not answer in time the scrape still
 * answers, without that one value (and says so in the log).
 */
export async function renderMetrics(db: Db): Promise<{ contentType: string; text: string }> {
  const { registry } = metrics();
  const { outboxDepth } = scrapeGauges(registry);
  outboxDepth.reset();
  const depth = await countPendingMails(db).catch((error: unknown) => {
    log.warn({ err: error }, "metrics: the mail outbox could not be counted");
    return null;
  });
  if (depth !== null) outboxDepth.set(depth);
  return { contentType: registry.contentType, text: await registry.metrics() };
}

async function countPendingMails(db: Db): Promise<number> {
  const [row] = await withinMs(
    OUTBOX_TIMEOUT_MS,
    "the outbox count",
    db
      .select({ count: sql<string>`count(*)` })
      .from(emailOutbox)
      .where(eq(emailOutbox.status, "pending")),
  );
  return Number(row?.count ?? 0);
}
