/**
 * npm run bench:ci: the deterministic part of the benchmark, a CI gate (no timing, no noise):
 *
 * 1. loads the XS and S datasets into fresh PostgreSQL databases (bench_ci_xs, bench_ci_s);
 * 2. statements per request: every probe (bench/db/statements.ts) sends as many statements at S
 *    as at XS (10x the data), so no list runs a query per row;
 * 3. query plans: the statements of search, My Local, listing depth, order lists... use their
 *    intended index (EXPLAIN of the statements the services actually sent); the money sweep reads
 *    through all its partial indexes and scans no orders, order lines or payouts whole;
 * 4. first-load JavaScript of every route of an existing build directory (default .next), signed
 *    in or not, is at most 180 kB gzipped.
 *
 *   --dist DIR        build directory for 4 (default .next); --no-bundle to leave 4 out,
 *                     --only-bundle to run 4 alone (no database needed)
 *   --server URL      PostgreSQL server (default $BENCH_PG_URL or postgres://postgres@127.0.0.1:5432)
 *   --keep            keep the two databases afterwards
 *
 * Exits non-zero on any failure, a missing service included. Runs in about a minute.
 */
import "./lib/env";
import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { DEFAULT_SERVER } from "./data/config";
import { buildWorld, SIZES } from "./data/generate";
import { databaseUrl, loadPostgres } from "./data/load";
import { closeContext, openContext, type DbContext } from "./db/context";
import { countProbe, STATEMENT_PROBES, type StatementProbe } from "./db/statements";
import { isMeasuredRoute, measureBundles } from "./http/bundle";
import { parseCli } from "./lib/cli";
import { out } from "./lib/out";
import { guard, Report } from "./lib/report";
import { captureStatements } from "./lib/statements";

/** The index each probe's main statement must use (any one of the list). */
export const INTENDED_INDEXES: Record<string, string[]> = {
  "product detail": ["products_pkey"],
  "product reviews page 1": ["reviews_product_created_idx"],
  "store products page 1": ["products_store_listing_idx"],
  "latest products": ["products_latest_idx"],
  "popular products": ["products_popular_idx"],
  "search two terms": ["product_terms_search_idx"],
  "search typo": ["product_name_words_trgm_idx", "product_name_words_pkey"],
  "My Local 25 km": ["members_merchant_geo_idx"],
  "farmers list page 1": ["members_merchant_latest_idx"],
  "farmers top rated": ["members_merchant_rating_idx"],
  "farmers keyword": ["members_merchant_public_search_trgm_idx"],
  "My Local no limit": ["members_merchant_geo_idx"],
  "search exact name": ["products_name_lower_idx"],
  "search exact name, Popular": ["products_name_popular_idx"],
  "received orders page 1": ["order_items_merchant_created_idx"],
  "placed orders page 1": ["orders_customer_created_idx"],
  "admin order search, an email": ["orders_email_lower_idx"],
  "admin member search, an email": ["members_email_lower_unique"],
  "reseller transactions, a date range": ["reseller_transactions_created_idx"],
  "contacts page 1": ["conversations_merchant_last_message_idx"],
  "contacts deep page": ["conversations_merchant_last_message_idx"],
  "latest 20 messages": ["messages_conversation_created_idx"],
  "unread count": ["conversations_merchant_unread_idx"],
  "reseller transactions, an email and a date range": [
    "reseller_transactions_reseller_created_idx",
  ],
};

/**
 * Probes whose statements must use every one of `indexes` and never read `tables` by a sequential
 * scan: the money sweep (decision 0037) reads only rows in non-final states, each kind through its
 * partial index, so a sweep with nothing to do costs the same at every size (issue 39).
 */
export const PARTIAL_INDEX_READS: Record<string, { indexes: string[]; tables: string[] }> = {
  "money sweep, nothing to do": {
    indexes: [
      "orders_awaiting_payment_idx",
      "order_items_refund_open_idx",
      "order_items_reversal_owed_idx",
      "payouts_owed_idx",
    ],
    tables: ["orders", "order_items", "payouts"],
  },
};

