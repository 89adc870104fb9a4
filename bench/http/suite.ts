/**
 * The HTTP part of the benchmark against a production build (.next-bench): the app under
 * `next start`, a framework floor (same build, same markup, no data) and a bare floor (node:http +
 * pg, same SQL, template HTML), rounds interleaved, plus statements per request, HTML bytes,
 * first-load JS, the edit-to-visible delay, checkout under contention, a mixed load, Lighthouse
 * and cold start.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { defaultPgliteDir } from "../data/config";
import { openContext, closeContext, databaseExists, type DbContext } from "../db/context";
import { probes } from "../db/scenarios";
import { Missing } from "../lib/missing";
import { guard, type Report } from "../lib/report";
import { percentile } from "../lib/stats";
import type { RunOptions } from "../run";
import { BENCH_DIST_DIR, buildApp, buildExists, buildHasFloors } from "./build";
import { isMeasuredRoute, measureBundles, htmlScriptBytes } from "./bundle";
import { lighthouseGroup } from "./lighthouse";
import { interleaved, runLoad, type LoadTarget } from "./load";
import { mixedLoad } from "./mixed";
import { BuildRoutes, getPage, mainContent, writeSnapshot } from "./pages";
import {
  hasTaskset,
  hookCapture,
  hookCount,
  pinSelf,
  startBalancer,
  startBare,
  startNext,
  unpinSelf,
  type Server,
} from "./servers";
import { mintSession, signIn, type Session } from "./session";
import { out } from "../lib/out";

const APP_PORT = 3901;
const HOOK_PORT = 3911;
const BARE_PORT = 3902;
const BALANCER_PORT = 3905;
const SMALL_APP_PORT = 3903;
const SMALL_HOOK_PORT = 3913;
const PGLITE_PORT = 3904;
const PGLITE_HOOK_PORT = 3914;
/** What a browser asks for: every answer compressed. */
const GZIP = { "accept-encoding": "gzip, deflate, br" };

const log = (line: string) => out(line);

/**
 * `next start` keeps rendered pages in <distDir>/server/route-cache across restarts and shares it
 * between servers of one build: cleared before every server starts, so each starts cold and a
 * server over one dataset never serves pages rendered from another.
 */
export function clearRouteCache(distDir: string): void {
  rmSync(path.join(process.cwd(), distDir, "server", "route-cache"), {
    recursive: true,
    force: true,
  });
}

export async function runHttpGroups(
  ctx: DbContext,
  report: Report,
  opts: RunOptions,
): Promise<void> {
  const wanted = (["http", "bundle", "lighthouse", "mixed", "coldstart", "proxy"] as const).filter(
    (g) => opts.groups.has(g),
  );
  if (wanted.length === 0) return;
  const distDir = BENCH_DIST_DIR;

  if (opts.rebuild || !buildExists(distDir) || !buildHasFloors(distDir)) {
    out("Production build for the HTTP scenarios");
    try {
      const ms = await buildApp(distDir, log);
      report.add("build:next build (.next-bench)", ms / 1000, { unit: "s" });
    } catch (error) {
      for (const g of wanted) report.failed(`${g}:build`, error);
      return;
    }
  }

  if (opts.groups.has("bundle")) {
    out("First-load JavaScript per route");
    bundleGroup(report, distDir);
  }
  if (!wanted.some((g) => g !== "bundle")) return;

  const routes = new BuildRoutes(distDir);
  const pinned = pinSelf();
  if (!pinned) out("  (taskset not available: server and load generator share the cores)");
  const snapshotDir = path.join(process.cwd(), distDir, "bench-snapshots");
  rmSync(snapshotDir, { recursive: true, force: true });
  mkdirSync(snapshotDir, { recursive: true });

  if (opts.groups.has("proxy")) {
    const { proxyDesigns } = await import("./proxy-designs");
    await guard(report, ["caching proxy (HTTP):both designs"], () =>
      proxyDesigns(ctx, report, opts, routes, distDir, snapshotDir),
    );
  }
  if (!wanted.some((g) => g !== "bundle" && g !== "proxy")) return;

  // Statements per request at the small size first, on its own server (the route cache is shared).
  let smallCounts: PageCounts | null = null;
  if (opts.groups.has("http")) {
    smallCounts = await smallSizeCounts(opts, routes, distDir, snapshotDir).catch(
      (error: unknown) => {
        report.failed(`statements (HTTP):at ${opts.small}`, error);
        return null;
      },
    );
  }

  clearRouteCache(distDir);
  out(`Starting the app on ${ctx.database} (core 1)`);
  const app = await startNext({
    distDir,
    port: APP_PORT,
    hookPort: HOOK_PORT,
    databaseUrl: ctx.url,
    snapshotDir,
    logName: "bench-app",
    // Ready when the database answers: a page asked for here would be warm before it is counted.
    firstPath: "/api/health",
  });
  try {
    if (opts.groups.has("coldstart")) {
      report.add("cold start:first page, PostgreSQL", app.firstPageMs, {
        unit: "ms",
        note: "spawn of next start to the first answer of /",
      });
    }
    if (opts.groups.has("http"))
      await httpScenarios(ctx, report, opts, app, routes, snapshotDir, smallCounts ?? {});
    if (opts.groups.has("mixed")) {
      out("Mixed load");
      await guard(
        report,
        ["mixed load (HTTP):req/s", "mixed load (HTTP):p95", "mixed load (HTTP):errors"],
        () => mixedLoad(ctx, report, app, routes, { durationS: Math.max(20, opts.durationS * 3) }),
      );
    }
    if (opts.groups.has("lighthouse")) {
      out("Lighthouse (median of 5, mobile and desktop)");
      // Chromium inherits this process's CPU affinity: it gets both cores, the server keeps core 1.
      unpinSelf();
      await lighthouseGroup(ctx, report, app, routes);
    }
  } finally {
    await app.stop();
  }
  if (opts.groups.has("coldstart")) {
    out("Cold start on PGlite");
    await pgliteColdStart(report, distDir, snapshotDir);
  }
}

