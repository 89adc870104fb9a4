import path from "node:path";
import { format, resolveConfig } from "prettier";
import { listRouteFiles } from "@/server/openapi/route-exports";

/** Where the index lives: in app/, since server/ may not import app/ (eslint.config.mjs). */
export const ROUTE_INDEX_FILE = "app/api/openapi.json/route-index.ts";

/**
 * The source of the route index: every `app/api/**\/route.ts`, loaded only when the OpenAPI
 * document is first built (a lazy import also keeps GET /api/openapi.json from importing itself
 * while it loads). In prettier's layout, so the file on disk is what this returns.
 */
export async function routeIndexSource(root: string): Promise<string> {
  const entries = listRouteFiles(root).map((file) => {
    const specifier = `@/${file.replace(/\.ts$/, "")}`;
    return `  { file: ${JSON.stringify(file)}, load: () => import(${JSON.stringify(specifier)}) },`;
  });
  const source = [
    "// Written by `npm run openapi:index` (scripts/write-route-index.ts): do not edit by hand.",
    'import type { RouteModuleLoader } from "@/server/openapi/catalog";',
    "",
    "/** Every route module under app/api, whose handlers' declarations make the OpenAPI document. */",
    "export const ROUTE_MODULES: readonly RouteModuleLoader[] = [",
    ...entries,
    "];",
    "",
  ].join("\n");
  const filepath = path.join(root, ROUTE_INDEX_FILE);
  return format(source, { ...(await resolveConfig(filepath)), filepath });
}