/**
 * Tables a probe's statements may read only by key, never whole (a sequential scan, or an index
 * walked with no condition and no distance order): at S the planner reads a small table whole
 * where that looks cheaper than the lookups, and the time then grows with the table, not the page
 * (docs/performance.md, session 14: Popular hashed every product).
 */
export const READ_BY_KEY_ONLY: Record<string, string[]> = {
  "search exact name, Popular": ["products"],
};

interface PlanNode {
  "Node Type"?: string;
  "Index Name"?: string;
  "Relation Name"?: string;
  "Index Cond"?: string;
  "Order By"?: string;
  Plans?: PlanNode[];
}

/** The tables `node` reads whole: by a sequential scan or an index walk with no condition. */
function wholeReadsOf(node: PlanNode, acc = new Set<string>()): Set<string> {
  const type = node["Node Type"] ?? "";
  const walksIndex = /^Index (Only )?Scan$/.test(type) && !node["Index Cond"] && !node["Order By"];
  if ((type === "Seq Scan" || walksIndex) && node["Relation Name"]) acc.add(node["Relation Name"]);
  for (const child of node.Plans ?? []) wholeReadsOf(child, acc);
  return acc;
}

function indexesOf(
  node: PlanNode,
  acc = new Set<string>(),
  seqScans = new Set<string>(),
  sorted = new Set<string>(),
  underSort = false,
): { indexes: Set<string>; seq: Set<string>; sorted: Set<string> } {
  if (node["Index Name"]) {
    acc.add(node["Index Name"]);
    // A walk for one word (`lexeme = '...'`), not the correction statement's existence probes.
    const cond = String((node as Record<string, unknown>)["Index Cond"] ?? "");
    if (underSort && /= '/.test(cond)) sorted.add(node["Index Name"]);
  }
  if (node["Node Type"] === "Seq Scan")
    seqScans.add(String((node as Record<string, unknown>)["Relation Name"]));
  // A limit between the walk and a sort above it stops the walk: only a sort nearer than any
  // limit reads it all.
  const type = node["Node Type"];
  const sorts = type === "Sort" || (underSort && type !== "Limit");
  for (const child of node.Plans ?? []) indexesOf(child, acc, seqScans, sorted, sorts);
  return { indexes: acc, seq: seqScans, sorted };
}

/**
 * Probes whose matches must come in index order, with no sort above the index walk: the keyword
 * search stops at the 1,000 latest listed matches only if it reads the postings in order, and
 * Popular reads a name shared by many products only as far as the page only in its index's order.
 */
const READ_IN_ORDER: Record<string, string> = {
  "search two terms": "product_terms_search_idx",
  "search exact name, Popular": "products_name_popular_idx",
};

/** The indexes the statements of `probe` use, from EXPLAIN of what the service sent. */
async function planIndexes(
  ctx: DbContext,
  probe: StatementProbe,
): Promise<{ indexes: Set<string>; seq: Set<string>; sorted: Set<string>; whole: Set<string> }> {
  const indexes = new Set<string>();
  const seq = new Set<string>();
  const sorted = new Set<string>();
  const whole = new Set<string>();
  const prepared = probe.prepare ? await probe.prepare(ctx) : undefined;
  // Explained before the clean-up, on the data the statements ran on (the money sweep's seeded
  // payouts go with its clean-up).
  const client = new pg.Client({ connectionString: ctx.url });
  try {
    const statements = await captureStatements(() => probe.run(ctx, prepared));
    await client.connect();
    for (const s of statements) {
      if (!/^\s*(with|select)\b/i.test(s.text)) continue;
      const { rows } = await client.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
        `explain (format json) ${s.text}`,
        s.values,
      );
      const plan = rows[0]?.["QUERY PLAN"][0]?.Plan;
      if (plan) {
        indexesOf(plan, indexes, seq, sorted);
        wholeReadsOf(plan, whole);
      }
    }
  } finally {
    await client.end();
    await probe.cleanup?.(ctx, prepared);
  }
  return { indexes, seq, sorted, whole };
}