function bundleGroup(report: Report, distDir: string): void {
  try {
    for (const b of measureBundles(distDir)) {
      if (!isMeasuredRoute(b.route)) continue;
      report.add(`first-load JS:${b.route}`, b.gzipBytes / 1024, {
        unit: "kB",
        note: `${b.files.length} chunks${b.public ? "" : ", signed in"}`,
      });
    }
  } catch (error) {
    report.failed("first-load JS:all routes", error);
  }
}

export async function sampleColdIds(
  ctx: DbContext,
  exclude: number[],
  limit: number,
  reviewed = false,
): Promise<number[]> {
  const { rows } = await ctx.raw.query<{ id: number }>(
    `select id from products where status = 'active' and not (id = any($1::int[]))
       ${reviewed ? "and review_count > 0" : ""}
     order by md5(id::text) limit $2`,
    [exclude, limit],
  );
  return rows.map((r) => r.id);
}

/** Waits until the server has sent no statement for 600 ms (at most 8 s); returns the count. */
async function settledCount(server: Server): Promise<number> {
  let last = await hookCount(server);
  let quiet = 0;
  for (const started = Date.now(); quiet < 6 && Date.now() - started < 8_000;) {
    await new Promise((r) => setTimeout(r, 100));
    const now = await hookCount(server);
    quiet = now === last ? quiet + 1 : 0;
    last = now;
  }
  return last;
}

/** Statements sent for one request, including work the server finishes after answering (cache fills). */
async function countRequest(server: Server, fn: () => Promise<unknown>): Promise<number> {
  const before = await settledCount(server);
  await fn();
  return (await settledCount(server)) - before;
}

interface PageCounts {
  [page: string]: number;
}

/**
 * Two customers of the same shape at every size: one without a saved My Local location (pages
 * use the shared cached lists) and one with a 25 km location near the map centre (pages list
 * what is near them, per request).
 */
async function countingCustomers(ctx: DbContext): Promise<{ plain: Session; local: Session }> {
  const { rows: plain } = await ctx.raw.query<{ email: string }>(
    `select email from members m where member_type = 'customer'
       and not exists (select 1 from local_locations l where l.member_id = m.id) order by id limit 1`,
  );
  const { rows: local } = await ctx.raw.query<{ email: string }>(
    `select m.email from local_locations l join members m on m.id = l.member_id
     where l.radius_km = 25 and l.latitude between $1::float8 - 0.3 and $1::float8 + 0.3
       and l.longitude between $2::float8 - 0.4 and $2::float8 + 0.4 order by m.id limit 1`,
    [ctx.facts.hotspot.latitude, ctx.facts.hotspot.longitude],
  );
  if (!plain[0] || !local[0]) throw new Error("no customer without, or with, a saved location");
  return {
    plain: await mintSession(ctx, plain[0].email),
    local: await mintSession(ctx, local[0].email),
  };
}

/** Statements per request of each page, on a server over `ctx`'s database. */
/** The statements of a page's first render (a cache miss), by page: the crowd pages' bare floors. */
type Captured = Map<string, { text: string; values: unknown[] }[]>;

async function pageStatementCounts(
  ctx: DbContext,
  server: Server,
  routes: BuildRoutes,
  captured?: Captured,
): Promise<PageCounts> {
  const out: PageCounts = {};

  const { plain: customer, local } = await countingCustomers(ctx);
  const p = await probes(ctx);
  // Products with reviews, so both sizes render the same parts (a product without reviews skips a query).
  const [cold1, cold2] = await sampleColdIds(ctx, p.productIds, 2, true);
  // A page view as a browser makes it: the page, then the shell's one `GET /api/viewer` (menus,
  // badges, My Local; on a product page the viewer's review too), which every page load sends.
  const get =
    (url: string, headers: Record<string, string> = {}) =>
    async () => {
      await getPage(new URL(url, server.origin).href, headers);
      const product = /^\/products\/(\d+)$/.exec(url)?.[1];
      const viewer = await fetch(
        new URL(`/api/viewer${product ? `?product=${product}` : ""}`, server.origin),
        { headers },
      );
      await viewer.arrayBuffer();
    };
  // A visitor's first request of a page: counted, and its statements kept for the bare floor.
  const firstVisit = async (name: string, url: string) => {
    const { result, statements } = await hookCapture(server, () => countRequest(server, get(url)));
    out[name] = result;
    captured?.set(name, statements);
  };
  if (routes.has("product")) {
    const id = p.productIds[0] as number;
    await get(`/products/${id}`, { cookie: customer.cookie })();
    out["product page, signed in"] = await countRequest(
      server,
      get(`/products/${id}`, { cookie: customer.cookie }),
    );
    out["product page, anonymous cold"] = await countRequest(server, get(`/products/${cold1}`));
    out["product page, anonymous warm"] = await countRequest(server, get(`/products/${cold1}`));
    out["product page, signed in cold"] = await countRequest(
      server,
      get(`/products/${cold2}`, { cookie: customer.cookie }),
    );
  }
  if (routes.has("store")) await firstVisit("store page, anonymous cold", crowdPath(ctx, "store"));
  if (routes.has("search")) await firstVisit("search page, anonymous", crowdPath(ctx, "search"));
  if (routes.has("farmers"))
    await firstVisit("farmers list, anonymous cold", crowdPath(ctx, "farmers"));
  if (routes.has("dashboard")) {
    await firstVisit("dashboard, anonymous cold", crowdPath(ctx, "dashboard"));
    // Steady state: the first visit also fills caches and may move the sales window.
    await get("/", { cookie: customer.cookie })();
    out["dashboard, signed in"] = await countRequest(server, get("/", { cookie: customer.cookie }));
    await get("/", { cookie: local.cookie })();
    out["dashboard, signed in with My Local 25 km"] = await countRequest(
      server,
      get("/", { cookie: local.cookie }),
    );
  }
  if (routes.has("search")) {
    await get("/products/filtered", { cookie: local.cookie })();
    out["products, signed in with My Local 25 km"] = await countRequest(
      server,
      get("/products/filtered", { cookie: local.cookie }),
    );
  }
  return out;
}

