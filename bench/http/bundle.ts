/**
 * First-load JavaScript per route, from a build directory (Next 16 no longer prints it): the
 * gzipped size of every script chunk a route's HTML loads before it is interactive, i.e. the
 * build's root main files plus the client chunks of the route's layouts and page (from each page's
 * client reference manifest). Polyfills (nomodule, skipped by modern browsers) are left out; the
 * chunks of error boundaries (loaded with the page) are counted, global-error's are not.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { gzipSync } from "node:zlib";

export interface RouteBundle {
  route: string;
  files: string[];
  gzipBytes: number;
  public: boolean;
}

/**
 * Pages a visitor reaches without signing in. Every measured route is held to the 180 kB budget
 * (issue 23), signed in or not; this only labels the rows.
 */
const PRIVATE_ROUTES = [
  /^\/profile/,
  /^\/settings/,
  /^\/checkout/,
  /^\/orders\//,
  /^\/customerOrders/,
  /^\/myOrders/,
  /^\/memberManager/,
  /^\/orderManager/,
  /^\/resellerManager/,
  /^\/resellerTransactions/,
  /^\/adminInbox/,
  /^\/adminAudit/,
  /^\/messages/,
  /^\/subscription/,
  /^\/external/,
  /^\/dev\//,
  /^\/bench\//,
  /^\/_/,
  /\/edit$/,
  /\/products\/add$/,
  /^\/stores\/\[username\]\/\[viewMode\]$/,
];

export function isPublicRoute(route: string): boolean {
  return !PRIVATE_ROUTES.some((r) => r.test(route));
}

/** The benchmark's own pages (/bench/...) and Next's internals (/_not-found, /_global-error). */
export function isMeasuredRoute(route: string): boolean {
  return !route.startsWith("/bench/") && !route.startsWith("/_");
}

function findManifests(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) findManifests(full, out);
    else if (name === "page_client-reference-manifest.js") out.push(full);
  }
  return out;
}

/** The route of an app entry key: "/(static)/pricing/page" -> "/pricing". */
function routeOf(entry: string): string {
  const parts = entry
    .replace(/\/page$/, "")
    .split("/")
    .filter((p) => p && !(p.startsWith("(") && p.endsWith(")")));
  return `/${parts.join("/")}`;
}

const gzCache = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(file), { level: 9 }).length;
    gzCache.set(file, size);
  }
  return size;
}

export function measureBundles(distDir: string): RouteBundle[] {
  const buildManifest = path.join(distDir, "build-manifest.json");
  const appDir = path.join(distDir, "server", "app");
  if (!existsSync(buildManifest) || !existsSync(appDir))
    throw new Error(`no build in ${distDir} (build-manifest.json or server/app missing)`);
  const { rootMainFiles = [] } = JSON.parse(readFileSync(buildManifest, "utf8")) as {
    rootMainFiles?: string[];
  };
  const out: RouteBundle[] = [];
  for (const file of findManifests(appDir)) {
    const sandbox: {
      globalThis?: unknown;
      self?: unknown;
      __RSC_MANIFEST?: Record<string, unknown>;
    } = {};
    sandbox.globalThis = sandbox;
    sandbox.self = sandbox;
    vm.runInNewContext(readFileSync(file, "utf8"), sandbox);
    for (const [entry, manifest] of Object.entries(sandbox.__RSC_MANIFEST ?? {})) {
      const { entryJSFiles = {} } = manifest as { entryJSFiles?: Record<string, string[]> };
      const files = new Set<string>(rootMainFiles);
      for (const [segment, chunks] of Object.entries(entryJSFiles)) {
        if (segment.endsWith("/global-error")) continue;
        for (const c of chunks) files.add(c);
      }
      const list = [...files].filter((f) => f.endsWith(".js"));
      const route = routeOf(entry);
      out.push({
        route,
        files: list,
        gzipBytes: list.reduce((sum, f) => sum + gzipSize(path.join(distDir, f)), 0),
        public: isPublicRoute(route),
      });
    }
  }
  return out.sort((a, b) => a.route.localeCompare(b.route));
}

/** Script chunks an HTML page references (the browser's view, to check the manifest count). */
export function htmlScriptBytes(html: string, distDir: string): number {
  const files = new Set<string>();
  for (const tag of html.matchAll(/<script\b[^>]*>/g)) {
    const src = /\bsrc="\/_next\/([^"?]+)/.exec(tag[0]);
    // nomodule scripts (polyfills) are skipped by modern browsers.
    if (!src || /\bnomodule\b/i.test(tag[0])) continue;
    files.add(src[1] as string);
  }
  let total = 0;
  for (const f of files) {
    const full = path.join(distDir, f);
    if (existsSync(full)) total += gzipSize(full);
  }
  return total;
}
