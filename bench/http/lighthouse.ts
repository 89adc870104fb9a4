/**
 * Lighthouse lab scores (npm `lighthouse` with Debian's /usr/bin/chromium): the median of 5 runs,
 * mobile (Lighthouse's default, simulated throttling) and desktop, on the dashboard, a product, a
 * store, a products search and a farm's /messages (signed in). Performance, CLS, accessibility
 * and SEO are checked.
 */
import type { DbContext } from "../db/context";
import { probes } from "../db/scenarios";
import { guard, type Report } from "../lib/report";
import { median } from "../lib/stats";
import type { BuildRoutes, RouteName } from "./pages";
import type { Server } from "./servers";
import { mintSession } from "./session";

export const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

interface Scores {
  performance: number;
  accessibility: number;
  seo: number;
  cls: number;
  lcp: number;
  tbt: number;
  /** The main thread's long tasks (over 50 ms) by where they ran, "script 120 ms" each. */
  longTasks: string[];
  /** Lighthouse's measure of the machine's speed at the run (higher is faster). */
  benchmarkIndex: number;
  /** The measuring browser's major version. */
  browser: string;
  /** Audits of the category that did not pass, by category. */
  failed: Record<string, string[]>;
}

interface Lhr {
  environment?: { benchmarkIndex?: number; hostUserAgent?: string };
  categories: Record<
    string,
    { score: number | null; auditRefs: { id: string; weight: number }[] } | undefined
  >;
  audits: Record<
    string,
    | {
        score: number | null;
        numericValue?: number;
        details?: { items?: { url?: string; duration?: number }[] };
      }
    | undefined
  >;
}

/** Long tasks by script (the page's own URL for inline work), longest first. */
function longTasksOf(lhr: Lhr): string[] {
  const byUrl = new Map<string, number>();
  for (const task of lhr.audits["long-tasks"]?.details?.items ?? []) {
    if ((task.duration ?? 0) < 50) continue;
    const where = (task.url ?? "?").replace(/^https?:\/\/[^/]+/, "");
    byUrl.set(where, (byUrl.get(where) ?? 0) + (task.duration ?? 0));
  }
  return [...byUrl]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([where, ms]) => `${where} ${ms.toFixed(0)} ms`);
}

function failedAudits(lhr: Lhr, category: string): string[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id);
}