async function smallSizeCounts(
  opts: RunOptions,
  routes: BuildRoutes,
  distDir: string,
  snapshotDir: string,
): Promise<PageCounts> {
  const smallDb = `bench_${opts.small.toLowerCase()}`;
  if (!(await databaseExists(opts.server, smallDb)))
    throw new Missing(`database ${smallDb} (npm run bench:data -- --size ${opts.small})`);
  out(`Statements per request (HTTP) at ${opts.small}`);
  clearRouteCache(distDir);
  const small = await openContext(opts.server, smallDb);
  const server = await startNext({
    distDir,
    port: SMALL_APP_PORT,
    hookPort: SMALL_HOOK_PORT,
    databaseUrl: small.url,
    snapshotDir,
    logName: "bench-app-small",
    // Ready when the database answers: a page asked for here would be warm before it is counted.
    firstPath: "/api/health",
  });
  try {
    return await pageStatementCounts(small, server, routes);
  } finally {
    await server.stop();
    await closeContext(small);
  }
}

async function httpScenarios(
  ctx: DbContext,
  report: Report,
  opts: RunOptions,
  app: Server,
  routes: BuildRoutes,
  snapshotDir: string,
  atSmall: PageCounts,
): Promise<void> {
  const password = ctx.facts.password;
  const customer = await mintSession(ctx, ctx.facts.largestCustomer.email);
  // One real sign-in (argon2 verify, rate limit, cookies); every other session is minted.
  await guard(report, ["sign-in (HTTP):POST /api/users/login"], async () => {
    const t = performance.now();
    const session = await signIn(app.origin, ctx.facts.largestFarmer.email, password);
    report.add("sign-in (HTTP):POST /api/users/login", performance.now() - t, {
      unit: "ms",
      note: session.cookie.includes("_token=") ? "one sign-in, cookies set" : "no _token cookie",
    });
  });
  const p = await probes(ctx);

  const captured: Captured = new Map();
  // Statements per request: this size, and the small size on a second server.
  out("Statements per request (HTTP)");
  await guard(report, ["statements (HTTP):pages"], async () => {
    const atMain = await pageStatementCounts(ctx, app, routes, captured);
    for (const [page, count] of Object.entries(atMain)) {
      const small = atSmall[page];
      report.add(`statements (HTTP):${page}`, count, {
        baseline: small ?? null,
        baselineLabel: `at ${opts.small}`,
        // Equal counts are a ratio of 1, zero included (a page served from the cache).
        ...(small !== undefined && small === count ? { ratio: 1 } : {}),
      });
      if (page.startsWith("product page")) report.add(`statements (HTTP):${page} count`, count);
    }
    for (const page of ["product", "store", "search", "dashboard"] as const)
      if (!routes.has(page))
        report.failed(`statements (HTTP):${page}`, new Missing(routeLabel(page)));
  });

  await crowdPages(ctx, report, opts, app, routes, snapshotDir, captured);

  // Product page: app (signed in, anonymous warm, anonymous cold miss), framework floor, bare floor.
  out(`Product page: ${opts.rounds} rounds of ${opts.durationS} s, interleaved`);
  const productIds = [
    "product page uncached (HTTP):req/s vs framework floor",
    "product page uncached (HTTP):p95 vs framework floor",
    "product page cached (HTTP):warm req/s vs bare floor",
    "product page cached (HTTP):cold miss p95 vs uncached p95",
  ];
  let bare: Server | null = null;
  await guard(report, productIds, async () => {
    routes.require("product");
    const sample = p.productIds.slice(0, 200);
    const hot = sample.slice(0, 20);
    // The SQL the app runs for a product it has not rendered yet (a cache miss) is the bare
    // floor's: for a product with reviews, as the statement counts take it (a miss of one without
    // reviews skips the reviews' statement), and only the statements about that product. The
    // capture also catches what the app does meanwhile for other pages (a list's timed refresh):
    // one run's floor ran 30 statements at S (276 req/s), another only the product's read at M
    // (3,900 req/s), and the sample decided the ratio. The statement counts render the first two
    // such products: this takes the fiftieth.
    const captureId = (await sampleColdIds(ctx, p.productIds, 50, true)).at(-1);
    if (captureId === undefined) throw new Error("no product with reviews outside the sample");
    const cold = await sampleColdIds(ctx, [...sample, captureId], 30_000);
    // Markup for the floors: the real page of a product, as a visitor sees it.
    const realHtml = await getPage(`${app.origin}/products/${sample[0]}`);
    writeSnapshot(snapshotDir, "product", realHtml);
    const captured = await hookCapture(app, () => getPage(`${app.origin}/products/${captureId}`));
    const statements = captured.statements.filter((s) =>
      s.values.some((v) => String(v) === String(captureId)),
    );
    if (statements.length === 0) throw new Error(`product ${captureId} was rendered before`);
    const open = realHtml.indexOf(">", realHtml.search(/<main[^>]*id="main"/)) + 1;
    const template = `${realHtml.slice(0, open)}{{data}}${realHtml.slice(open)}`;
    const configFile = path.join(snapshotDir, "bare-product.json");
    writeFileSync(configFile, JSON.stringify({ statements, idValue: captureId, template }));
    bare = await startBare({ port: BARE_PORT, databaseUrl: ctx.url, configFile });
    report.add("product page (HTTP):statements of a cache miss", statements.length, {
      note: "run by the bare floor per request",
    });
    report.add("HTML bytes:product page", Buffer.byteLength(realHtml), {
      unit: "B",
      note: `main content ${Buffer.byteLength(mainContent(realHtml))} B, scripts ${(htmlScriptBytes(realHtml, BENCH_DIST_DIR) / 1024).toFixed(1)} kB gzipped`,
    });

    const cookie = { cookie: customer.cookie };
    let coldNext = 0;
    const variants: LoadTarget[] = [
      {
        label: "app signed in",
        origin: app.origin,
        paths: sample.map((id) => `/products/${id}`),
        headers: cookie,
      },
      {
        label: "framework floor",
        origin: app.origin,
        paths: ["/bench/floor/product"],
        headers: cookie,
      },
      {
        label: "bare floor",
        origin: (bare as Server).origin,
        paths: sample.map((id) => `/products/${id}`),
      },
      {
        label: "app anonymous warm",
        origin: app.origin,
        paths: hot.map((id) => `/products/${id}`),
      },
      {
        label: "app anonymous cold",
        origin: app.origin,
        paths: [],
        nextPath: () => `/products/${cold[coldNext++ % cold.length]}`,
      },
    ];
    // Every page the warm variants ask for is rendered once first (the warm-up rounds are short).
    for (const id of sample) await getPage(`${app.origin}/products/${id}`, cookie);
    for (const id of hot) await getPage(`${app.origin}/products/${id}`);
    const result = await interleaved(variants, {
      rounds: opts.rounds,
      durationS: opts.durationS,
      log,
    });
    const m = result.median;
    const A = m["app signed in"]!;
    const B = m["framework floor"]!;
    const C = m["bare floor"]!;
    const D = m["app anonymous warm"]!;
    const E = m["app anonymous cold"]!;
    const rps = (x: { rps: number }) => x.rps;
    report.add(productIds[0] as string, rps(A), {
      unit: "req/s",
      baseline: rps(B),
      baselineLabel: "floor",
      ratio: result.ratio("app signed in", "framework floor").rps,
      note: `p50 ${A.p50.toFixed(1)} ms`,
    });
    report.add(productIds[1] as string, A.p95, {
      unit: "ms",
      baseline: B.p95,
      baselineLabel: "floor",
      ratio: result.ratio("app signed in", "framework floor").p95,
    });
    report.add("product page uncached (HTTP):req/s vs bare floor", rps(A), {
      unit: "req/s",
      baseline: rps(C),
      baselineLabel: "bare",
      ratio: result.ratio("app signed in", "bare floor").rps,
    });
    report.add(productIds[2] as string, rps(D), {
      unit: "req/s",
      baseline: rps(C),
      baselineLabel: "bare",
      ratio: result.ratio("app anonymous warm", "bare floor").rps,
      note: `p95 ${D.p95.toFixed(1)} ms`,
    });
    // The product page is the same cached HTML for every viewer now (the viewer's parts come from
    // GET /api/viewer), so "app signed in" is a cache hit too; the uncached render a miss is held
    // against is the framework floor: the same markup rendered per request, with no data.
    report.add(productIds[3] as string, E.p95, {
      unit: "ms",
      baseline: B.p95,
      baselineLabel: "uncached (floor)",
      ratio: result.ratio("app anonymous cold", "framework floor").p95,
      note: `${E.rps.toFixed(0)} req/s, every request a product not rendered before; app signed in (a cache hit) p95 ${A.p95.toFixed(1)} ms`,
    });
    const non2xx = Object.values(m).reduce((s, x) => s + x.non2xx + x.errors, 0);
    report.add("HTTP:non-2xx responses or errors", non2xx, {
      note: Object.entries(m)
        .filter(([, x]) => x.non2xx + x.errors > 0)
        .map(([label, x]) => `${label}: ${x.non2xx + x.errors}`)
        .join(", "),
    });
  });
  if (bare) await (bare as Server).stop();

  out("Edit visible on the cached product page");
  await guard(report, ["product page cached (HTTP):edit visible after"], () =>
    editVisible(ctx, report, app, routes, p.productIds),
  );

  out("Other pages (5 s each)");
  await otherPages(ctx, report, app, routes, customer);

  out("Order lists over HTTP");
  await orderListsHttp(ctx, report, app, routes);

  out("Checkout under contention over HTTP");
  await guard(
    report,
    [
      "checkout (HTTP):p95, 10 concurrent",
      "checkout (HTTP):errors",
      "checkout (HTTP):one order per submission key",
    ],
    () => checkoutHttp(ctx, report, app, routes),
  );
}

