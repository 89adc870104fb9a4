import { declarationOf } from "@/server/http/route-declaration";
import type { CatchAllOperationDoc, HttpMethod, Operation, RouteDoc } from "./types";

/**
 * Every operation of `app/api/**\/route.ts`, read from the declarations the routes' handlers carry
 * (`route({ role, doc })`): the method is the export's name, the path the file's place, the access
 * `route()`'s own `public`/`role` options, the rest (summary, schemas) the route's `doc`. The route
 * modules come from app/api/openapi.json/route-index.ts, which scripts/write-route-index.ts
 * writes; route-declarations.test.ts fails when a handler has no declaration.
 *
 * next-auth's catch-all `app/api/auth/[...nextauth]` declares the concrete calls it serves (csrf,
 * providers, session, callback/credentials, signout), which is what a client calls.
 */

/** One entry of the route index: a route file and how to load its module. */
export type RouteModuleLoader = {
  file: string;
  load: () => Promise<Readonly<Record<string, unknown>>>;
};

export type RouteModule = { file: string; exports: Readonly<Record<string, unknown>> };

/** The names Next reads as handlers. The document has no HEAD or OPTIONS: a route exporting one fails. */
export const ROUTE_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const DOCUMENTED_METHODS: readonly string[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const isDocumented = (method: string): method is HttpMethod => DOCUMENTED_METHODS.includes(method);

export async function loadRouteModules(
  index: readonly RouteModuleLoader[],
): Promise<RouteModule[]> {
  return Promise.all(index.map(async ({ file, load }) => ({ file, exports: await load() })));
}

export async function loadApiOperations(index: readonly RouteModuleLoader[]): Promise<Operation[]> {
  return (await loadRouteModules(index)).flatMap(operationsOfRoute);
}

/** The methods a route module exports whose handler carries no declaration (`GET app/api/…`). */
export function undeclaredMethods({ file, exports }: RouteModule): string[] {
  return ROUTE_METHODS.filter(
    (method) => exports[method] !== undefined && !declarationOf(exports[method]),
  ).map((method) => `${method} ${file}`);
}

/** The operations one route module declares: one per exported method, or a catch-all's calls. */
export function operationsOfRoute({ file, exports }: RouteModule): Operation[] {
  const catchAllPrefix = catchAllPrefixOf(file);
  return ROUTE_METHODS.filter((method) => exports[method] !== undefined).flatMap((method) => {
    const where = `${method} ${file}`;
    const declaration = declarationOf(exports[method]);
    if (!declaration) throw new Error(`${where} has no declaration: give route() a doc`);
    if (!isDocumented(method)) throw new Error(`${where}: ${method} is not documented`);
    const { access, doc } = declaration;
    if (!isCallList(doc)) {
      if (catchAllPrefix !== null)
        throw new Error(`${where}: a catch-all lists the calls it serves`);
      return [{ ...doc, method, path: apiPathOf(file), access }];
    }
    if (catchAllPrefix === null) throw new Error(`${where}: only a catch-all route lists calls`);
    const calls = doc.filter((call) => call.method === method);
    const stray = calls.find((call) => !call.path.startsWith(catchAllPrefix));
    if (stray) throw new Error(`${where}: ${stray.path} is not under ${catchAllPrefix}`);
    if (calls.length === 0) throw new Error(`${where} lists no ${method} call`);
    return calls.map((call) => ({ ...call, access }));
  });
}

function isCallList(doc: RouteDoc): doc is readonly CatchAllOperationDoc[] {
  return Array.isArray(doc);
}

/** `app/api/cart/[pKey]/route.ts` → `/api/cart/{pKey}`. */
export function apiPathOf(file: string): string {
  return file
    .replace(/^app/, "")
    .replace(/\/route\.ts$/, "")
    .replace(/\[(\w+)\]/g, "{$1}");
}

/** `app/api/auth/[...nextauth]/route.ts` → `/api/auth/`; null for a route without a catch-all. */
function catchAllPrefixOf(file: string): string | null {
  const at = file.indexOf("/[...");
  return at === -1 ? null : `${apiPathOf(file.slice(0, at) + "/route.ts")}/`;
}

/** Where the operation's handler lives: `/api/cart/{pKey}` → `app/api/cart/[pKey]/route.ts`. */
export function routeFileOf(operation: Pick<Operation, "path">): string {
  if (operation.path.startsWith("/api/auth/")) return "app/api/auth/[...nextauth]/route.ts";
  return `app${operation.path.replace(/\{(\w+)\}/g, "[$1]")}/route.ts`;
}
