/**
 * Loads a generated World into PostgreSQL (COPY through pg-copy-streams) or PGlite (COPY FROM
 * '/dev/blob'). The schema comes from the project's own migrations (server/db/migrate.ts), so the
 * benchmark database has exactly the production tables, constraints and indexes.
 *
 * Index strategy "drop" (the default, measured faster; see docs/performance.md): after migrating,
 * the secondary indexes and foreign keys are dropped, the tables filled, then the indexes rebuilt
 * (two at a time on PostgreSQL) and the foreign keys added back, which also checks every reference.
 * Primary keys, unique constraints and CHECK constraints stay in place during COPY, so every row is
 * checked against them as it arrives.
 */
import { rmSync } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { PGlite } from "@electric-sql/pglite";
import { closeDb, createNodePgDb, createPgliteDb, type Db } from "@/server/db/client";
import { migrateDb } from "@/server/db/migrate";
import { TABLES, tableChunks, type TableSpec, type World } from "./generate";

export type IndexStrategy = "drop" | "keep";
export type Log = (line: string) => void;

interface Target {
  exec(sql: string): Promise<Record<string, unknown>[]>;
  copy(spec: TableSpec, chunks: Iterable<string>): Promise<void>;
  /** Runs statements, `parallel` at a time where the engine allows it. */
  execMany(statements: string[]): Promise<void>;
}

export interface LoadTimings {
  migrateMs: number;
  copyMs: Record<string, number>;
  rows: Record<string, number>;
  derivedMs: number;
  indexMs: number;
  foreignKeyMs: number;
  vacuumAnalyzeMs: number;
  totalMs: number;
}

const since = (t: number) => Math.round(performance.now() - t);

interface Saved {
  foreignKeys: string[];
  indexes: string[];
}

/** Derived tables big enough that their indexes are dropped and rebuilt around the bulk load too. */
const DERIVED_TABLES = ["product_terms"];

/** Drops every foreign key and every index that does not back a constraint; returns how to redo them. */
async function dropIndexes(target: Target): Promise<Saved> {
  const fks = await target.exec(`
    select conrelid::regclass::text as tbl, conname, pg_get_constraintdef(oid) as def
    from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`);
  const idx = await target.exec(`
    select i.indexname, i.indexdef from pg_indexes i
    where i.schemaname = 'public'
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
      and i.tablename in (${[...TABLES.map((t) => t.table), ...DERIVED_TABLES].map((t) => `'${t}'`).join(", ")})`);
  for (const fk of fks) await target.exec(`alter table ${fk.tbl} drop constraint "${fk.conname}"`);
  for (const i of idx) await target.exec(`drop index "${i.indexname}"`);
  return {
    foreignKeys: fks.map((fk) => `alter table ${fk.tbl} add constraint "${fk.conname}" ${fk.def}`),
    indexes: idx.map((i) => String(i.indexdef)),
  };
}

/**
 * Row triggers that keep derived data (drizzle/*_sql.sql), with the set-based
 * statement that gives the same result after a bulk load. A row trigger fired per COPY row cost
 * 10x the load time (one UPDATE of products per order line); these are switched off during COPY
 * and their result computed once afterwards. Any other trigger stays on (correct, only slower),
 * and the loader says so.
 */
const DERIVED_BY_TRIGGER: Record<string, { table: string; bulk: string[] }> = {
  products_name_words_sync: {
    table: "products",
    bulk: [
      "delete from product_name_words",
      `insert into product_name_words (word, product_count)
       select w, count(*)::int from products, product_name_words_of(products.name) as w group by w`,
    ],
  },
  products_names_sync: {
    table: "products",
    bulk: [
      "delete from product_names",
      `insert into product_names (name, product_count)
       select lower(name), count(*)::int from products where status = 'active' group by lower(name)`,
    ],
  },
  products_active_count_sync: {
    table: "products",
    bulk: [
      `update members m set active_product_count = coalesce(c.n, 0)
       from members m2
       left join (select merchant_id, count(*)::int as n from products where status = 'active' group by merchant_id) as c
         on c.merchant_id = m2.id
       where m.id = m2.id and m2.member_type = 'merchant'`,
    ],
  },
  products_terms_sync: {
    table: "products",
    bulk: [
      "truncate product_terms",
      `insert into product_terms (lexeme, product_id, in_name, merchant_id, name_key)
       select t.* from products as p, product_terms_of(p) as t where p.status = 'active'`,
    ],
  },
  order_items_line_count_add: {
    table: "order_items",
    bulk: [
      "delete from merchant_line_counts",
      `insert into merchant_line_counts (merchant_id, line_count)
       select merchant_id, count(*)::int from order_items group by merchant_id`,
    ],
  },
  // Deletes only; the count above covers the load.
  order_items_line_count_remove: { table: "order_items", bulk: [] },
  order_items_sales_sync: {
    table: "order_items",
    bulk: [
      `update products p set units_sold_90d = s.units
       from (
         select product_id, sum(qty)::int as units from order_items
         where created_at >= (select counted_from from product_sales_window where id = 1)
           and active and status not in ('cancelled', 'refunded')
         group by product_id
       ) as s
       where p.id = s.product_id`,
    ],
  },
};