type CrowdPage = "dashboard" | "search" | "farmers" | "store";

/** The address of each page a crowd reads, as the bench asks for it. */
function crowdPath(ctx: DbContext, page: CrowdPage): string {
  return {
    dashboard: "/",
    search: `/products/filtered?keyword=${encodeURIComponent(ctx.facts.search.twoTerms)}`,
    farmers: "/merchants/list",
    store: `/stores/${ctx.facts.largestFarmer.username}`,
  }[page];
}

/**
 * Issue 23 item 2: the pages a crowd reads come from their shared copies (decision 0028). Each
 * page's anonymous warm req/s against a bare floor that runs the statements of that page's own
 * first render (captured while counting statements) and answers its HTML; then 200 visitors on the
 * dashboard for 30 s with `/api/health` asked every 250 ms beside them.
 */
async function crowdPages(
  ctx: DbContext,
  report: Report,
  opts: RunOptions,
  app: Server,
  routes: BuildRoutes,
  snapshotDir: string,
  captured: Captured,
): Promise<void> {
  const pages: { name: string; route: CrowdPage; statements: string }[] = [
    { name: "dashboard", route: "dashboard", statements: "dashboard, anonymous cold" },
    { name: "search", route: "search", statements: "search page, anonymous" },
    { name: "farmers list", route: "farmers", statements: "farmers list, anonymous cold" },
    { name: "store", route: "store", statements: "store page, anonymous cold" },
  ];
  for (const page of pages) {
    const id = `${page.name} cached (HTTP):warm req/s vs bare floor`;
    out(
      `${page.name}: anonymous warm against its bare floor, ${opts.rounds} rounds of ${opts.durationS} s`,
    );
    await guard(report, [id], async () => {
      routes.require(page.route);
      const statements = captured.get(page.statements);
      if (!statements) throw new Error(`no first render of ${page.name} was captured`);
      const pagePath = crowdPath(ctx, page.route);
      const html = await getPage(`${app.origin}${pagePath}`);
      const open = html.indexOf(">", html.search(/<main[^>]*id="main"/)) + 1;
      const configFile = path.join(snapshotDir, `bare-${page.route}.json`);
      writeFileSync(
        configFile,
        JSON.stringify({
          statements,
          idValue: null,
          template: `${html.slice(0, open)}{{data}}${html.slice(open)}`,
        }),
      );
      const bare = await startBare({ port: BARE_PORT, databaseUrl: ctx.url, configFile });
      try {
        const result = await interleaved(
          [
            { label: "app anonymous warm", origin: app.origin, paths: [pagePath] },
            { label: "bare floor", origin: bare.origin, paths: [pagePath] },
          ],
          { rounds: opts.rounds, durationS: opts.durationS, log },
        );
        const warm = result.median["app anonymous warm"]!;
        const floor = result.median["bare floor"]!;
        report.add(id, warm.rps, {
          unit: "req/s",
          baseline: floor.rps,
          baselineLabel: "bare",
          ratio: result.ratio("app anonymous warm", "bare floor").rps,
          note: `p95 ${warm.p95.toFixed(1)} ms, ${warm.non2xx + warm.errors} non-2xx; the floor runs ${statements.length} statements`,
        });
      } finally {
        await bare.stop();
      }
    });
  }

  // A browser asks for gzip. Straight at the app, Next compresses every answer anew; as deployed,
  // the balancer compresses and the app is asked for no encoding (decisions 0032 and 0034). Both
  // against the app asked for no encoding, interleaved in one run.
  const gzipIds = {
    "app, gzip": "dashboard cached (HTTP):warm req/s asking for gzip",
    "balancer, gzip": "dashboard cached (HTTP):warm req/s asking for gzip through the balancer",
  } as const;
  out(
    `dashboard: anonymous warm asking for gzip (straight at the app, through HAProxy) and for none, ${opts.rounds} rounds of ${opts.durationS} s`,
  );
  await guard(report, Object.values(gzipIds), async () => {
    routes.require("dashboard");
    const pagePath = crowdPath(ctx, "dashboard");
    const front = await startBalancer({ port: BALANCER_PORT, app });
    try {
      const result = await interleaved(
        [
          { label: "app, gzip", origin: app.origin, paths: [pagePath], headers: GZIP },
          { label: "balancer, gzip", origin: front.origin, paths: [pagePath], headers: GZIP },
          { label: "app, no encoding", origin: app.origin, paths: [pagePath] },
        ],
        { rounds: opts.rounds, durationS: opts.durationS, log },
      );
      for (const [label, id] of Object.entries(gzipIds)) {
        const gzip = result.median[label]!;
        report.add(id, gzip.rps, {
          unit: "req/s",
          baseline: result.median["app, no encoding"]!.rps,
          baselineLabel: "app, no encoding",
          ratio: result.ratio(label, "app, no encoding").rps,
          note: `p95 ${gzip.p95.toFixed(1)} ms, ${gzip.non2xx + gzip.errors} non-2xx${label.startsWith("balancer") ? "; HAProxy on the load generator's core" : ""}`,
        });
      }
    } finally {
      await front.stop();
    }
  });

  // Straight at the process, then as deployed (decision 0031): through the compose shape's
  // balancer, whose health check asks the app directly as the probe does.
  out("dashboard: 200 visitors for 30 s, /api/health beside them");
  await dashboardCrowd(report, "dashboard crowd (HTTP)", app, routes, null);
  out(
    "dashboard: the same crowd through HAProxy (deploy/haproxy.cfg), /api/health of the app beside it",
  );
  await dashboardCrowd(report, "dashboard crowd behind the balancer (HTTP)", app, routes, () =>
    startBalancer({ port: BALANCER_PORT, app }),
  );
}