/** Facts a correct load must satisfy (the generator against the schema's derived data). */
async function datasetChecks(ctx: DbContext, report: Report): Promise<void> {
  const checks: [string, string][] = [
    [
      "products.score and review_count match the reviews",
      `select count(*) from products p left join (select product_id, count(*) c, round(avg(score), 2) a from reviews group by 1) r
       on r.product_id = p.id where p.review_count <> coalesce(r.c, 0) or p.score <> coalesce(r.a, 0)`,
    ],
    [
      "order lines snapshot their product's farm and currency",
      `select count(*) from order_items oi join orders o on o.id = oi.order_id join products p on p.id = oi.product_id
       where p.merchant_id <> oi.merchant_id or p.currency <> o.currency`,
    ],
    [
      "product_terms holds every lexeme of every active product",
      `select count(*) from (
         (select t.lexeme, p.id, 'A' = any(t.weights), p.merchant_id, product_name_key(p.name)
          from products p, unnest(p.search_vector) t where p.status = 'active'
          except all select lexeme, product_id, in_name, merchant_id, name_key from product_terms)
         union all
         (select lexeme, product_id, in_name, merchant_id, name_key from product_terms
          except all select t.lexeme, p.id, 'A' = any(t.weights), p.merchant_id, product_name_key(p.name)
          from products p, unnest(p.search_vector) t where p.status = 'active')
       ) d`,
    ],
    [
      "product_name_words counts every product name word",
      `select count(*) from (select w, count(*)::int n from products, product_name_words_of(products.name) w group by w) x
       full join product_name_words pw on pw.word = x.w where pw.product_count is distinct from x.n`,
    ],
    [
      "merchant_line_counts counts every farmer's order lines",
      `select count(*) from (select merchant_id, count(*)::int n from order_items group by merchant_id) x
       full join merchant_line_counts c using (merchant_id) where coalesce(c.line_count, 0) <> coalesce(x.n, 0)`,
    ],
  ];
  for (const [name, query] of checks) {
    await guard(report, [`dataset (${ctx.database}):${name}`], async () => {
      const { rows } = await ctx.raw.query<{ count: string }>(query);
      report.add(`dataset (${ctx.database}):${name}`, Number(rows[0]?.count) === 0, {
        note: `${rows[0]?.count} rows differ`,
      });
    });
  }
}

const USAGE = `
npm run bench:ci -- [options]: the deterministic benchmark gate (statements per request, query
plans, first-load JS).

  --dist DIR     the Next.js build to measure; default .next
  --no-bundle    leave out the first-load JS checks
  --only-bundle  run only the first-load JS checks (every route, signed in or not); no database
  --server URL   PostgreSQL server; default $BENCH_PG_URL or postgres://postgres@127.0.0.1:5432
  --keep         keep the temporary database afterwards
`;

async function main(): Promise<void> {
  const { values } = parseCli(
    {
      options: {
        dist: { type: "string", default: ".next" },
        "no-bundle": { type: "boolean", default: false },
        "only-bundle": { type: "boolean", default: false },
        server: { type: "string", default: DEFAULT_SERVER },
        keep: { type: "boolean", default: false },
      },
    },
    USAGE,
  );
  const server = values.server ?? DEFAULT_SERVER;
  const started = performance.now();
  const report = new Report({
    ...new Report().thresholds,
    "plans:*": { equals: true },
    "dataset *:*": { equals: true },
  });
  if (values["no-bundle"] && values["only-bundle"]) {
    process.stderr.write(`--no-bundle and --only-bundle leave nothing to run\n${USAGE}`);
    process.exit(2);
  }
  if (!values["only-bundle"]) await databaseChecks(server, values.keep ?? false, report);
  if (!values["no-bundle"]) bundleChecks(values.dist ?? ".next", report);

  out(`\n${report.table()}\n`);
  const failures = report.failures;
  out(
    `bench:ci: ${report.rows.length} checks, ${failures.length} failed (${((performance.now() - started) / 1000).toFixed(0)} s)`,
  );
  process.exit(failures.length ? 1 : 0);
}

