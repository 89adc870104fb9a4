import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ROUTE_MODULES } from "@/app/api/openapi.json/route-index";
import { route } from "@/server/http/route";
import { declareRoute } from "@/server/http/route-declaration";
import {
  apiPathOf,
  loadApiOperations,
  operationsOfRoute,
  routeFileOf,
  undeclaredMethods,
} from "./catalog";
import { exportedMethods, readRouteExports } from "./route-exports";

const ROOT = path.resolve(__dirname, "../..");
const API_OPERATIONS = await loadApiOperations(ROUTE_MODULES);

describe("the API catalog", () => {
  it("declares exactly the methods every app/api route file exports", () => {
    const onDisk = new Set(
      readRouteExports(ROOT).flatMap(({ file, methods }) => methods.map((m) => `${m} ${file}`)),
    );
    const listed = new Set(API_OPERATIONS.map((op) => `${op.method} ${routeFileOf(op)}`));

    const missing = [...onDisk].filter((entry) => !listed.has(entry));
    const stale = [...listed].filter((entry) => !onDisk.has(entry));
    // A new route (or method) needs a `doc` in its route() options and `npm run openapi:index`.
    expect(missing, "route methods the document does not describe").toEqual([]);
    expect(stale, "operations with no route handler").toEqual([]);
  });

  it("finds at least one method in every route file (the reader below understands them all)", () => {
    const silent = readRouteExports(ROOT).filter(({ methods }) => methods.length === 0);
    expect(silent.map(({ file }) => file)).toEqual([]);
  });

  it("lists each method and path once", () => {
    const keys = API_OPERATIONS.map((op) => `${op.method} ${op.path}`);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  it("gives a schema for every parameter of a path, and none that is not in it", () => {
    for (const op of API_OPERATIONS) {
      const inPath = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(Object.keys(op.pathParams ?? {}).sort(), `${op.method} ${op.path}`).toEqual(inPath);
    }
  });

  it("gives every operation a one-line summary", () => {
    for (const op of API_OPERATIONS) {
      expect(op.summary, `${op.method} ${op.path}`).toMatch(/^[^\n]{10,120}$/);
    }
  });
});

describe("reading a route's declaration", () => {
  const doc = { summary: "A call for the tests of the catalog" };
  const file = "app/api/things/[thingId]/route.ts";
  const noop = async () => new Response(null);

  it("takes the method from the export, the path from the file and the access from route()", () => {
    const exports = {
      GET: route({ public: true, doc }, noop),
      POST: route({ role: ["customer", "merchant"], doc }, noop),
      PATCH: route({ doc }, noop),
      // declareRoute marks the function it is given, so a fresh one.
      DELETE: declareRoute(async () => new Response(null), { access: ["admin"], doc }),
    };
    expect(
      operationsOfRoute({ file, exports }).map(({ method, path, access }) => [
        method,
        path,
        access,
      ]),
    ).toEqual([
      ["GET", "/api/things/{thingId}", "public"],
      ["POST", "/api/things/{thingId}", ["customer", "merchant"]],
      ["PATCH", "/api/things/{thingId}", ["member"]],
      ["DELETE", "/api/things/{thingId}", ["admin"]],
    ]);
  });

  it("names the exported handlers that carry no declaration, and refuses to describe them", () => {
    const exports = { GET: route({ public: true }, noop), POST: noop, PATCH: route({ doc }, noop) };
    expect(undeclaredMethods({ file, exports })).toEqual([`GET ${file}`, `POST ${file}`]);
    expect(() => operationsOfRoute({ file, exports })).toThrow(`GET ${file} has no declaration`);
  });

  it("takes a catch-all's calls from its list, by the exported method", () => {
    const calls = [
      { method: "GET", path: "/api/auth/session", summary: "The session of the cookie" },
      { method: "POST", path: "/api/auth/signout", summary: "Sign out of every session" },
    ] as const;
    const handler = route({ public: true, doc: calls }, noop);
    const catchAll = "app/api/auth/[...nextauth]/route.ts";
    expect(
      operationsOfRoute({ file: catchAll, exports: { GET: handler, POST: handler } }).map(
        ({ method, path }) => `${method} ${path}`,
      ),
    ).toEqual(["GET /api/auth/session", "POST /api/auth/signout"]);
    expect(() => operationsOfRoute({ file, exports: { GET: handler } })).toThrow(
      "only a catch-all route lists calls",
    );
    expect(() =>
      operationsOfRoute({ file: catchAll, exports: { GET: route({ doc }, noop) } }),
    ).toThrow("a catch-all lists the calls it serves");
  });

  it("keeps the schema objects the route names (never a copy)", () => {
    const schema = z.object({ name: z.string() });
    const exports = { POST: route({ doc: { ...doc, query: [schema] } }, noop) };
    expect(operationsOfRoute({ file, exports })[0]!.query![0]).toBe(schema);
  });

  it.each([
    ["app/api/cart/route.ts", "/api/cart"],
    ["app/api/cart/[pKey]/moveToDreamTracker/route.ts", "/api/cart/{pKey}/moveToDreamTracker"],
    ["app/api/openapi.json/route.ts", "/api/openapi.json"],
  ])("reads the path of %s as %s", (routeFile, apiPath) => {
    expect(apiPathOf(routeFile)).toBe(apiPath);
    expect(routeFileOf({ path: apiPath })).toBe(routeFile);
  });
});

describe("reading a route file's exported methods", () => {
  it.each([
    ["export const GET = route({}, handler);", ["GET"]],
    ["export const { GET, POST } = routes;", ["GET", "POST"]],
    ["export async function GET(req: Request) {}", ["GET"]],
    ["export function DELETE() {}", ["DELETE"]],
    ['export { GET, handler as POST } from "./shared";', ["GET", "POST"]],
    ["export const { list: GET } = routes;", ["GET"]],
    ["const GET = 1;\nexport const runtime = 'nodejs';", []],
  ])("reads %j", (source, methods) => {
    expect(exportedMethods(source)).toEqual(methods);
  });
});
