#!/usr/bin/env node
/* eslint-disable no-console -- a command-line tool: the table is its output */
/**
 * First-load JavaScript per route, measured the way a browser meets it: fetch the server-rendered
 * HTML of each URL from a running `next start`, take every script it references (<script src>,
 * and the script preloads Next writes for next/dynamic parts rendered on the server), fetch each,
 * gzip it and sum. `next build` no longer prints these sizes (notes/performance.md).
 *
 *   node scripts/measure-first-load-js.mjs [--base http://127.0.0.1:3000] [--budget 180] [--json]
 *     [--cookie "name=value; ..."] [path ...]
 *
 * With no paths it measures the public routes of the budget (issue #7). A path may hold
 * `{id}` (a product) or `{username}` (a store): the first product and store linked from
 * /products/filtered and /merchants/list fill them in.
 *
 * What counts: module scripts (`<script src>` without `nomodule`, and `<link rel="preload"
 * as="script">` / `modulepreload`), each file once per route, gzipped with zlib's default level
 * (what `next start` sends). `nomodule` scripts (Next's legacy polyfills) are shown in their own
 * column: browsers that run modules, which is every browser Next 16 supports, never download
 * them. Scripts that load later (next/dynamic on interaction or after hydration, prefetches of
 * other routes) are not first-load JS and are not in the HTML. `--cookie` measures a signed-in
 * page (copy the `_token` cookie from a browser).
 * Exit code 1 when a route's first load is over the budget.
 */
import { gzipSync } from "node:zlib";

const DEFAULT_PATHS = [
  "/",
  "/products/filtered",
  "/merchants/list",
  "/products/{id}",
  "/stores/{username}",
  "/pricing",
  "/login",
];

function parseArgs(argv) {
  const options = {
    base: "http://127.0.0.1:3000",
    budget: 180,
    json: false,
    cookie: "",
    paths: [],
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--base") options.base = argv[++i];
    else if (arg === "--budget") options.budget = Number(argv[++i]);
    else if (arg === "--cookie") options.cookie = argv[++i];
    else if (arg === "--json") options.json = true;
    else if (arg === "--help" || arg === "-h") {
      console.log(
        "usage: measure-first-load-js.mjs [--base URL] [--budget kB] [--cookie C] [--json] [path ...]",
      );
      process.exit(0);
    } else options.paths.push(arg);
  }
  if (options.paths.length === 0) options.paths = DEFAULT_PATHS;
  options.base = options.base.replace(/\/$/, "");
  return options;
}

const options = parseArgs(process.argv.slice(2));
const headers = {
  "accept-encoding": "identity",
  ...(options.cookie ? { cookie: options.cookie } : {}),
};

async function fetchText(url) {
  const response = await fetch(url, { headers, redirect: "manual" });
  if (response.status >= 300 && response.status < 400) {
    throw new Error(`${url} redirects to ${response.headers.get("location")}`);
  }
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  // The whole streamed body: dynamic parts add their own scripts after the static shell.
  return response.text();
}

function attribute(tag, name) {
  const match = new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]).replace(/&amp;/g, "&") : null;
}

/**
 * The scripts the document loads: every <script src> (with whether it is nomodule), and every
 * <link rel="preload" as="script"> or rel="modulepreload". Next writes the chunks of a next/dynamic
 * component rendered on the server as such preloads, and hydration runs them, so they are first
 * load too. Each file counts once; a file also loaded as a module script counts as one.
 */
function scriptsOf(html) {
  const found = new Map();
  const add = (src, kind) => {
    const previous = found.get(src);
    if (!previous || previous === "nomodule" || (previous === "preload" && kind === "script")) {
      found.set(src, kind);
    }
  };
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, "src");
    if (src) add(src, /\snomodule\b/i.test(tag) ? "nomodule" : "script");
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attribute(tag, "rel") ?? "").toLowerCase().split(/\s+/);
    const href = attribute(tag, "href");
    if (!href) continue;
    if (
      rel.includes("modulepreload") ||
      (rel.includes("preload") && attribute(tag, "as") === "script")
    ) {
      add(href, "preload");
    }
  }
  return [...found].map(([src, kind]) => ({ src, kind, noModule: kind === "nomodule" }));
}