async function pauseTriggers(target: Target, log: Log): Promise<() => Promise<void>> {
  const triggers = await target.exec(`
    select t.tgname, t.tgrelid::regclass::text as tbl from pg_trigger t
    where not t.tgisinternal and t.tgrelid::regclass::text in (${TABLES.map((x) => `'${x.table}'`).join(", ")})`);
  const paused: string[] = [];
  for (const t of triggers) {
    const name = String(t.tgname);
    if (DERIVED_BY_TRIGGER[name]?.table === t.tbl) {
      await target.exec(`alter table ${t.tbl} disable trigger ${name}`);
      paused.push(name);
    } else {
      log(
        `  note: trigger ${name} on ${t.tbl} has no bulk equivalent in bench/data/load.ts; it stays on during COPY`,
      );
    }
  }
  return async () => {
    for (const name of paused) {
      const derived = DERIVED_BY_TRIGGER[name] as { table: string; bulk: string[] };
      for (const statement of derived.bulk) await target.exec(statement);
      await target.exec(`alter table ${derived.table} enable trigger ${name}`);
    }
  };
}

async function fill(
  target: Target,
  world: World,
  strategy: IndexStrategy,
  log: Log,
  timings: LoadTimings,
): Promise<void> {
  const saved = strategy === "drop" ? await dropIndexes(target) : null;
  const resumeTriggers = await pauseTriggers(target, log);
  for (const spec of TABLES) {
    const t = performance.now();
    const counter = { rows: 0 };
    await target.copy(spec, tableChunks(world, spec, counter));
    timings.copyMs[spec.table] = since(t);
    timings.rows[spec.table] = counter.rows;
    world.facts.counts[spec.table] = counter.rows;
    log(`  ${spec.table}: ${counter.rows.toLocaleString("en")} rows in ${since(t)} ms`);
  }
  for (const spec of TABLES) {
    if (!spec.columns.includes("id")) continue;
    await target.exec(
      `select setval(pg_get_serial_sequence('${spec.table}', 'id'), coalesce((select max(id) from ${spec.table}), 0) + 1, false)`,
    );
  }
  let t = performance.now();
  await resumeTriggers();
  timings.derivedMs = since(t);
  log(
    `  trigger-kept data (name words, search postings, units sold in 90 days, farmers' line counts) derived in ${timings.derivedMs} ms`,
  );
  if (saved) {
    t = performance.now();
    await target.execMany(saved.indexes);
    timings.indexMs = since(t);
    log(`  ${saved.indexes.length} indexes rebuilt in ${timings.indexMs} ms`);
    t = performance.now();
    await target.execMany(saved.foreignKeys);
    timings.foreignKeyMs = since(t);
    log(
      `  ${saved.foreignKeys.length} foreign keys added back (and checked) in ${timings.foreignKeyMs} ms`,
    );
  }
}

