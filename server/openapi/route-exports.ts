import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ROUTE_METHODS } from "./catalog";

/**
 * The route files under `app/api` and the HTTP methods each exports, read from the source text:
 * `export const GET =`, `export const { GET, POST } =`, `export async function GET`, and
 * re-exports (`export { GET } from`, `export { handler as POST }`). For the route index's writer
 * (scripts/write-route-index.ts) and the tests that must see a route the document does not know.
 */

export type RouteExports = { file: string; methods: string[] };

export function listRouteFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(relative);
      else if (entry.name === "route.ts") found.push(relative);
    }
  };
  walk("app/api");
  return found.sort();
}

export function readRouteExports(root: string): RouteExports[] {
  return listRouteFiles(root).map((file) => ({
    file,
    methods: exportedMethods(readFileSync(path.join(root, file), "utf8")),
  }));
}

export function exportedMethods(source: string): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(/export\s+const\s+(\w+)\s*[:=]/g)) names.add(match[1]!);
  for (const match of source.matchAll(/export\s+(?:async\s+)?function\s*\*?\s*(\w+)/g))
    names.add(match[1]!);
  // `export const { GET, POST } = ...` and `export { a as GET, POST } (from "...")`
  for (const match of source.matchAll(/export\s+(?:const\s+)?\{([^}]*)\}/g)) {
    for (const part of match[1]!.split(",")) {
      const name = part
        .trim()
        .split(/\s+as\s+|\s*:\s*/)
        .at(-1);
      if (name) names.add(name.trim());
    }
  }
  return ROUTE_METHODS.filter((method) => names.has(method));
}
