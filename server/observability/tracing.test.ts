import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { POST as placeInPersonOrder } from "@/app/api/checkout/inPerson/route";
import { encodeSessionToken, nowSeconds } from "@/server/auth/token";
import type { Db } from "@/server/db/client";
import {
  createCartItem,
  createCustomer,
  createMerchant,
  createProduct,
} from "@/server/db/seed/factories";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import { startTracing, type Tracing } from "./tracing";
import { tracingHooks } from "@/server/base/tracing-hooks";

/** A span as OTLP/HTTP's JSON encoding sends it. */
type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
};
type OtlpExport = {
  resourceSpans: {
    resource: { attributes: OtlpSpan["attributes"] };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
};

const SPAN_KIND_SERVER = 2;
const SPAN_KIND_CLIENT = 3;

/** A collector on a local port: keeps every export posted to /v1/traces. */
function startCollector() {
  const exports: OtlpExport[] = [];
  const paths: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      paths.push(`${req.method} ${req.url} ${req.headers["content-type"]}`);
      if (req.url === "/v1/traces")
        exports.push(JSON.parse(Buffer.concat(chunks).toString("utf8")) as OtlpExport);
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  return new Promise<{ server: http.Server; url: string; exports: OtlpExport[]; paths: string[] }>(
    (resolve) =>
      server.listen(0, "127.0.0.1", () =>
        resolve({
          server,
          url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
          exports,
          paths,
        }),
      ),
  );
}

const attribute = (span: { attributes: OtlpSpan["attributes"] }, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value ? Object.values(value)[0] : undefined;
};

let collector: Awaited<ReturnType<typeof startCollector>>;
let tracing: Tracing;
let db: Db;

beforeAll(async () => {
  collector = await startCollector();
  // As instrumentation.ts: set, tracing starts before the database is opened.
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = collector.url;
  tracing = startTracing();
  db = await createRouteTestDb();
});
afterAll(async () => {
  await tracing?.shutdown();
  delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  await closeTestDb(db);
  await new Promise((resolve) => collector?.server.close(resolve));
});

describe("traces, with OTEL_EXPORTER_OTLP_ENDPOINT set", () => {
  // On the embedded database: on PostgreSQL this file has loaded node-postgres before tracing
  // starts, too late for its instrumentation to patch it (the server starts tracing first,
  // instrumentation.ts), so its statements would make no spans here.
  it.skipIf(process.env.TEST_DATABASE_URL)(
    "sends a checkout's request span and its database statements to the collector",
    async () => {
      const customer = await createCustomer(db);
      const farm = await createMerchant(db);
      const product = await createProduct(db, { merchantId: farm.id, unitPriceCents: 450 });
      await createCartItem(db, { memberId: customer.id, productId: product.id, qty: 2 });
      const token = await encodeSessionToken({
        memberId: customer.id,
        sessionVersion: customer.sessionVersion,
        signedInAt: nowSeconds(),
      });
      const res = await placeInPersonOrder(
        new Request("http://localhost:3000/api/checkout/inPerson", {
          method: "POST",
          headers: {
            origin: "http://localhost:3000",
            "content-type": "application/json",
            cookie: `_token=${token}`,
          },
          body: JSON.stringify({
            checkoutKey: randomUUID(),
            delivery: {
              deliveryDestination: "store",
              firstName: "Sam",
              lastName: "Lee",
              email: "sam@example.com",
              phone: "9055550101",
            },
            items: [{ pKey: product.pKey, qty: 2 }],
          }),
        }),
        { params: Promise.resolve({}) },
      );
      expect(res.status).toBe(201);
      const requestId = res.headers.get("x-request-id");
      expect(requestId).toBeTruthy();
      await tracing.flush();

      const spans = () =>
        collector.exports.flatMap((e) =>
          e.resourceSpans.flatMap((r) =>
            r.scopeSpans.flatMap((s) => s.spans.map((span) => ({ ...span, resource: r.resource }))),
          ),
        );
      const requestSpan = () =>
        spans().find((s) => attribute(s, "marketplace.request_id") === requestId);
      await vi.waitFor(() => expect(requestSpan()).toBeDefined(), { timeout: 10_000 });

      const request = requestSpan()!;
      expect(collector.paths).toContain("POST /v1/traces application/json");
      expect(request).toMatchObject({
        name: "POST /api/checkout/inPerson",
        kind: SPAN_KIND_SERVER,
      });
      expect(attribute(request, "http.route")).toBe("/api/checkout/inPerson");
      expect(Number(attribute(request, "http.response.status_code"))).toBe(201);
      expect(attribute(request.resource, "service.name")).toBe("marketplace");

      // The statements the checkout ran, each a child in the request's trace.
      const inTrace = spans().filter((s) => s.traceId === request.traceId);
      const byId = new Map(inTrace.map((s) => [s.spanId, s]));
      const statements = inTrace.filter((s) => s.kind === SPAN_KIND_CLIENT);
      expect(statements.length).toBeGreaterThanOrEqual(3);
      const operations = new Set(statements.map((s) => attribute(s, "db.operation.name")));
      expect(operations).toContain("SELECT");
      expect(operations).toContain("INSERT");
      for (const statement of statements) {
        expect(attribute(statement, "db.system.name")).toBe("postgresql");
        let parent = byId.get(statement.parentSpanId ?? "");
        while (parent && parent.spanId !== request.spanId)
          parent = byId.get(parent.parentSpanId ?? "");
        expect(parent?.spanId).toBe(request.spanId);
      }
      // The values travel as parameters: the customer's details are in no span.
      expect(JSON.stringify(inTrace)).not.toContain("sam@example.com");
    },
  );

  it("makes no span for a statement outside any request", async () => {
    const before = collector.exports.length;
    await createCustomer(db);
    await tracing.flush();
    expect(collector.exports.length).toBe(before);
  });

  it("is off again after shutdown: route() and the database go on without it", async () => {
    expect(tracingHooks()).toBeDefined();
    const running = tracing;
    await running.shutdown();
    expect(tracingHooks()).toBeUndefined();
    tracing = startTracing(); // for afterAll, which shuts down what runs
  });
});