async function writeFacts(target: Target, world: World): Promise<void> {
  await target.exec(
    "create table if not exists bench_meta (key text primary key, value jsonb not null)",
  );
  const json = JSON.stringify(world.facts).replace(/'/g, "''");
  await target.exec(
    `insert into bench_meta (key, value) values ('facts', '${json}'::jsonb)
     on conflict (key) do update set value = excluded.value`,
  );
}

function emptyTimings(): LoadTimings {
  return {
    migrateMs: 0,
    copyMs: {},
    rows: {},
    derivedMs: 0,
    indexMs: 0,
    foreignKeyMs: 0,
    vacuumAnalyzeMs: 0,
    totalMs: 0,
  };
}

export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** (Re)creates `database` on the server at `serverUrl`, migrates it and loads the world. */
export async function loadPostgres(
  world: World,
  {
    serverUrl,
    database,
    strategy,
    log,
  }: { serverUrl: string; database: string; strategy: IndexStrategy; log: Log },
): Promise<LoadTimings> {
  const timings = emptyTimings();
  const started = performance.now();
  const admin = new pg.Client({ connectionString: databaseUrl(serverUrl, "postgres") });
  await admin.connect();
  await admin.query(`drop database if exists "${database}" with (force)`);
  await admin.query(`create database "${database}"`);
  // Parallel query made mid-size queries slower on 2 cores (notes/performance.md): off for
  // every session of the bench database, the app's included.
  await admin.query(`alter database "${database}" set max_parallel_workers_per_gather = 0`);
  await admin.end();

  const url = databaseUrl(serverUrl, database);
  let t = performance.now();
  const db = createNodePgDb(url, { max: 1 });
  await migrateDb(db);
  await closeDb(db);
  timings.migrateMs = since(t);
  log(`  migrations in ${timings.migrateMs} ms`);

  const connect = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query("set maintenance_work_mem = '512MB'");
    await client.query("set synchronous_commit = off");
    return client;
  };
  const main = await connect();
  const second = await connect();
  try {
    const target: Target = {
      ...pgClientTarget(main),
      // Two connections, two cores: the largest statements first.
      execMany: async (statements) => {
        const queue = [...statements].sort((a, b) => weight(b) - weight(a));
        await Promise.all(
          [main, second].map(async (client) => {
            for (let s = queue.shift(); s; s = queue.shift()) await client.query(s);
          }),
        );
      },
    };
    await fill(target, world, strategy, log, timings);
    t = performance.now();
    await main.query("vacuum (analyze)");
    timings.vacuumAnalyzeMs = since(t);
    log(`  vacuum analyze in ${timings.vacuumAnalyzeMs} ms`);
    await writeFacts(target, world);
  } finally {
    await main.end();
    await second.end();
  }
  timings.totalMs = since(started);
  return timings;
}

/** Index builds on the big tables take longest; start them first so both cores stay busy. */
function weight(statement: string): number {
  let w = 0;
  if (/order_items|messages/.test(statement)) w += 4;
  if (/products/.test(statement)) w += 2;
  if (/gin/.test(statement)) w += 3;
  return w;
}

function pgliteTarget(client: PGlite): Target {
  return {
    exec: async (sql) => (await client.query<Record<string, unknown>>(sql)).rows,
    copy: async (spec, chunks) => {
      const blob = new Blob([...chunks]);
      await client.query(`copy ${spec.table} (${spec.columns.join(", ")}) from '/dev/blob'`, [], {
        blob,
      });
    },
    execMany: async (statements) => {
      for (const s of statements) await client.exec(s);
    },
  };
}

function pgClientTarget(client: pg.ClientBase): Target {
  return {
    exec: async (sql) => (await client.query(sql)).rows,
    copy: async (spec, chunks) => {
      const sink = client.query(
        copyFrom(`copy ${spec.table} (${spec.columns.join(", ")}) from stdin`),
      );
      await pipeline(Readable.from(chunks), sink);
    },
    execMany: async (statements) => {
      for (const s of statements) await client.query(s);
    },
  };
}

/**
 * Fills an already migrated, empty database opened by server/db/client (PGlite or node-postgres),
 * e.g. a test database: the same rows and derived data as loadPostgres/loadPglite.
 */
export async function fillDb(
  world: World,
  db: Db,
  strategy: IndexStrategy = "keep",
): Promise<LoadTimings> {
  const timings = emptyTimings();
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite) {
    await fill(pgliteTarget(client), world, strategy, () => {}, timings);
    await writeFacts(pgliteTarget(client), world);
  } else if (client instanceof pg.Pool) {
    const connection = await client.connect();
    try {
      await fill(pgClientTarget(connection), world, strategy, () => {}, timings);
      await writeFacts(pgClientTarget(connection), world);
    } finally {
      connection.release();
    }
  } else throw new Error("fillDb needs a database opened by server/db/client");
  return timings;
}

/** Loads the world into a new PGlite directory (removed first), for the embedded comparison. */
export async function loadPglite(
  world: World,
  { dir, strategy, log }: { dir: string; strategy: IndexStrategy; log: Log },
): Promise<LoadTimings> {
  const timings = emptyTimings();
  const started = performance.now();
  rmSync(dir, { recursive: true, force: true });
  const db = await createPgliteDb(dir);
  try {
    let t = performance.now();
    await migrateDb(db);
    timings.migrateMs = since(t);
    const client = db.$client;
    await client.exec("set maintenance_work_mem = '256MB'");
    const target = pgliteTarget(client);
    await fill(target, world, strategy, log, timings);
    t = performance.now();
    await client.exec("vacuum (analyze)");
    timings.vacuumAnalyzeMs = since(t);
    await writeFacts(target, world);
  } finally {
    await closeDb(db);
  }
  timings.totalMs = since(started);
  return timings;
}
