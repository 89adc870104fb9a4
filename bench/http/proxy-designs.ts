/**
 * Issue 46, decision 0055: the product page's two designs side by side, in one run, on one app
 * process (the design is chosen per request: the proxy's requests are rendered per request).
 *   A, cached whole: straight at the app (decision 0035), its crowd behind HAProxy.
 *   B, Varnish in front (deploy/varnish/default.vcl): the app renders a page per request once,
 *      the proxy keeps it until the app purges its tags.
 * Both against the same floors: the uncached render (the framework floor) and the bare floor
 * (node:http + pg, the product's own statements). Varnish and HAProxy run on the load
 * generator's core, like the bench's balancer; the app on the server's core.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { DbContext } from "../db/context";
import { probes } from "../db/scenarios";
import { out } from "../lib/out";
import { guard, type Report } from "../lib/report";
import { percentile } from "../lib/stats";
import type { RunOptions } from "../run";
import { startCacheProxy, type CacheProxy } from "./cache-proxy";
import { interleaved, runLoad, type LoadTarget } from "./load";
import { mixedLoad } from "./mixed";
import { type BuildRoutes, getPage, writeSnapshot } from "./pages";
import {
  hookCapture,
  LOAD_CORE,
  SERVER_CORE,
  startBalancer,
  startBare,
  startNext,
  type Server,
} from "./servers";
import { clearRouteCache, editVisible, sampleColdIds, startHealthProbe } from "./suite";

const APP_PORT = 3806;
const HOOK_PORT = 3807;
const BARE_PORT = 3808;
const BALANCER_PORT = 3809;
const PROXY_PORT = 6181;
const PURGE_PORT = 6182;
const PURGE_SECRET = "bench-cache-proxy-secret-0123456789abcdef";
const GZIP = { "accept-encoding": "gzip, deflate, br" };

const A = "cached whole";
const B = "Varnish in front";
const log = (line: string) => out(line);

export async function proxyDesigns(
  ctx: DbContext,
  report: Report,
  opts: RunOptions,
  routes: BuildRoutes,
  distDir: string,
  snapshotDir: string,
): Promise<void> {
  clearRouteCache(distDir);
  out(`Caching proxy (issue 46): the app on ${ctx.database}, Varnish in front of it`);
  const app = await startNext({
    distDir,
    port: APP_PORT,
    hookPort: HOOK_PORT,
    databaseUrl: ctx.url,
    snapshotDir,
    logName: "bench-app-proxy",
    firstPath: "/api/health",
    env: {
      CACHE_PROXY_PURGE_URL: `http://127.0.0.1:${PURGE_PORT}/`,
      CACHE_PROXY_PURGE_SECRET: PURGE_SECRET,
    },
  });
  let proxy: CacheProxy | null = null;
  try {
    proxy = await startCacheProxy({
      port: PROXY_PORT,
      purgePort: PURGE_PORT,
      upstream: new URL(app.origin).host,
      secret: PURGE_SECRET,
      cores: LOAD_CORE,
    });
    await designsSideBySide(ctx, report, opts, routes, app, proxy, snapshotDir);
  } finally {
    await proxy?.stop();
    await app.stop();
  }
}

async function designsSideBySide(
  ctx: DbContext,
  report: Report,
  opts: RunOptions,
  routes: BuildRoutes,
  app: Server,
  proxy: CacheProxy,
  snapshotDir: string,
): Promise<void> {
  routes.require("product");
  const p = await probes(ctx);
  const hot = p.productIds.slice(0, 20);
  const captureId = (await sampleColdIds(ctx, p.productIds, 50, true)).at(-1);
  if (captureId === undefined) throw new Error("no product with reviews outside the sample");
  // Products nobody asked for yet, in disjoint pools: neither design warms the other's (nor its
  // data in the 'use cache' entries). Varnish's first visits are the cheaper, so the larger pool.
  const cold = await sampleColdIds(ctx, [...hot, captureId], 30_000);
  const pools = {
    aFirst: cold.slice(0, 3_000),
    bFirst: cold.slice(3_000, cold.length - 4_000),
    aMixed: cold.slice(-4_000, -2_000),
    bMixed: cold.slice(-2_000),
  };
  if (pools.bFirst.length < 3_000)
    throw new Error(
      `${cold.length} products: too few for the proxy's first visits (use S or more)`,
    );

  const productIds = {
    aWarm: `product page, ${A} (HTTP):warm req/s vs bare floor`,
    aFirst: `product page, ${A} (HTTP):first visit p95 vs uncached render`,
    bWarm: `product page, ${B} (HTTP):warm req/s vs bare floor`,
    bFirst: `product page, ${B} (HTTP):first visit p95 vs uncached render`,
  };
  out(`Product page, both designs: ${opts.rounds} rounds of ${opts.durationS} s, interleaved`);
  await guard(report, Object.values(productIds), async () => {
    const realHtml = await getPage(`${app.origin}/products/${hot[0]}`);
    writeSnapshot(snapshotDir, "product", realHtml);
    // The bare floor runs the statements of a product's first render (as suite.ts takes them).
    const captured = await hookCapture(app, () => getPage(`${app.origin}/products/${captureId}`));
    const statements = captured.statements.filter((s) =>
      s.values.some((v) => String(v) === String(captureId)),
    );
    if (statements.length === 0) throw new Error(`product ${captureId} was rendered before`);
    const open = realHtml.indexOf(">", realHtml.search(/<main[^>]*id="main"/)) + 1;
    const configFile = path.join(snapshotDir, "bare-product-proxy.json");
    writeFileSync(
      configFile,
      JSON.stringify({
        statements,
        idValue: captureId,
        template: `${realHtml.slice(0, open)}{{data}}${realHtml.slice(open)}`,
      }),
    );
    const bare = await startBare({ port: BARE_PORT, databaseUrl: ctx.url, configFile });
    try {
      const hotPaths = hot.map((id) => `/products/${id}`);
      for (const pathName of hotPaths) {
        await getPage(`${app.origin}${pathName}`);
        await getPage(`${proxy.origin}${pathName}`);
      }
      let aNext = 0;
      let bNext = 0;
      const variants: LoadTarget[] = [
        { label: "uncached render", origin: app.origin, paths: ["/bench/floor/product"] },
        { label: "bare floor", origin: bare.origin, paths: hotPaths },
        { label: "A warm", origin: app.origin, paths: hotPaths },
        {
          label: "A first visit",
          origin: app.origin,
          paths: [],
          nextPath: () => `/products/${pools.aFirst[aNext++ % pools.aFirst.length]}`,
        },
        { label: "B warm", origin: proxy.origin, paths: hotPaths },
        {
          label: "B first visit",
          origin: proxy.origin,
          paths: [],
          nextPath: () => `/products/${pools.bFirst[bNext++ % pools.bFirst.length]}`,
        },
      ];
      const result = await interleaved(variants, {
        rounds: opts.rounds,
        durationS: opts.durationS,
        log,
      });
      const m = result.median;
      const floor = m["uncached render"]!;
      const bareFloor = m["bare floor"]!;
      const wrapped = (n: number, pool: number[]) =>
        n > pool.length ? `; pool of ${pool.length} wrapped (${n} asked)` : "";
      for (const [design, warmId, firstId, warm, first, asked, pool] of [
        [A, productIds.aWarm, productIds.aFirst, "A warm", "A first visit", aNext, pools.aFirst],
        [B, productIds.bWarm, productIds.bFirst, "B warm", "B first visit", bNext, pools.bFirst],
      ] as const) {
        const w = m[warm]!;
        const f = m[first]!;
        report.add(warmId, w.rps, {
          unit: "req/s",
          baseline: bareFloor.rps,
          baselineLabel: "bare",
          ratio: result.ratio(warm, "bare floor").rps,
          note: `p95 ${w.p95.toFixed(1)} ms, ${w.non2xx + w.errors} non-2xx; ${design}`,
        });
        report.add(firstId, f.p95, {
          unit: "ms",
          baseline: floor.p95,
          baselineLabel: "uncached render",
          ratio: result.ratio(first, "uncached render").p95,
          note: `${f.rps.toFixed(0)} req/s (uncached render ${floor.rps.toFixed(0)} req/s), ${f.non2xx + f.errors} non-2xx${wrapped(asked, pool)}`,
        });
      }
    } finally {
      await bare.stop();
    }
  });

  out("Edit visible: straight at the app, then through Varnish");
  await guard(report, [`product page, ${A} (HTTP):edit visible after`], () =>
    editVisible(ctx, report, app, routes, p.productIds, {
      id: `product page, ${A} (HTTP):edit visible after`,
    }),
  );
  await guard(report, [`product page, ${B} (HTTP):edit visible after`], () =>
    editVisible(ctx, report, app, routes, p.productIds, {
      readOrigin: proxy.origin,
      id: `product page, ${B} (HTTP):edit visible after`,
    }),
  );

  // The mixed load, once per design, each on its own products; the other pages (home, search, My
  // Local, checkout) are the app's in both, through Varnish untouched in B.
  const durationS = Math.max(20, opts.durationS * 3);
  for (const [design, origin, ids] of [
    [A, app.origin, pools.aMixed],
    [B, proxy.origin, pools.bMixed],
  ] as const) {
    const scenario = `mixed load, ${design} (HTTP)`;
    out(`Mixed load, ${design}: ${durationS} s`);
    await guard(report, [`${scenario}:req/s`, `${scenario}:p95`, `${scenario}:errors`], () =>
      mixedLoad(ctx, report, { ...app, origin }, routes, { durationS, productIds: ids, scenario }),
    );
  }

  // 200 visitors on the 20 hot product pages, as deployed: behind HAProxy (A), behind Varnish
  // (B); the app's /api/health asked beside them, straight at the app as the balancer asks it,
  // from the app's core: on the load generator's, beside 200 connections and a proxy answering
  // 3,000 req/s, the probe measured that core (176-342 ms with the app idle), not the app.
  for (const [design, front] of [
    ["behind HAProxy", () => startBalancer({ port: BALANCER_PORT, app })],
    ["behind Varnish", null],
  ] as const) {
    const scenario = `product crowd ${design} (HTTP)`;
    out(`Product pages: 200 visitors for 30 s ${design}, /api/health of the app beside them`);
    const ids = [
      `${scenario}:p99, 200 visitors`,
      `${scenario}:errors`,
      `${scenario}:/api/health slowest during it`,
    ];
    await guard(report, ids, async () => {
      const balancer = front ? await front() : null;
      try {
        const origin = balancer?.origin ?? proxy.origin;
        const paths = hot.map((id) => `/products/${id}`);
        for (const pathName of paths) await getPage(`${origin}${pathName}`);
        const probe = startHealthProbe(app.origin, SERVER_CORE);
        const crowd = await runLoad(
          { label: scenario, origin, paths, headers: GZIP },
          { durationS: 30, connections: 200 },
        );
        const { times: health, failures } = await probe.stop();
        health.sort((a, b) => a - b);
        report.add(ids[0] as string, crowd.p99, {
          unit: "ms",
          note: `${crowd.rps.toFixed(0)} req/s, p50 ${crowd.p50.toFixed(1)} ms, p95 ${crowd.p95.toFixed(1)} ms`,
        });
        report.add(ids[1] as string, crowd.errors + crowd.non2xx, {
          note: `${crowd.requests} responses, ${crowd.non2xx} non-2xx`,
        });
        report.add(ids[2] as string, health.at(-1) ?? Number.NaN, {
          unit: "ms",
          note: `${health.length} probes, p95 ${percentile(health, 95).toFixed(1)} ms, ${failures} failed`,
        });
      } finally {
        await balancer?.stop();
      }
    });
  }
}
