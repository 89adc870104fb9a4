/**
 * Which pages and calls the build has (a scenario whose page is missing fails with
 * "missing: <route>"), and the markup snapshots the framework floor and bare floor serve.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Missing } from "../lib/missing";

/** Build entries (app-paths-manifest keys) of the pages and calls the scenarios use. */
export const ROUTES = {
  dashboard: "/page",
  product: "/products/[productId]/page",
  search: "/products/filtered/page",
  farmers: "/merchants/list/page",
  store: "/stores/[username]/page",
  cart: "/cart/page",
  messages: "/messages/page",
  viewer: "/api/viewer/route",
  checkout: "/api/checkout/inPerson/route",
  productUpdate: "/api/products/update/route",
  receivedOrders: "/api/orders/received/view/route",
  placedOrders: "/api/orders/placed/view/route",
  adminOrderSearch: "/api/scripts/findOrdersByKeyword/route",
} as const;

export type RouteName = keyof typeof ROUTES;

export class BuildRoutes {
  private readonly entries: Set<string>;
  constructor(distDir: string) {
    const file = path.join(process.cwd(), distDir, "server", "app-paths-manifest.json");
    const manifest = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
    // Route groups ("(static)") do not change the URL.
    this.entries = new Set(Object.keys(manifest).map((k) => k.replace(/\/\([^/]+\)/g, "")));
  }

  has(name: RouteName): boolean {
    return this.entries.has(ROUTES[name]);
  }

  /** Throws Missing("<route>") when the build lacks the page or call. */
  require(...names: RouteName[]): void {
    for (const name of names) {
      if (!this.has(name)) throw new Missing(ROUTES[name].replace(/\/(page|route)$/, "") || "/");
    }
  }
}

/** The inner HTML of the layout's <main id="main">. */
export function mainContent(html: string): string {
  const start = html.search(/<main[^>]*id="main"[^>]*>/);
  if (start < 0) return "";
  const open = html.indexOf(">", start) + 1;
  const end = html.lastIndexOf("</main>");
  return end > open ? html.slice(open, end) : "";
}

export function writeSnapshot(dir: string, name: string, html: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${name}.html`), mainContent(html));
}

export function snapshotExists(dir: string, name: string): boolean {
  return existsSync(path.join(dir, `${name}.html`));
}

/** A GET that must answer 200; returns the body. */
export async function getPage(url: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await fetch(url, { headers, redirect: "manual" });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
  return body;
}
