/**
 * npm run bench -- [options]: the timed benchmark suite (issue 7); what it prints and saves is in USAGE.
 * The options are in USAGE below (`--help` prints them).
 *
 * Run under `tsx --conditions=react-server` (the project's services are server-only).
 */
import "./lib/env";
import path from "node:path";
import { DEFAULT_SERVER } from "./data/config";
import {
  closeContext,
  databaseExists,
  DatasetMissing,
  openContext,
  type DbContext,
} from "./db/context";
import {
  checkoutScenario,
  depthScenarios,
  pickupScenarios,
  myLocalScenarios,
  orderListScenarios,
  messagingScenarios,
  resellerScenarios,
  probes,
  productScenarios,
  searchScenarios,
} from "./db/scenarios";
import { demandScenario } from "./db/demand";
import { ablation } from "./db/ablation";
import { moneySweepScenario } from "./payments/money-sweep";
import { paymentsGroup } from "./payments/suite";
import * as pglite from "./db/pglite";
import { countProbe, STATEMENT_PROBES } from "./db/statements";
import { Missing } from "./lib/missing";
import { guard, Report } from "./lib/report";
import { timeLoop } from "./lib/stats";
import { parseCli } from "./lib/cli";
import { out } from "./lib/out";

export const GROUPS = [
  "db",
  "ablation",
  "statements",
  "pglite",
  "payments",
  "http",
  "bundle",
  "lighthouse",
  "mixed",
  "coldstart",
  "proxy",
] as const;
export type Group = (typeof GROUPS)[number];
/** Run only when asked for (`--only proxy`): the caching-proxy experiment of issue 46. */
const OPT_IN_GROUPS: readonly Group[] = ["proxy"];

/** The db group's scenarios, in the order they run; `--scenario` picks some of them. */
export const DB_SCENARIOS = [
  "product",
  "mylocal",
  "search",
  "depth",
  "orders",
  "resellers",
  "messages",
  "checkout",
  "pickups",
  "reconcile",
  "demand",
] as const;
export type DbScenario = (typeof DB_SCENARIOS)[number];

export interface RunOptions {
  size: string;
  small: string;
  large: string;
  groups: Set<Group>;
  /** The db group's scenarios to run (all unless `--scenario` names some). */
  scenarios: Set<DbScenario>;
  rounds: number;
  durationS: number;
  server: string;
  rebuild: boolean;
}

const USAGE = `
npm run bench -- [options]: the timed benchmark suite (issue 7). Prints one table (scenario,
metric, value, baseline, ratio, target, result), saves it to bench/results/, and exits non-zero
when a target of bench/thresholds.json is missed or a scenario's page or service is missing.

  --size M          the dataset measured (database bench_<size>); default M
  --small S         the smaller dataset statement counts are compared with; default S
  --large L         the larger dataset for scaling ratios, used when its database exists; default L
  --only LIST       groups to run, comma-separated: db,ablation,statements,pglite,payments,http,bundle,lighthouse,mixed,coldstart,
                    and proxy (only when named: the product page cached whole and behind Varnish,
                    side by side, decision 0055; needs varnishd and haproxy)
  --skip LIST       groups to leave out
  --scenario LIST   only these scenarios of the db group, comma-separated (the other groups are
                    not affected; combine with --only db): ${DB_SCENARIOS.join(",")}
  --rounds N        HTTP rounds (A B C / C B A interleaved); default 3
  --duration S      seconds per HTTP round; default 10
  --server URL      PostgreSQL server; default $BENCH_PG_URL or postgres://postgres@127.0.0.1:5432
  --rebuild         build the app again even when .next-bench is current

  BENCH_LIGHTHOUSE_RUNS=N     Lighthouse runs per page and form (the median is reported); default 5
  BENCH_LIGHTHOUSE_PAGES=LIST only these of the Lighthouse pages: dashboard,product,store,search,messages
`;