export async function lighthouseGroup(
  ctx: DbContext,
  report: Report,
  app: Server,
  routes: BuildRoutes,
  runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5),
  // A comma-separated list of the page names below, to look at some of them only.
  only = (process.env.BENCH_LIGHTHOUSE_PAGES ?? "").split(",").filter(Boolean),
): Promise<void> {
  const p = await probes(ctx);
  // /messages as the farm with the most conversations sees it (issue 23 item 1).
  const farmer = await mintSession(ctx, ctx.facts.largestFarmer.email);
  type Page = { name: string; route: RouteName; path: string; cookie?: string };
  const all: Page[] = [
    { name: "dashboard", route: "dashboard", path: "/" },
    {
      name: "product",
      route: "product",
      path: `/products/${p.productIds[2] ?? p.productIds[0]}`,
    },
    { name: "store", route: "store", path: `/stores/${ctx.facts.largestFarmer.username}` },
    {
      name: "search",
      route: "search",
      path: `/products/filtered?keyword=${encodeURIComponent(ctx.facts.search.twoTerms)}`,
    },
    { name: "messages", route: "messages", path: "/messages", cookie: farmer.cookie },
  ];
  const pages = all.filter((page) => only.length === 0 || only.includes(page.name));
  const { default: lighthouse } = await import("lighthouse");
  const { default: desktopConfig } = await import("lighthouse/core/config/desktop-config.js");
  const chromeLauncher = await import("chrome-launcher");
  for (const form of ["mobile", "desktop"] as const) {
    for (const page of pages) {
      const ids = ["performance", "CLS", "accessibility", "SEO", "TBT"].map(
        (m) => `Lighthouse ${form}:${page.name} ${m}`,
      );
      await guard(report, ids, async () => {
        routes.require(page.route);
        const url = `${app.origin}${page.path}`;
        const headers = page.cookie ? { Cookie: page.cookie } : undefined;
        await fetch(url, { headers }).then((r) => r.arrayBuffer()); // warm the page's cache entry
        const chrome = await chromeLauncher.launch({
          chromePath: CHROME_PATH,
          chromeFlags: [
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
          ],
        });
        const results: Scores[] = [];
        try {
          for (let run = 0; run < runs; run++) {
            const answer = await lighthouse(
              url,
              {
                port: chrome.port,
                output: "json",
                logLevel: "error",
                onlyCategories: ["performance", "accessibility", "seo"],
                extraHeaders: headers,
                // A member's own page is kept out of search engines on purpose (`noindex`); the
                // rest of SEO is checked on it as on the public pages.
                skipAudits: page.cookie ? ["is-crawlable"] : undefined,
              },
              form === "desktop" ? desktopConfig : undefined,
            );
            const lhr = answer?.lhr;
            if (!lhr) throw new Error("Lighthouse gave no result");
            if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
            const r = lhr as unknown as Lhr;
            results.push({
              performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
              accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
              seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
              cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN,
              lcp: lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN,
              tbt: lhr.audits["total-blocking-time"]?.numericValue ?? NaN,
              longTasks: longTasksOf(r),
              benchmarkIndex: r.environment?.benchmarkIndex ?? NaN,
              browser: /Chrome\/(\d+)/.exec(r.environment?.hostUserAgent ?? "")?.[1] ?? "?",
              failed: {
                accessibility: failedAudits(r, "accessibility"),
                seo: failedAudits(r, "seo"),
              },
            });
          }
        } finally {
          await chrome.kill();
        }
        type Numeric = "performance" | "accessibility" | "seo" | "cls" | "lcp" | "tbt";
        const list = (k: Numeric) => results.map((r) => r[k]);
        const runsOf = (k: Numeric) =>
          `runs: ${list(k)
            .map((v) => (k === "cls" ? v.toFixed(3) : v))
            .join(", ")}`;
        const failed = (category: string) => {
          const ids = [...new Set(results.flatMap((r) => r.failed[category] ?? []))];
          return ids.length ? `; not passed: ${ids.join(", ")}` : "";
        };
        // Where the blocking time went, in the run that had the most of it.
        const worst = results.reduce((a, b) => (b.tbt > a.tbt ? b : a));
        const tasks = worst.longTasks.length
          ? `; its long tasks: ${worst.longTasks.join(", ")}`
          : "";
        report.add(ids[0] as string, median(list("performance")), {
          note: `${runsOf("performance")}; LCP ${median(list("lcp")).toFixed(0)} ms, TBT ${median(list("tbt")).toFixed(0)} ms (${list(
            "tbt",
          )
            .map((v) => v.toFixed(0))
            .join(", ")})${tasks}`,
        });
        report.add(ids[1] as string, median(list("cls")), { note: runsOf("cls") });
        report.add(ids[2] as string, median(list("accessibility")), {
          note: runsOf("accessibility") + failed("accessibility"),
        });
        report.add(ids[3] as string, median(list("seo")), { note: runsOf("seo") + failed("seo") });
        // Blocking time is the main thread's time, so it moves with the machine and the browser:
        // the note says which measured it (session 20: the same code 176 ms and 413-660 ms).
        const indexes = results.map((r) => r.benchmarkIndex);
        const machine = `; Chromium ${worst.browser}, benchmark index ${Math.min(...indexes).toFixed(0)}-${Math.max(...indexes).toFixed(0)}`;
        report.add(ids[4] as string, median(list("tbt")), {
          unit: "ms",
          note: `runs: ${list("tbt")
            .map((v) => v.toFixed(0))
            .join(", ")}${tasks}${machine}`,
        });
      });
    }
  }
}
