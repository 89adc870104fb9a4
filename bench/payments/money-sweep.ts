/**
 * The money reconciler with nothing to do (issue 39, decision 0037): one full `reconcile()` on the
 * dataset, Stripe being the fake in this process (its event, transfer and charge lists empty), as
 * the in-app sweep runs every five minutes on a quiet marketplace. The sweep must read only rows in
 * non-final states, through partial indexes, so its database time does not grow with the data:
 * at M (1M order lines) at most 50 ms.
 *
 * The datasets have paid card orders, refunded lines and paid-out lines, but no `payouts` rows
 * (the generator predates decision 0017), so `prepare` adds one paid payout per farm and card
 * order with paid-out lines, as Pay Merchant would have left them, and `cleanup` takes them back
 * with the sweep's own traces (its lease row, the installation row it may make).
 */
import type { reconcile as Reconcile, ReconcileReport } from "@/server/money/reconcile";
import type { DbContext } from "../db/context";
import { service } from "../lib/missing";
import { guard, type Report } from "../lib/report";
import { captureStatements, timeStatements } from "../lib/statements";
import { median, summarize } from "../lib/stats";
import { startBenchStripe, type BenchStripe } from "./stripe";

/** The seeded payouts' transfer ids start with this (cleanup removes exactly those). */
const SEEDED_TRANSFER = "tr_benchpayout_";
const HOLDER = "bench:money-sweep";
const WARMUP = 3;
const SWEEPS = 30;

/** The rows a sweep writes besides what it settles: its lease, and the installation it may make. */
interface SweepRows {
  /** As they were (null: there was none). */
  lease: unknown;
  installation: unknown;
}

export interface MoneySweepSetup extends SweepRows {
  bench: BenchStripe;
  reconcile: typeof Reconcile;
  seededPayouts: number;
}

const loadReconcile = () => service<typeof Reconcile>("server/money/reconcile.ts", "reconcile");

async function noteSweepRows(ctx: DbContext): Promise<SweepRows> {
  const row = async (query: string) =>
    (await ctx.raw.query<{ row: unknown }>(query)).rows[0]?.row ?? null;
  return {
    lease: await row("select to_jsonb(j) as row from job_leases j where name = 'reconcile'"),
    installation: await row("select to_jsonb(i) as row from installation i where id = 1"),
  };
}

async function restoreSweepRows(ctx: DbContext, was: SweepRows): Promise<void> {
  const restore = async (table: string, key: string, row: unknown) => {
    await ctx.raw.query(`delete from ${table} where ${key}`);
    if (row)
      await ctx.raw.query(
        `insert into ${table} select * from jsonb_populate_record(null::${table}, $1)`,
        [row],
      );
  };
  await restore("job_leases", "name = 'reconcile'", was.lease);
  await restore("installation", "id = 1", was.installation);
}

/**
 * Starts the fake, seeds the paid payouts (analyzed, so the planner knows `payouts` is large and
 * its owed rows few) and notes the rows the sweep writes.
 */
export async function prepareMoneySweep(ctx: DbContext): Promise<MoneySweepSetup> {
  const reconcile = await loadReconcile();
  const rows = await noteSweepRows(ctx);
  const { rowCount } = await ctx.raw.query(
    `insert into payouts (order_id, merchant_id, currency, gross_cents, fees_cents, amount_cents,
                          status, transfer_id, paid_at, created_at, updated_at)
     select order_id, merchant_id, currency, gross, gross / 10, gross - gross / 10, 'paid',
            $1::text || order_id || '_' || merchant_id, paid_at, paid_at, paid_at
     from (select oi.order_id, oi.merchant_id, o.currency,
                  sum(oi.unit_price_cents * oi.qty)::int as gross, max(oi.merchant_paid_at) as paid_at
           from order_items oi join orders o on o.id = oi.order_id
           where oi.transfer_id is not null and oi.merchant_paid_at is not null
           group by oi.order_id, oi.merchant_id, o.currency) paid_out
     on conflict do nothing`,
    [SEEDED_TRANSFER],
  );
  await ctx.raw.query("analyze payouts");
  const bench = await startBenchStripe();
  return { ...rows, bench, reconcile, seededPayouts: rowCount ?? 0 };
}

