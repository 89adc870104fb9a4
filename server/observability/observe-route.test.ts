import { workAsyncStorage } from "next/dist/server/app-render/work-async-storage.external";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const testState = vi.hoisted(() => {
  // What Next's server provides before it loads its stores: a real AsyncLocalStorage, so a call
  // can run inside the work store as it does under Next.
  (globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage =
    process.getBuiltinModule("node:async_hooks").AsyncLocalStorage;
  process.env.NEXTAUTH_SECRET = "observe-route-secret-observe-route-secret-0001";
  process.env.APP_URL = "http://localhost:3000";
  // Behind our balancer, which sets X-Request-Id (deploy/haproxy.cfg).
  process.env.TRUST_PROXY_HEADERS = "true";
  return { db: undefined as unknown };
});
vi.mock(import("@/server/db/client"), async (importOriginal) => ({
  ...(await importOriginal()),
  getDb: async () => testState.db as Db,
}));

import type { Db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { route } from "@/server/http/route";
import { log } from "@/server/log";
import { closeTestDb, createTestDb } from "@/tests/db";
import { metrics } from "@/server/base/metrics";
import { routePattern } from "@/server/base/observe-route";
import { currentRequestId, requestIdOf } from "@/server/base/request-context";

const SITE = "http://localhost:3000";
let db: Db;

beforeAll(async () => {
  db = await createTestDb();
  testState.db = db;
});
afterAll(async () => {
  delete process.env.TRUST_PROXY_HEADERS;
  await closeTestDb(db);
});

type Params = Record<string, string | string[]>;

const get = <P extends Params = Params>(
  path: string,
  params: P = {} as P,
  headers: Record<string, string> = {},
) => ({
  req: new Request(new URL(path, SITE), { headers }),
  ctx: { params: Promise.resolve(params) },
});

/** Each line the server's logger writes while `work` runs, parsed. */
async function logLines(work: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const streamSym = pino.symbols.streamSym as unknown as keyof typeof log;
  const target = log as unknown as Record<PropertyKey, unknown>;
  const stream = target[streamSym];
  const level = log.level;
  const lines: string[] = [];
  target[streamSym] = { write: (line: string) => lines.push(line) };
  log.level = "debug";
  try {
    await work();
  } finally {
    target[streamSym] = stream;
    log.level = level;
  }
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("the request id", () => {
  const echo = route({ public: true }, () => Response.json({ seen: currentRequestId() }));

  it("gives every answer an X-Request-Id, the one the handler ran under", async () => {
    const { req, ctx } = get("/api/echo");
    const res = await echo(req, ctx);
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await res.json()).toEqual({ seen: id });
  });

  it("never takes a client's own X-Request-Id without TRUST_PROXY_HEADERS", () => {
    const req = new Request(new URL("/api/echo", SITE), {
      headers: { "x-request-id": "sk_live_0123456789abcdef" },
    });
    const id = requestIdOf(req, false);
    expect(id).not.toContain("sk_live");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdOf(req, true)).toBe("sk_live_0123456789abcdef");
  });

  it("keeps a well-formed id sent by our balancer (TRUST_PROXY_HEADERS)", async () => {
    const { req, ctx } = get("/api/echo", {}, { "x-request-id": "lb-7f3a9c21:0042" });
    const res = await echo(req, ctx);
    expect(res.headers.get("x-request-id")).toBe("lb-7f3a9c21:0042");
    expect(await res.json()).toEqual({ seen: "lb-7f3a9c21:0042" });
  });

  it.each([
    ["too short", "abc"],
    ["too long", "a".repeat(65)],
    ["spaces", "my request id"],
    ["markup", "<script>alert(1)</script>"],
    ["a header split", "abcdefgh\r\nSet-Cookie: x=1"],
    ["a path", "../../etc/passwd"],
  ])("replaces an incoming id with %s by a new one", async (_, incoming) => {
    const req = new Request(new URL("/api/echo", SITE));
    // Headers refuses CR and LF itself; what is left to check is what gets through.
    try {
      req.headers.set("x-request-id", incoming);
    } catch {
      return;
    }
    const res = await echo(req, { params: Promise.resolve({}) });
    const id = res.headers.get("x-request-id");
    expect(id).not.toBe(incoming);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("is in an error's body, the same as in its header, beside the spec's message", async () => {
    const refuse = route({ public: true }, () => {
      throw new AppError("conflict", "This review was already deleted.");
    });
    const { req, ctx } = get("/api/refuse", {}, { "x-request-id": "report-me-0001" });
    const res = await refuse(req, ctx);
    expect(res.status).toBe(409);
    expect(res.headers.get("x-request-id")).toBe("report-me-0001");
    expect(await res.json()).toEqual({
      message: "This review was already deleted.",
      requestId: "report-me-0001",
    });
  });

  it("is in every log line written while the call is handled, and in none after", async () => {
    const failing = route({ public: true }, async () => {
      log.info({ step: 1 }, "a service says something");
      await new Promise((resolve) => setImmediate(resolve));
      log.warn("and again after a turn of the event loop");
      throw new Error("boom");
    });
    const { req, ctx } = get("/api/failing", {}, { "x-request-id": "find-my-lines-01" });
    const lines = await logLines(async () => {
      const res = await failing(req, ctx);
      expect(res.status).toBe(500);
      expect(await res.json()).toMatchObject({ requestId: "find-my-lines-01" });
      log.info("outside the request");
    });
    expect(lines.map((line) => [line.msg, line.requestId])).toEqual([
      ["a service says something", "find-my-lines-01"],
      ["and again after a turn of the event loop", "find-my-lines-01"],
      ["unhandled error in route handler", "find-my-lines-01"],
      ["outside the request", undefined],
    ]);
  });
});

describe("the route's pattern (the metrics' label)", () => {
  it.each([
    ["/api/cart", {}, "/api/cart"],
    ["/api/orders/1042/cancel", { orderNo: "1042" }, "/api/orders/[orderNo]/cancel"],
    ["/api/stores/alice/products", { username: "alice" }, "/api/stores/[username]/products"],
    [
      "/api/auth/callback/credentials",
      { nextauth: ["callback", "credentials"] },
      "/api/auth/[...nextauth]",
    ],
    ["/api/cart/caf%C3%A9", { pKey: "café" }, "/api/cart/[pKey]"],
    // An escaped spelling of a fixed segment is the same route, so the same label.
    ["/api/%63art", {}, "/api/cart"],
  ])("%s with %j is %s", (path, params, pattern) => {
    expect(routePattern(`${SITE}${path}`, params)).toBe(pattern);
  });
});

describe("the request metrics", () => {
  const routeLabels = async () =>
    (await metrics().registry.getSingleMetric("marketplace_http_requests_total")!.get()).values.map(
      (v) => v.labels.route,
    );

  it("takes the route Next matched when there is one, whatever its values", async () => {
    const products = route<{ username: string }>({ public: true }, () => Response.json([]));
    const { req, ctx } = get("/api/stores/stores/products", { username: "stores" });
    // As Next runs a route handler: inside its work store, which names the route's file.
    await workAsyncStorage.run(
      { route: "/api/stores/[username]/products" } as Parameters<typeof workAsyncStorage.run>[0],
      () => products(req, ctx),
    );
    expect(await routeLabels()).toContain("/api/stores/[username]/products");
  });

  it("counts each call and its time under the route's pattern, never the address asked", async () => {
    const cancel = route<{ orderNo: string }>({ public: true }, ({ params }) =>
      params.orderNo === "404"
        ? Promise.reject(new AppError("not_found"))
        : Promise.resolve(Response.json({ ok: true })),
    );
    for (const orderNo of ["1", "2", "3", "404"]) {
      const { req, ctx } = get(`/api/orders/${orderNo}/cancel`, { orderNo });
      await cancel(req, ctx);
    }
    const { registry } = metrics();
    const requests = await registry.getSingleMetric("marketplace_http_requests_total")!.get();
    const ofRoute = requests.values.filter(
      (v) => v.labels.route === "/api/orders/[orderNo]/cancel",
    );
    expect(ofRoute.map((v) => [v.labels.method, v.labels.status, v.value]).sort()).toEqual([
      ["GET", "200", 3],
      ["GET", "404", 1],
    ]);
    expect(requests.values.some((v) => String(v.labels.route).includes("/1/"))).toBe(false);
    const durations = await registry
      .getSingleMetric("marketplace_http_request_duration_seconds")!
      .get();
    const count = durations.values.find(
      (v) =>
        (v as { metricName?: string }).metricName ===
          "marketplace_http_request_duration_seconds_count" &&
        v.labels.route === "/api/orders/[orderNo]/cancel",
    );
    expect(count?.value).toBe(4);
  });
});