const sizes = new Map();
async function sizeOf(src) {
  const url = new URL(src, options.base).href;
  if (!sizes.has(url)) {
    sizes.set(
      url,
      (async () => {
        const response = await fetch(url, { headers });
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        const bytes = Buffer.from(await response.arrayBuffer());
        return { raw: bytes.length, gzip: gzipSync(bytes).length };
      })(),
    );
  }
  return sizes.get(url);
}

async function resolvePath(path) {
  if (!path.includes("{")) return path;
  let resolved = path;
  if (resolved.includes("{id}")) {
    const html = await fetchText(`${options.base}/products/filtered`);
    const id = /href="\/products\/(\d+)[^"]*"/.exec(html)?.[1];
    if (!id) throw new Error("no product link on /products/filtered to fill {id}");
    resolved = resolved.replace("{id}", id);
  }
  if (resolved.includes("{username}")) {
    const html = await fetchText(`${options.base}/merchants/list`);
    const username = /href="\/stores\/([^"/?#]+)"/.exec(html)?.[1];
    if (!username) throw new Error("no store link on /merchants/list to fill {username}");
    resolved = resolved.replace("{username}", username);
  }
  return resolved;
}

const kB = (bytes) => (bytes / 1000).toFixed(1);

const rows = [];
for (const pattern of options.paths) {
  const path = await resolvePath(pattern);
  const html = await fetchText(`${options.base}${path}`);
  const scripts = scriptsOf(html);
  let gzip = 0;
  let raw = 0;
  let noModuleGzip = 0;
  const files = [];
  for (const script of scripts) {
    const size = await sizeOf(script.src);
    files.push({ ...script, ...size });
    if (script.noModule) noModuleGzip += size.gzip;
    else {
      gzip += size.gzip;
      raw += size.raw;
    }
  }
  rows.push({
    route: pattern,
    path,
    scripts: files.filter((f) => !f.noModule).length,
    preloads: files.filter((f) => f.kind === "preload").length,
    raw,
    gzip,
    noModuleGzip,
    files,
  });
}

if (options.json) {
  console.log(JSON.stringify({ base: options.base, budgetKb: options.budget, rows }, null, 2));
} else {
  const table = rows.map((row) => ({
    route: row.route === row.path ? row.route : `${row.route} (${row.path})`,
    scripts: String(row.scripts),
    preloads: String(row.preloads),
    raw: kB(row.raw),
    gzip: kB(row.gzip),
    nomodule: kB(row.noModuleGzip),
    withNomodule: kB(row.gzip + row.noModuleGzip),
    budget: row.gzip <= options.budget * 1000 ? "ok" : "OVER",
  }));
  const head = {
    route: "route",
    scripts: "files",
    preloads: "of which preloads",
    raw: "raw kB",
    gzip: "gzip kB",
    nomodule: "nomodule gz",
    withNomodule: "incl. nomodule",
    budget: `<= ${options.budget}`,
  };
  const widths = Object.fromEntries(
    Object.keys(head).map((k) => [k, Math.max(...[head, ...table].map((r) => r[k].length))]),
  );
  const line = (r) =>
    Object.keys(head)
      .map((k, i) => (i === 0 ? r[k].padEnd(widths[k]) : r[k].padStart(widths[k])))
      .join("  ");
  console.log(line(head));
  for (const r of table) console.log(line(r));
  console.log(
    `\nkB = 1000 bytes; gzip = zlib default level; nomodule scripts are not fetched by module browsers.`,
  );
}

process.exitCode = rows.some((row) => row.gzip > options.budget * 1000) ? 1 : 0;