/**
 * 200 visitors on `/` for 30 s (through `balancer` when given) and the app's health check. They
 * ask for gzip, as browsers do: straight at the app the app compresses, behind the balancer the
 * balancer does (decision 0034).
 */
async function dashboardCrowd(
  report: Report,
  scenario: string,
  app: Server,
  routes: BuildRoutes,
  balancer: (() => Promise<Server>) | null,
): Promise<void> {
  const ids = [
    `${scenario}:p99, 200 visitors`,
    `${scenario}:errors`,
    `${scenario}:/api/health slowest during it`,
  ];
  await guard(report, ids, async () => {
    routes.require("dashboard");
    const front = balancer ? await balancer() : null;
    try {
      const origin = front?.origin ?? app.origin;
      await getPage(`${origin}/`);
      const probe = startHealthProbe(app.origin);
      const crowd = await runLoad(
        { label: scenario, origin, paths: ["/"], headers: GZIP },
        { durationS: 30, connections: 200 },
      );
      const { times: health, failures: healthFailures } = await probe.stop();
      health.sort((a, b) => a - b);
      report.add(ids[0] as string, crowd.p99, {
        unit: "ms",
        note: `${crowd.rps.toFixed(0)} req/s, p50 ${crowd.p50.toFixed(1)} ms, p95 ${crowd.p95.toFixed(1)} ms`,
      });
      const kinds = Object.entries(crowd.errorKinds).map(([kind, n]) => `${n} ${kind}`);
      report.add(ids[1] as string, crowd.errors + crowd.non2xx, {
        note: `${crowd.requests} responses, ${crowd.non2xx} non-2xx${kinds.length ? `; ${kinds.join(", ")}` : ""}`,
      });
      report.add(ids[2] as string, health.at(-1) ?? Number.NaN, {
        unit: "ms",
        note: `${health.length} probes, p95 ${percentile(health, 95).toFixed(1)} ms, ${healthFailures} failed`,
      });
    } finally {
      await front?.stop();
    }
  });
}