/** 1-3: the two datasets, their statement counts and their query plans. */
async function databaseChecks(server: string, keep: boolean, report: Report): Promise<void> {
  const anchor = Date.UTC(2026, 0, 1);
  const contexts: DbContext[] = [];
  const names = ["XS", "S"] as const;
  try {
    for (const size of names) {
      const database = `bench_ci_${size.toLowerCase()}`;
      const t = await loadPostgres(buildWorld(SIZES[size]!, "harvest", anchor), {
        serverUrl: server,
        database,
        strategy: "drop",
        log: () => {},
      });
      out(`Loaded ${size} into ${database} in ${(t.totalMs / 1000).toFixed(1)} s`);
      contexts.push(await openContext(server, database));
    }
    const [xs, s] = contexts as [DbContext, DbContext];

    for (const ctx of contexts) await datasetChecks(ctx, report);

    for (const probe of STATEMENT_PROBES) {
      const id = `statements (db):${probe.name}`;
      await guard(report, [id], async () => {
        const atXs = await countProbe(xs, probe);
        const atS = await countProbe(s, probe);
        report.add(id, atS, { baseline: atXs, baselineLabel: "at XS", note: `${atS} at S` });
      });
    }

    for (const probe of STATEMENT_PROBES) {
      const wanted = INTENDED_INDEXES[probe.name];
      if (!wanted) continue;
      const id = `plans:${probe.name} uses ${wanted.join(" or ")}`;
      await guard(report, [id], async () => {
        const plan = await planIndexes(s, probe);
        const { indexes, seq } = plan;
        const inOrder = READ_IN_ORDER[probe.name];
        const sorted = inOrder !== undefined && plan.sorted.has(inOrder);
        const readWhole = (READ_BY_KEY_ONLY[probe.name] ?? []).filter((t) => plan.whole.has(t));
        const ok = wanted.some((name) => indexes.has(name)) && !sorted && readWhole.length === 0;
        report.add(id, ok, {
          note: `indexes: ${[...indexes].join(", ") || "none"}${seq.size ? `; seq scans: ${[...seq].join(", ")}` : ""}${sorted ? `; sorted after ${inOrder}` : ""}${readWhole.length ? `; read whole: ${readWhole.join(", ")}` : ""}`,
        });
      });
    }

    for (const [name, wanted] of Object.entries(PARTIAL_INDEX_READS)) {
      const id = `plans:${name} uses its partial indexes, no seq scan of ${wanted.tables.join(", ")}`;
      await guard(report, [id], async () => {
        const probe = STATEMENT_PROBES.find((p) => p.name === name);
        if (!probe) throw new Error(`no statement probe "${name}"`);
        const { indexes, seq } = await planIndexes(s, probe);
        const missing = wanted.indexes.filter((index) => !indexes.has(index));
        const scanned = wanted.tables.filter((table) => seq.has(table));
        report.add(id, missing.length === 0 && scanned.length === 0, {
          note: `indexes: ${[...indexes].join(", ") || "none"}${missing.length ? `; not used: ${missing.join(", ")}` : ""}${seq.size ? `; seq scans: ${[...seq].join(", ")}` : ""}`,
        });
      });
    }
  } finally {
    for (const ctx of contexts) await closeContext(ctx);
    if (!keep) {
      // Let the pools' connections finish closing before the databases go.
      await new Promise((r) => setTimeout(r, 500));
      const admin = new pg.Client({ connectionString: databaseUrl(server, "postgres") });
      await admin.connect();
      for (const size of names)
        await admin.query(`drop database if exists "bench_ci_${size.toLowerCase()}" with (force)`);
      await admin.end();
    }
  }
}

/** 4: first-load JS of every route, signed in or not (the benchmark's own pages and Next's internals aside). */
function bundleChecks(dist: string, report: Report): void {
  if (!existsSync(path.resolve(dist, "BUILD_ID"))) {
    report.failed(
      "first-load JS:build",
      new Error(`no build in ${dist}: run npm run build first, or pass --no-bundle`),
    );
    return;
  }
  for (const b of measureBundles(dist)) {
    if (!isMeasuredRoute(b.route)) continue;
    report.add(`first-load JS:${b.route}`, b.gzipBytes / 1024, {
      unit: "kB",
      note: `${b.files.length} chunks${b.public ? "" : ", signed in"}`,
    });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