/** One sweep as the app runs it (the lease taken and given back). */
export function sweep(ctx: DbContext, setup: MoneySweepSetup): Promise<ReconcileReport> {
  return setup.reconcile(ctx.db, setup.bench.stripe, { holder: HOLDER });
}

/** Takes back the seeded payouts and puts the lease and installation rows back as they were. */
export async function cleanupMoneySweep(ctx: DbContext, setup: MoneySweepSetup): Promise<void> {
  await setup.bench.close();
  await ctx.raw.query("delete from payouts where starts_with(transfer_id, $1)", [SEEDED_TRANSFER]);
  await ctx.raw.query("vacuum analyze payouts");
  await restoreSweepRows(ctx, setup);
}

/** What a sweep could change, to compare before and after. */
async function fingerprint(ctx: DbContext): Promise<string> {
  const { rows } = await ctx.raw.query<{ digest: string }>(
    `select concat_ws('/',
       (select count(*) from payouts), (select count(*) from money_issues),
       (select count(*) from stripe_events), (select count(*) from email_outbox),
       (select count(*) from orders where payment_type = 'card' and payment_status <> 'paid'),
       (select md5(coalesce(string_agg(j::text, ',' order by j.name), '')) from job_leases j),
       (select md5(coalesce(string_agg(i::text, ','), '')) from installation i)) as digest`,
  );
  return rows[0]?.digest ?? "";
}

interface PlanNode {
  "Node Type"?: string;
  "Index Name"?: string;
  "Relation Name"?: string;
  Plans?: PlanNode[];
}

function walk(node: PlanNode, indexes: Set<string>, seq: Set<string>): void {
  if (node["Index Name"]) indexes.add(node["Index Name"]);
  if (node["Node Type"] === "Seq Scan" && node["Relation Name"]) seq.add(node["Relation Name"]);
  for (const child of node.Plans ?? []) walk(child, indexes, seq);
}

/**
 * The server's own time for one sweep's reads (EXPLAIN ANALYZE: planning and execution, no round
 * trips), the median of `times` sweeps, and the indexes and sequential scans of their plans.
 */
async function serverTime(
  ctx: DbContext,
  setup: MoneySweepSetup,
  times = 5,
): Promise<{ ms: number; reads: number; indexes: Set<string>; seq: Set<string> }> {
  const indexes = new Set<string>();
  const seq = new Set<string>();
  const totals: number[] = [];
  let reads = 0;
  for (let i = 0; i < times; i++) {
    const statements = await captureStatements(() => sweep(ctx, setup));
    let ms = 0;
    reads = 0;
    for (const s of statements) {
      if (!/^\s*(with|select)\b/i.test(s.text)) continue;
      const { rows } = await ctx.raw.query<{
        "QUERY PLAN": [{ Plan: PlanNode; "Planning Time": number; "Execution Time": number }];
      }>(`explain (analyze, format json) ${s.text}`, s.values);
      const plan = rows[0]?.["QUERY PLAN"][0];
      if (!plan) continue;
      reads++;
      ms += plan["Planning Time"] + plan["Execution Time"];
      walk(plan.Plan, indexes, seq);
    }
    totals.push(ms);
  }
  return { ms: median(totals), reads, indexes, seq };
}

const IDS = {
  dbTime: "money sweep (db):database time p95, nothing to do",
  wall: "money sweep (db):sweep p95 with the fake, nothing to do",
  server: "money sweep (db):server time of its reads, nothing to do",
  nothing: "money sweep (db):found nothing to do",
  unchanged: "money sweep (db):dataset as generated after clean-up",
};
export const MONEY_SWEEP_IDS = Object.values(IDS);

/**
 * `SWEEPS` sweeps after `WARMUP`, one at a time: the database time of each (its statements from
 * the call to the answer, as the sweep waits for them) and its whole time, Stripe's three list
 * calls included; then the server's own time for a sweep's reads (median of five).
 */
