import path from "node:path";
import { describe, expect, it } from "vitest";
import { API_OPERATIONS, routeFileOf } from "./catalog";
import { exportedMethods, readRouteExports } from "./route-exports";

const ROOT = path.resolve(__dirname, "../..");

describe("the API catalog", () => {
  it("lists exactly the methods every app/api route file exports", () => {
    const onDisk = new Set(
      readRouteExports(ROOT).flatMap(({ file, methods }) => methods.map((m) => `${m} ${file}`)),
    );
    const listed = new Set(API_OPERATIONS.map((op) => `${op.method} ${routeFileOf(op)}`));

    const missing = [...onDisk].filter((entry) => !listed.has(entry));
    const stale = [...listed].filter((entry) => !onDisk.has(entry));
    // A new route (or method) needs an entry in server/openapi/operations/*.ts.
    expect(missing, "route methods missing from server/openapi/catalog.ts").toEqual([]);
    expect(stale, "catalog entries with no route handler").toEqual([]);
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
