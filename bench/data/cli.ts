/**
 * npm run bench:data -- --size S|M|L [options]
 * The options are in USAGE below (`--help` prints them).
 *
 * Runs under `tsx --conditions=react-server` (the project's db modules are server-only).
 */
import path from "node:path";
import { DEFAULT_SERVER, defaultDatabase, defaultPgliteDir } from "./config";
import { buildWorld, SIZES } from "./generate";
import { loadPglite, loadPostgres, type IndexStrategy, type LoadTimings } from "./load";
import { parseCli } from "../lib/cli";
import { out } from "../lib/out";

function todayUtc(): number {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
}

function printTimings(label: string, t: LoadTimings): void {
  const copy = Object.values(t.copyMs).reduce((a, b) => a + b, 0);
  const rows = Object.values(t.rows).reduce((a, b) => a + b, 0);
  out(
    `${label}: ${rows.toLocaleString("en")} rows; migrate ${t.migrateMs} ms, COPY ${copy} ms, ` +
      `derived ${t.derivedMs} ms, indexes ${t.indexMs} ms, foreign keys ${t.foreignKeyMs} ms, vacuum analyze ${t.vacuumAnalyzeMs} ms; ` +
      `total ${(t.totalMs / 1000).toFixed(1)} s`,
  );
}

const USAGE = `
npm run bench:data -- --size S|M|L [options]

  --size XS|S|M|L     dataset size (bench/data/generate.ts SIZES); default S
  --target pg|pglite|both   where to load; default pg (PGlite takes XS and S only)
  --db NAME           PostgreSQL database, created fresh; default bench_<size>
  --server URL        PostgreSQL server; default $BENCH_PG_URL or postgres://postgres@127.0.0.1:5432
  --pglite-dir DIR    PGlite directory; default .data/bench/pglite-<size>
  --seed TEXT         generator seed; default "harvest"
  --anchor YYYY-MM-DD "now" of the data (orders run two years up to it); default today (UTC)
  --indexes drop|keep drop secondary indexes during COPY and rebuild after (default), or keep them
`;

async function main(): Promise<void> {
  const { values } = parseCli(
    {
      options: {
        size: { type: "string", default: "S" },
        target: { type: "string", default: "pg" },
        db: { type: "string" },
        server: { type: "string", default: DEFAULT_SERVER },
        "pglite-dir": { type: "string" },
        seed: { type: "string", default: "harvest" },
        anchor: { type: "string" },
        indexes: { type: "string", default: "drop" },
      },
    },
    USAGE,
  );
  const sizeName = (values.size ?? "S").toUpperCase();
  const size = SIZES[sizeName];
  if (!size) throw new Error(`--size must be one of ${Object.keys(SIZES).join(", ")}`);
  const target = values.target ?? "pg";
  if (!["pg", "pglite", "both"].includes(target))
    throw new Error("--target must be pg, pglite or both");
  if (target !== "pg" && !["XS", "S"].includes(sizeName))
    throw new Error("PGlite takes sizes XS and S only (the issue: L is PostgreSQL only)");
  const strategy = values.indexes as IndexStrategy;
  if (strategy !== "drop" && strategy !== "keep") throw new Error("--indexes must be drop or keep");
  const anchorMs = values.anchor ? Date.parse(`${values.anchor}T00:00:00Z`) : todayUtc();
  if (Number.isNaN(anchorMs)) throw new Error("--anchor must be YYYY-MM-DD");

  const started = performance.now();
  const world = buildWorld(size, values.seed ?? "harvest", anchorMs);
  out(
    `Size ${size.name}: ${size.farms} farms, ${size.products} products, ${size.orderLines} order lines, ` +
      `${size.customers} customers (seed "${world.seed}", anchor ${world.facts.anchor.slice(0, 10)}); ` +
      `world built in ${Math.round(performance.now() - started)} ms`,
  );
  const log = (line: string) => out(line);
  if (target === "pg" || target === "both") {
    const database = values.db ?? defaultDatabase(size.name);
    out(`PostgreSQL ${database} (indexes: ${strategy})`);
    const t = await loadPostgres(world, {
      serverUrl: values.server ?? DEFAULT_SERVER,
      database,
      strategy,
      log,
    });
    printTimings(`PostgreSQL ${database}`, t);
  }
  if (target === "pglite" || target === "both") {
    const dir = values["pglite-dir"] ?? defaultPgliteDir(size.name);
    out(`PGlite ${dir} (indexes: ${strategy})`);
    const t = await loadPglite(world, { dir, strategy, log });
    printTimings(`PGlite ${path.relative(process.cwd(), dir)}`, t);
  }
  const f = world.facts;
  out(
    `Largest farmer ${f.largestFarmer.username} (${f.largestFarmer.products} products, ${f.largestFarmer.orderLines} order lines); ` +
      `largest customer ${f.largestCustomer.username} (${f.largestCustomer.orders} orders); password "${f.password}"`,
  );
  out(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
