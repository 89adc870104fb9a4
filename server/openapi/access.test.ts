import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const testState = vi.hoisted(() => {
  return { cookies: new Map<string, string>() };
});
const fakeNextHeaders = vi.hoisted(() => ({
  cookies: async () => ({
    getAll: () => [...testState.cookies].map(([name, value]) => ({ name, value })),
    get: (name: string) =>
      testState.cookies.has(name) ? { name, value: testState.cookies.get(name) } : undefined,
    set: (name: string, value: string) => void testState.cookies.set(name, value),
    delete: (name: string) => void testState.cookies.delete(name),
  }),
  headers: async () => new Headers(),
}));
vi.mock("next/headers", () => fakeNextHeaders);
// GET /api/viewer opts out of prerendering with connection(), which needs a request scope.
vi.mock(import("next/server"), async (importOriginal) => ({
  ...(await importOriginal()),
  connection: async () => {},
}));

import { createRequire } from "node:module";
import path from "node:path";
import { NextRequest } from "next/server";
import { ROUTE_MODULES } from "@/app/api/openapi.json/route-index";
import type { Db } from "@/server/db/client";
import type { RouteHandler } from "@/server/http/route";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import { loadApiOperations, routeFileOf } from "./catalog";
import type { Operation } from "./types";

// next-auth and the location calls read cookies through next/headers, which has no request scope
// outside a Next server; next-auth require()s it (CommonJS), so its exports are replaced in place.
Object.assign(createRequire(import.meta.url)("next/headers") as object, fakeNextHeaders);

/**
 * The roles in the document (`x-roles`, taken from each route's `route()` options, or stated by a
 * handler written without it) agree with the code: each operation's own handler, imported from
 * its route file, is called as a visitor (no cookie, no token; writes from this site's origin,
 * with a body of the type the call takes).
 */
const SITE = "http://localhost:3000";
const ROOT = path.resolve(__dirname, "../..");
const API_OPERATIONS = await loadApiOperations(ROUTE_MODULES);

let db: Db;
beforeAll(async () => {
  db = await createRouteTestDb();
});
afterAll(() => closeTestDb(db));

async function handlerOf(operation: Operation): Promise<RouteHandler> {
  const exports = (await import(
    /* @vite-ignore */ path.join(ROOT, routeFileOf(operation))
  )) as Record<string, RouteHandler | undefined>;
  const handler = exports[operation.method];
  if (!handler) throw new Error(`${routeFileOf(operation)} exports no ${operation.method}`);
  return handler;
}

/** A valid-looking value for each path parameter; next-auth's catch-all gets its segments. */
function paramsOf(operation: Operation): Record<string, string | string[]> {
  if (operation.path.startsWith("/api/auth/"))
    return { nextauth: operation.path.slice("/api/auth/".length).split("/") };
  return Object.fromEntries(Object.keys(operation.pathParams ?? {}).map((name) => [name, "1"]));
}

function visitorRequest(operation: Operation): NextRequest {
  const params = paramsOf(operation);
  const url = new URL(
    operation.path.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name])),
    SITE,
  );
  const headers = new Headers();
  if (operation.method === "GET") return new NextRequest(url, { headers });
  headers.set("origin", SITE);
  const type = operation.body?.mediaTypes[0];
  if (type === "multipart/form-data")
    return new NextRequest(url, { method: operation.method, headers, body: new FormData() });
  if (type) headers.set("content-type", type);
  const body = type === "application/json" ? "{}" : type ? "" : undefined;
  return new NextRequest(url, { method: operation.method, headers, body });
}

async function callAsVisitor(operation: Operation): Promise<Response> {
  const handler = await handlerOf(operation);
  return handler(visitorRequest(operation), { params: Promise.resolve(paramsOf(operation)) });
}

const label = (operation: Operation) => `${operation.method} ${operation.path}`;
// "visitor" in the access: a public call that admits only some members (POST /api/location).
const isPublic = (operation: Operation) =>
  operation.access === "public" || operation.access.includes("visitor");

describe("who may call each operation, as the document says", () => {
  it.each(API_OPERATIONS.filter((op) => !isPublic(op)).map((op) => [label(op), op] as const))(
    "%s answers a visitor 401 in the error shape",
    async (_, operation) => {
      const response = await callAsVisitor(operation);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        message: "Please log in to continue.",
        requestId: expect.any(String),
      });
    },
  );

  it.each(API_OPERATIONS.filter(isPublic).map((op) => [label(op), op] as const))(
    "%s does not answer a visitor 401",
    async (_, operation) => {
      const response = await callAsVisitor(operation);
      expect(response.status).not.toBe(401);
    },
  );
});