/** The health check asked every 250 ms from its own process (bench/http/health-probe.cjs). */
export function startHealthProbe(
  origin: string,
  /** The CPUs the probe may use (taskset); by default this process's (the load generator's). */
  cores?: string,
): {
  stop(): Promise<{ times: number[]; failures: number }>;
} {
  const args = [path.join(process.cwd(), "bench", "http", "health-probe.cjs"), origin, "250"];
  const child = spawn(
    cores && hasTaskset() ? "taskset" : process.execPath,
    cores && hasTaskset() ? ["-c", cores, process.execPath, ...args] : args,
    {
      stdio: ["pipe", "pipe", "inherit"],
    },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    async stop() {
      child.stdin.end();
      await exited;
      return JSON.parse(output) as { times: number[]; failures: number };
    },
  };
}

function routeLabel(name: "product" | "store" | "search" | "dashboard"): string {
  return {
    product: "/products/[productId]",
    store: "/stores/[username]",
    search: "/products/filtered",
    dashboard: "/",
  }[name];
}

/** An owner's edit of a cached product page, through the real update call: how long until a visitor sees it. */
export async function editVisible(
  ctx: DbContext,
  report: Report,
  app: Server,
  routes: BuildRoutes,
  ids: number[],
  {
    readOrigin = app.origin,
    id: reportId = "product page cached (HTTP):edit visible after",
  }: {
    /** Where the visitor reads the page (a proxy in front of the app); the edit goes to the app. */
    readOrigin?: string;
    id?: string;
  } = {},
): Promise<void> {
  routes.require("product", "productUpdate");
  // A product without card payments: with no Stripe keys the form refuses them.
  const { rows: plain } = await ctx.raw.query<{ id: number }>(
    "select id from products where id = any($1::int[]) and not pay_by_card order by id limit 1",
    [ids],
  );
  const id = plain[0]?.id ?? ids[0];
  const { rows } = await ctx.raw.query<{
    name: string;
    detail: string;
    unit_price_cents: number;
    unit_weight: string;
    unit_weight_symbol: string | null;
    weight_required: boolean;
    delivery_service: string;
    in_stock: boolean;
    pay_in_person: boolean;
    pay_by_card: boolean;
    email: string;
  }>(`select p.*, m.email from products p join members m on m.id = p.merchant_id where p.id = $1`, [
    id,
  ]);
  const row = rows[0];
  if (!row) throw new Error(`product ${id} not found`);
  const owner = await mintSession(ctx, row.email);
  const url = `${readOrigin}/products/${id}`;
  await getPage(url); // cached now
  const update = async (name: string) => {
    const form = new FormData();
    form.set("id", String(id));
    form.set("name", name);
    form.set("detail", row.detail);
    form.set("price", (row.unit_price_cents / 100).toFixed(2));
    form.set("weightRequired", String(row.weight_required));
    if (row.weight_required) {
      form.set("unitWeight", String(Number(row.unit_weight)));
      form.set("weightSymbol", row.unit_weight_symbol ?? "lbs");
    }
    form.set("deliveryService", String(row.delivery_service === "free_delivery"));
    form.set("inStock", String(row.in_stock));
    form.set("payInPerson", String(row.pay_in_person));
    form.set("payByCard", String(row.pay_by_card));
    const res = await fetch(`${app.origin}/api/products/update`, {
      method: "POST",
      headers: { authorization: `Bearer ${owner.token}` },
      body: form,
    });
    if (!res.ok)
      throw new Error(`update answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  };
  const marker = `Bench Edit ${randomUUID().slice(0, 8)}`;
  try {
    await update(marker);
    const saved = performance.now();
    let seen = NaN;
    while (performance.now() - saved < 10_000) {
      const html = await getPage(url);
      if (html.includes(marker)) {
        seen = performance.now() - saved;
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    report.add(reportId, seen, {
      unit: "ms",
      note: Number.isNaN(seen)
        ? "not visible within 10 s"
        : "from the update's answer to a visitor's page showing it",
    });
  } finally {
    await update(row.name);
  }
}

async function otherPages(
  ctx: DbContext,
  report: Report,
  app: Server,
  routes: BuildRoutes,
  customer: Session,
): Promise<void> {
  const near = await ctx.raw.query<{ email: string }>(
    `select m.email from local_locations l join members m on m.id = l.member_id
     where l.radius_km = 25 and l.latitude between $1::float8 - 0.3 and $1::float8 + 0.3
       and l.longitude between $2::float8 - 0.4 and $2::float8 + 0.4 order by m.id limit 1`,
    [ctx.facts.hotspot.latitude, ctx.facts.hotspot.longitude],
  );
  const reviewed = await ctx.raw.query<{ id: number }>(
    "select id from products where status = 'active' and review_count > 0 order by id limit 1",
  );
  const pages: {
    name: string;
    route: "dashboard" | "search" | "farmers" | "store" | "cart" | "viewer";
    path: string;
    signedIn?: Session;
  }[] = [
    { name: "dashboard, anonymous", route: "dashboard", path: "/" },
    { name: "dashboard, signed in", route: "dashboard", path: "/", signedIn: customer },
    {
      name: "search two terms",
      route: "search",
      path: `/products/filtered?keyword=${encodeURIComponent(ctx.facts.search.twoTerms)}`,
    },
    {
      name: "search common term",
      route: "search",
      path: `/products/filtered?keyword=${encodeURIComponent(ctx.facts.search.commonTerm)}`,
    },
    { name: "farmers list", route: "farmers", path: "/merchants/list" },
    { name: "largest store", route: "store", path: `/stores/${ctx.facts.largestFarmer.username}` },
    { name: "cart, signed in", route: "cart", path: "/cart", signedIn: customer },
    // The per-viewer part of every page load (menus, badges, My Local, the product's own review).
    {
      name: "viewer call (GET /api/viewer?product=), signed in",
      route: "viewer",
      path: `/api/viewer?product=${reviewed.rows[0]?.id ?? 1}`,
      signedIn: customer,
    },
  ];
  const local = near.rows[0] ? await mintSession(ctx, near.rows[0].email) : null;
  if (local)
    pages.push({
      name: "My Local 25 km (products of a customer with a saved location)",
      route: "search",
      path: "/products/filtered",
      signedIn: local,
    });
  for (const page of pages) {
    const id = `pages (HTTP):${page.name} p95`;
    await guard(report, [id], async () => {
      routes.require(page.route);
      const headers: Record<string, string> = page.signedIn ? { cookie: page.signedIn.cookie } : {};
      const html = await getPage(`${app.origin}${page.path}`, headers);
      const r = await runLoad(
        { label: page.name, origin: app.origin, paths: [page.path], headers },
        { durationS: 5 },
      );
      report.add(id, r.p95, { unit: "ms", note: `${r.rps.toFixed(0)} req/s, ${r.non2xx} non-2xx` });
      report.add(`HTML bytes:${page.name}`, Buffer.byteLength(html), {
        unit: "B",
        note: `main content ${Buffer.byteLength(mainContent(html))} B`,
      });
    });
  }
}

async function timedSequential(
  n: number,
  fn: (i: number) => Promise<Response>,
): Promise<{ p50: number; p95: number; failures: number }> {
  const times: number[] = [];
  let failures = 0;
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const res = await fn(i);
    await res.arrayBuffer();
    times.push(performance.now() - t);
    if (!res.ok) failures++;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), failures };
}

async function orderListsHttp(
  ctx: DbContext,
  report: Report,
  app: Server,
  routes: BuildRoutes,
): Promise<void> {
  const { largestFarmer, largestCustomer } = ctx.facts;
  const lists: {
    id: string;
    route: "receivedOrders" | "placedOrders";
    email: string;
    path: string;
    total: number;
  }[] = [
    {
      id: "order lists (HTTP):largest farmer",
      route: "receivedOrders",
      email: largestFarmer.email,
      path: "/api/orders/received/view",
      total: largestFarmer.orderLines,
    },
    {
      id: "order lists (HTTP):largest customer",
      route: "placedOrders",
      email: largestCustomer.email,
      path: "/api/orders/placed/view",
      total: largestCustomer.orders,
    },
  ];
  for (const list of lists) {
    const ids = [`${list.id} page 1 p95`, `${list.id} last page p95`];
    await guard(report, ids, async () => {
      routes.require(list.route);
      const session = await mintSession(ctx, list.email);
      const headers = { authorization: `Bearer ${session.token}` };
      const first = await fetch(`${app.origin}${list.path}?page=1&perPage=10`, { headers });
      if (!first.ok) throw new Error(`${list.path} answered ${first.status}`);
      const body = (await first.json()) as { count?: number; data?: { count?: number } };
      const count = Number(body.count ?? body.data?.count ?? list.total);
      const last = Math.max(1, Math.ceil(count / 10));
      for (const [k, page] of [1, last].entries()) {
        const t = await timedSequential(60, () =>
          fetch(`${app.origin}${list.path}?page=${page}&perPage=10`, { headers }),
        );
        report.add(ids[k] as string, t.p95, {
          unit: "ms",
          note: `page ${page}, p50 ${t.p50.toFixed(1)} ms, ${t.failures} failed`,
        });
      }
    });
  }
  await guard(report, ["order lists (HTTP):admin order search p95"], async () => {
    routes.require("adminOrderSearch");
    const admin = await mintSession(ctx, ctx.facts.adminEmail);
    const t = await timedSequential(40, (i) =>
      fetch(`${app.origin}/api/scripts/findOrdersByKeyword`, {
        method: "POST",
        headers: { authorization: `Bearer ${admin.token}`, "content-type": "application/json" },
        body: JSON.stringify({ keyword: i % 2 ? "tomatoes" : largestCustomer.email }),
      }),
    );
    report.add("order lists (HTTP):admin order search p95", t.p95, {
      unit: "ms",
      note: `${t.failures} failed`,
    });
  });
}

/** 10 signed-in customers check out at once on the same 20 products, each submitting twice (a double click). */
async function checkoutHttp(
  ctx: DbContext,
  report: Report,
  app: Server,
  routes: BuildRoutes,
  rounds = 10,
): Promise<void> {
  routes.require("checkout");
  const { rows: products } = await ctx.raw.query<{ id: number }>(
    `select id from products where status = 'active' and in_stock and pay_in_person and currency = 'CAD'
     order by units_sold_90d desc, id limit 20`,
  );
  const { rows: customers } = await ctx.raw.query<{
    id: number;
    first_name: string;
    last_name: string;
    email: string;
    phone: string;
  }>(
    `select id, first_name, last_name, email, phone from members
     where member_type = 'customer' and currency = 'CAD' and phone is not null order by id limit 10 offset 10`,
  );
  const sessions = await Promise.all(customers.map((c) => mintSession(ctx, c.email)));
  const keys: string[] = [];
  const times: number[] = [];
  let errors = 0;
  let mismatched = 0;
  const messages = new Set<string>();
  const { rows: outbox } = await ctx.raw.query<{ max: number | null }>(
    "select max(id) as max from email_outbox",
  );
  try {
    for (let round = 0; round < rounds + 1; round++) {
      await ctx.raw.query("delete from cart_items where member_id = any($1::int[])", [
        customers.map((c) => c.id),
      ]);
      const values: string[] = [];
      customers.forEach((c, i) => {
        for (let k = 0; k < 3; k++)
          values.push(`(${c.id}, ${(products[(i * 2 + k + round) % 20] as { id: number }).id}, 1)`);
      });
      await ctx.raw.query(
        `insert into cart_items (member_id, product_id, qty) values ${values.join(", ")}`,
      );
      const results = await Promise.all(
        customers.map((c, i) => {
          const checkoutKey = randomUUID();
          keys.push(checkoutKey);
          const body = JSON.stringify({
            checkoutKey,
            delivery: {
              deliveryDestination: "store",
              firstName: c.first_name,
              lastName: c.last_name,
              email: c.email,
              phone: c.phone,
            },
          });
          const attempt = async () => {
            const t = performance.now();
            const res = await fetch(`${app.origin}/api/checkout/inPerson`, {
              method: "POST",
              headers: {
                authorization: `Bearer ${(sessions[i] as Session).token}`,
                "content-type": "application/json",
              },
              body,
            });
            const text = await res.text();
            if (round > 0) times.push(performance.now() - t);
            if (!res.ok) {
              errors++;
              messages.add(`${res.status} ${text.slice(0, 80)}`);
              return null;
            }
            return (JSON.parse(text) as { orderId: number }).orderId;
          };
          return Promise.all([attempt(), attempt()]);
        }),
      );
      for (const [a, b] of results) if (a === null || b === null || a !== b) mismatched++;
    }
    const { rows } = await ctx.raw.query<{ n: string }>(
      "select count(*) as n from orders where checkout_key = any($1::text[])",
      [keys],
    );
    times.sort((a, b) => a - b);
    report.add("checkout (HTTP):p95, 10 concurrent", percentile(times, 95), {
      unit: "ms",
      note: `p50 ${percentile(times, 50).toFixed(1)} ms, n=${times.length}`,
    });
    report.add("checkout (HTTP):errors", errors, { note: [...messages].join("; ").slice(0, 150) });
    report.add(
      "checkout (HTTP):one order per submission key",
      Number(rows[0]?.n) === keys.length && mismatched === 0,
      {
        note: `${rows[0]?.n} orders for ${keys.length} keys`,
      },
    );
  } finally {
    await ctx.raw.query("delete from orders where checkout_key = any($1::text[])", [keys]);
    await ctx.raw.query("delete from cart_items where member_id = any($1::int[])", [
      customers.map((c) => c.id),
    ]);
    await ctx.raw.query("delete from email_outbox where id > $1", [outbox[0]?.max ?? 0]);
  }
}

/** First page after start on the embedded database (a copy of the S dataset's PGlite directory). */
async function pgliteColdStart(
  report: Report,
  distDir: string,
  snapshotDir: string,
): Promise<void> {
  const id = "cold start:first page, PGlite";
  const source = defaultPgliteDir("S");
  if (!existsSync(source)) {
    report.notRun(id, `no PGlite dataset (npm run bench:data -- --size S --target pglite)`);
    return;
  }
  await guard(report, [id], async () => {
    clearRouteCache(distDir);
    const copy = path.join(process.cwd(), ".data", "bench", "pglite-coldstart");
    rmSync(copy, { recursive: true, force: true });
    cpSync(source, copy, { recursive: true });
    const server = await startNext({
      distDir,
      port: PGLITE_PORT,
      hookPort: PGLITE_HOOK_PORT,
      pgliteDir: copy,
      snapshotDir,
      logName: "bench-app-pglite",
    });
    await server.stop();
    rmSync(copy, { recursive: true, force: true });
    report.add(id, server.firstPageMs, {
      unit: "ms",
      note: "S dataset; spawn of next start to the first answer of /",
    });
  });
}