function parseOptions(): RunOptions {
  const { values } = parseCli(
    {
      options: {
        size: { type: "string", default: "M" },
        small: { type: "string", default: "S" },
        large: { type: "string", default: "L" },
        only: { type: "string" },
        skip: { type: "string" },
        scenario: { type: "string" },
        rounds: { type: "string", default: "3" },
        duration: { type: "string", default: "10" },
        server: { type: "string", default: DEFAULT_SERVER },
        rebuild: { type: "boolean", default: false },
      },
    },
    USAGE,
  );
  const list = (v: string | undefined) =>
    (v ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  for (const g of [...list(values.only), ...list(values.skip)])
    if (!(GROUPS as readonly string[]).includes(g))
      throw new Error(`unknown group ${g}: ${GROUPS.join(", ")}`);
  const only = list(values.only);
  const groups = new Set<Group>(
    (only.length ? only : GROUPS.filter((g) => !OPT_IN_GROUPS.includes(g))) as Group[],
  );
  for (const g of list(values.skip)) groups.delete(g as Group);
  for (const s of list(values.scenario))
    if (!(DB_SCENARIOS as readonly string[]).includes(s))
      throw new Error(`unknown scenario ${s}: ${DB_SCENARIOS.join(", ")}`);
  const scenarios = list(values.scenario);
  return {
    size: (values.size ?? "M").toUpperCase(),
    small: (values.small ?? "S").toUpperCase(),
    large: (values.large ?? "L").toUpperCase(),
    groups,
    scenarios: new Set<DbScenario>((scenarios.length ? scenarios : DB_SCENARIOS) as DbScenario[]),
    rounds: Math.max(1, Number(values.rounds)),
    durationS: Math.max(1, Number(values.duration)),
    server: values.server ?? DEFAULT_SERVER,
    rebuild: values.rebuild ?? false,
  };
}

const dbName = (size: string) => `bench_${size.toLowerCase()}`;

async function dbGroup(ctx: DbContext, report: Report, opts: RunOptions): Promise<void> {
  const wants = (scenario: DbScenario) => opts.scenarios.has(scenario);
  const p = wants("product") || wants("mylocal") ? await probes(ctx) : null;
  if (p && wants("product")) {
    out("  product");
    await productScenarios(ctx, report, p);
  }
  if (p && wants("mylocal")) {
    out("  My Local");
    const local = await myLocalScenarios(ctx, report, p);
    await myLocalScaling(report, opts, local);
  }
  if (wants("search")) {
    out("  search");
    await searchScenarios(ctx, report);
  }
  if (wants("depth")) {
    out("  listing depth");
    await depthScenarios(ctx, report);
  }
  if (wants("orders")) {
    out("  order lists");
    await orderListScenarios(ctx, report);
  }
  if (wants("resellers")) {
    out("  reseller transactions");
    await resellerScenarios(ctx, report);
  }
  if (wants("messages")) {
    out("  messages");
    await messagingScenarios(ctx, report);
  }
  if (wants("checkout")) {
    out("  checkout");
    await checkoutScenario(ctx, report);
    // The same checkouts of limited products, reported beside them (decision 0042).
    out("  checkout with stock");
    await checkoutScenario(ctx, report, undefined, { stock: true });
  }
  if (wants("pickups")) {
    out("  pickups");
    await pickupScenarios(ctx, report);
  }
  if (wants("demand")) {
    out("  Demand page");
    await demandScenario(ctx, report);
  }
  if (wants("reconcile")) {
    out("  money sweep with nothing to do");
    await moneySweepScenario(ctx, report);
  }
}

/** Scaling: the same 25 km listing on the larger dataset, when it is loaded. */
async function myLocalScaling(
  report: Report,
  opts: RunOptions,
  local: Awaited<ReturnType<typeof myLocalScenarios>>,
): Promise<void> {
  const id = "My Local (db):L/M p95 ratio, 25 km";
  if (!(await databaseExists(opts.server, dbName(opts.large)))) {
    report.notRun(
      id,
      `no ${dbName(opts.large)} database (npm run bench:data -- --size ${opts.large})`,
    );
  } else if (local[25]) {
    await guard(report, [id], async () => {
      const large = await openContext(opts.server, dbName(opts.large));
      try {
        const { svc } = await import("./db/scenarios");
        const listProducts = await svc("listProducts");
        const lp = await probes(large);
        const t = await timeLoop((i) => {
          const o = lp.origins[i % lp.origins.length] as { latitude: number; longitude: number };
          return listProducts(large.db, { near: { ...o, radiusKm: 25 } });
        });
        report.add(id, t.p95, {
          unit: "ms",
          baseline: (local[25] as { p95: number }).p95,
          baselineLabel: opts.size,
        });
      } finally {
        await closeContext(large);
      }
    });
  }
}

/** Statement counts of every probe at the small size and at this size: the ratio must be 1. */
export async function statementsGroup(
  small: DbContext,
  main: DbContext,
  report: Report,
  labels: { small: string; main: string },
): Promise<void> {
  for (const probe of STATEMENT_PROBES) {
    const id = `statements (db):${probe.name}`;
    await guard(report, [id], async () => {
      const atSmall = await countProbe(small, probe);
      const atMain = await countProbe(main, probe);
      report.add(id, atMain, {
        baseline: atSmall,
        baselineLabel: `at ${labels.small}`,
        note: `${atMain} at ${labels.main}`,
      });
    });
  }
}

async function main(): Promise<void> {
  const opts = parseOptions();
  const report = new Report();
  const started = Date.now();
  out(`Benchmark on ${dbName(opts.size)} (groups: ${[...opts.groups].join(", ")})`);
  let ctx: DbContext | null = null;
  try {
    ctx = await openContext(opts.server, dbName(opts.size));
  } catch (error) {
    if (!(error instanceof DatasetMissing)) throw error;
    console.error(error.message);
    process.exit(2);
  }
  try {
    if (opts.groups.has("db")) {
      out("Database scenarios");
      await dbGroup(ctx, report, opts);
    }
    if (opts.groups.has("ablation")) {
      out("Design choices: with and without");
      await ablation(ctx, report);
    }
    if (opts.groups.has("statements")) {
      out(`Statements per request, ${opts.small} and ${opts.size}`);
      let small: DbContext | null = null;
      try {
        small = await openContext(opts.server, dbName(opts.small));
        await statementsGroup(small, ctx, report, { small: opts.small, main: opts.size });
      } catch (error) {
        if (!(error instanceof DatasetMissing)) throw error;
        report.failed("statements (db):all", new Missing(error.message));
      } finally {
        if (small) await closeContext(small);
      }
    }
    if (opts.groups.has("pglite")) {
      out("PGlite and PostgreSQL side by side (S)");
      let pgS: DbContext | null = null;
      try {
        pgS = await openContext(opts.server, dbName("S"));
        await pglite.pgliteComparison(pgS, report);
      } catch (error) {
        if (!(error instanceof DatasetMissing)) throw error;
        report.failed("PGlite vs PostgreSQL (S):all", new Missing(error.message));
      } finally {
        if (pgS) await closeContext(pgS);
      }
    }
    if (opts.groups.has("payments")) {
      out("Card payments: orders and webhooks, Stripe fake in process");
      await paymentsGroup(ctx, report);
    }
    const http = await import("./http/suite");
    await http.runHttpGroups(ctx, report, opts);
  } finally {
    await closeContext(ctx);
  }

  out(`\n${report.table()}\n`);
  const file = path.join(
    process.cwd(),
    "bench",
    "results",
    `latest-${opts.size.toLowerCase()}.json`,
  );
  report.save(file, {
    size: opts.size,
    facts: ctx.facts,
    startedAt: new Date(started).toISOString(),
    seconds: Math.round((Date.now() - started) / 1000),
  });
  const failures = report.failures;
  out(
    `${report.rows.length} rows, ${failures.length} failed; saved ${path.relative(process.cwd(), file)} and .md (${Math.round((Date.now() - started) / 1000)} s)`,
  );
  process.exit(failures.length ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