export async function moneySweepScenario(ctx: DbContext, report: Report): Promise<void> {
  await guard(report, MONEY_SWEEP_IDS, async () => {
    const before = await fingerprint(ctx);
    const setup = await prepareMoneySweep(ctx);
    const found: string[] = [];
    try {
      const db: number[] = [];
      const wall: number[] = [];
      const stripe: number[] = [];
      let statements = 0;
      let stripeRequests = 0;
      for (let i = 0; i < WARMUP + SWEEPS; i++) {
        const timed = await setup.bench.timed(() => timeStatements(() => sweep(ctx, setup)));
        const { result, busyMs, count } = timed.result;
        if (!result.ran || result.stoppedBy || result.actions.length > 0)
          found.push(result.stoppedBy ?? result.actions[0] ?? "the lease was not taken");
        if (i < WARMUP) continue;
        db.push(busyMs);
        wall.push(timed.totalMs);
        stripe.push(timed.stripeMs);
        statements += count;
        stripeRequests += timed.stripeRequests;
      }
      const d = summarize(db);
      const w = summarize(wall);
      const s = summarize(stripe);
      report.add(IDS.dbTime, d.p95, {
        unit: "ms",
        note: `p50 ${d.p50.toFixed(2)} ms, n=${d.n}, ${(statements / d.n).toFixed(0)} statements a sweep, each timed from its call to its answer; ${setup.seededPayouts} paid payouts seeded`,
      });
      report.add(IDS.wall, w.p95, {
        unit: "ms",
        note: `p50 ${w.p50.toFixed(2)} ms; ${(stripeRequests / w.n).toFixed(0)} Stripe list calls a sweep, p50 ${s.p50.toFixed(2)} ms in the fake (in process, no latency)`,
      });
      const server = await serverTime(ctx, setup);
      report.add(IDS.server, server.ms, {
        unit: "ms",
        note: `EXPLAIN ANALYZE of its ${server.reads} reads (planning + execution), median of 5 sweeps; indexes: ${[...server.indexes].sort().join(", ") || "none"}; seq scans: ${[...server.seq].sort().join(", ") || "none"}`,
      });
      report.add(IDS.nothing, found.length === 0, {
        note: found.length ? `${found.length} sweeps did something: ${found[0]}` : "",
      });
    } finally {
      await cleanupMoneySweep(ctx, setup);
    }
    const after = await fingerprint(ctx);
    report.add(IDS.unchanged, before === after, {
      note: before === after ? "" : `before ${before}, after ${after}`,
    });
  });
}

export const BUSY_SWEEP_ID = "payments (db):money sweep database time after the run, nothing to do";

/**
 * The payments group's end: one sweep while the fake's lists hold every payment the group made
 * (the reconciler's first run reads three days of them). Every event counts as processed (the
 * orders paid on the customer's return never had theirs delivered here), so there is nothing to
 * do but read Stripe's lists and look each object up; the group's clean-up removes the event rows.
 */
export async function sweepAfterPayments(
  ctx: DbContext,
  report: Report,
  bench: BenchStripe,
): Promise<void> {
  const reconcile = await loadReconcile();
  const events = bench.fake.events;
  await ctx.raw.query(
    `insert into stripe_events (id, type) select * from unnest($1::text[], $2::text[])
     on conflict do nothing`,
    [events.map((e) => e.id), events.map((e) => e.type)],
  );
  const rows = await noteSweepRows(ctx);
  try {
    const timed = await bench.timed(() =>
      timeStatements(() => reconcile(ctx.db, bench.stripe, { holder: HOLDER })),
    );
    const { result, busyMs, count } = timed.result;
    const read = (what: string) => result.counts[what] ?? 0;
    report.add(BUSY_SWEEP_ID, busyMs, {
      unit: "ms",
      note: `${count} statements for ${read("events read")} events, ${read("charges read")} charges and ${read("transfers read")} transfers in Stripe's lists; the sweep ${timed.totalMs.toFixed(0)} ms with its ${timed.stripeRequests} Stripe requests; ${result.actions.length} things done${result.stoppedBy ? `; ${result.stoppedBy}` : ""}`,
    });
  } finally {
    await restoreSweepRows(ctx, rows);
  }
}
