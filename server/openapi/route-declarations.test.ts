import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROUTE_MODULES } from "@/app/api/openapi.json/route-index";
import { ROUTE_INDEX_FILE, routeIndexSource } from "@/scripts/lib/route-index";
import { loadRouteModules, operationsOfRoute, ROUTE_METHODS, undeclaredMethods } from "./catalog";
import { listRouteFiles, readRouteExports } from "./route-exports";

/**
 * The OpenAPI document is built from the routes themselves, so every handler a route file exports
 * must carry its declaration (`route({ doc })`), and the index must load every route file.
 */
const ROOT = path.resolve(__dirname, "../..");
const modules = await loadRouteModules(ROUTE_MODULES);

describe("the routes' declarations", () => {
  it("are read from an index that lists every app/api route file (npm run openapi:index)", async () => {
    expect(ROUTE_MODULES.map(({ file }) => file)).toEqual(listRouteFiles(ROOT));
    expect(readFileSync(path.join(ROOT, ROUTE_INDEX_FILE), "utf8")).toBe(
      await routeIndexSource(ROOT),
    );
  });

  it("cover every method every route file exports", () => {
    const loaded = modules.flatMap(({ file, exports }) =>
      ROUTE_METHODS.filter((method) => exports[method] !== undefined).map((m) => `${m} ${file}`),
    );
    const inSource = readRouteExports(ROOT).flatMap(({ file, methods }) =>
      methods.map((m) => `${m} ${file}`),
    );
    // The modules export what their source says, so the check below sees every handler.
    expect(loaded.sort()).toEqual(inSource.sort());
    expect(loaded.length).toBeGreaterThan(80);

    // An entry here: give that handler's route() a `doc` (server/http/route.ts).
    expect(modules.flatMap(undeclaredMethods)).toEqual([]);
  });

  it("describe the Stripe webhooks as signed events taken from other sites", () => {
    for (const file of [
      "app/api/stripe/webhook/route.ts",
      "app/api/stripe/connect-webhook/route.ts",
    ]) {
      const [webhook, ...others] = operationsOfRoute(modules.find((m) => m.file === file)!);
      expect(others).toEqual([]);
      expect(webhook).toMatchObject({ method: "POST", access: "public" });
      expect(Object.keys(webhook!.headers ?? {})).toEqual(["stripe-signature"]);
      expect(webhook!.body?.mediaTypes).toEqual(["application/json"]);
    }
  });

  it("list next-auth's catch-all as the calls a client makes to it", () => {
    const auth = modules.find((m) => m.file === "app/api/auth/[...nextauth]/route.ts")!;
    expect(
      operationsOfRoute(auth).map(({ method, path, access, body }) => [
        `${method} ${path}`,
        access,
        body?.mediaTypes,
      ]),
    ).toEqual([
      ["GET /api/auth/csrf", "public", undefined],
      ["GET /api/auth/providers", "public", undefined],
      ["GET /api/auth/session", "public", undefined],
      [
        "POST /api/auth/callback/credentials",
        "public",
        ["application/x-www-form-urlencoded", "application/json"],
      ],
      [
        "POST /api/auth/signout",
        "public",
        ["application/x-www-form-urlencoded", "application/json"],
      ],
    ]);
  });
});
