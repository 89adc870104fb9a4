import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "@/server/db/client";
import { createMerchant, createProduct } from "@/server/db/seed/factories";
import { closeTestDb, createRouteTestDb } from "@/tests/db";

const env = vi.hoisted(() => ({
  CACHE_PROXY_PURGE_URL: undefined as string[] | undefined,
  CACHE_PROXY_PURGE_SECRET: undefined as string | undefined,
}));
vi.mock("@/server/env", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/server/env")>();
  return { ...actual, getEnv: () => ({ ...actual.getEnv(), ...env }) };
});

const { purgeCacheProxy } = await import("./purge-cache-proxy");

/** A proxy's purge listener: what each purge carried. */
let purges: { method?: string; secret?: string; xkey: string[] }[] = [];
let server: http.Server;
let url: string;
let db: Db;

beforeAll(async () => {
  db = await createRouteTestDb();
  server = http.createServer((req, res) => {
    purges.push({
      method: req.method,
      secret: req.headers["x-purge-secret"] as string | undefined,
      xkey: String(req.headers.xkey ?? "").split(" "),
    });
    res.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  server.close();
  await closeTestDb(db);
});
beforeEach(() => {
  purges = [];
  env.CACHE_PROXY_PURGE_URL = [url];
  env.CACHE_PROXY_PURGE_SECRET = "a-purge-secret-of-some-length";
});

const settled = () => vi.waitFor(() => expect(purges.length).toBeGreaterThan(0));

describe("purgeCacheProxy", () => {
  it("sends nothing without a proxy (the embedded demo, the tests)", async () => {
    env.CACHE_PROXY_PURGE_URL = undefined;
    purgeCacheProxy(["product:1"]);
    await new Promise((r) => setTimeout(r, 100));
    expect(purges).toEqual([]);
  });

  it("purges the tags it is given, with the secret, on every proxy", async () => {
    env.CACHE_PROXY_PURGE_URL = [url, url];
    purgeCacheProxy(["product:7", "products", "product:7"]);
    await vi.waitFor(() => expect(purges).toHaveLength(2));
    for (const purge of purges)
      expect(purge).toEqual({
        method: "PURGE",
        secret: "a-purge-secret-of-some-length",
        xkey: ["product:7", "products"],
      });
  });

  it("purges a store's product pages with the store (their pages do not name it)", async () => {
    const farm = await createMerchant(db);
    const other = await createMerchant(db);
    const [a, b] = [
      await createProduct(db, { merchantId: farm.id }),
      await createProduct(db, { merchantId: farm.id }),
    ];
    const elsewhere = await createProduct(db, { merchantId: other.id });
    purgeCacheProxy([`store:${farm.username}`]);
    await settled();
    expect(purges[0]?.xkey.sort()).toEqual(
      [`store:${farm.username}`, `product:${a!.id}`, `product:${b!.id}`].sort(),
    );
    expect(purges[0]?.xkey).not.toContain(`product:${elsewhere.id}`);
  });
});

describe("the proxy's environment", () => {
  const parse = async (vars: Record<string, string>) => {
    const { parseEnvForTest } = await import("@/server/env");
    return () => parseEnvForTest({ NODE_ENV: "test", NEXTAUTH_SECRET: "s".repeat(32), ...vars });
  };

  it("takes several purge listeners, comma-separated, with a secret", async () => {
    const env = (
      await parse({
        CACHE_PROXY_PURGE_URL: "http://cache-a:6081/, http://cache-b:6081/",
        CACHE_PROXY_PURGE_SECRET: "a-purge-secret-of-some-length",
      })
    )();
    expect(env.CACHE_PROXY_PURGE_URL).toEqual(["http://cache-a:6081/", "http://cache-b:6081/"]);
  });

  it.each([
    [{ CACHE_PROXY_PURGE_URL: "http://cache:6081/" }, "CACHE_PROXY_PURGE_SECRET: required"],
    [
      { CACHE_PROXY_PURGE_URL: "http://cache:6081/", CACHE_PROXY_PURGE_SECRET: "short" },
      "at least 16 characters",
    ],
    [{ CACHE_PROXY_PURGE_URL: "cache:6081", CACHE_PROXY_PURGE_SECRET: "x".repeat(16) }, "URL"],
  ])("refuses %o", async (vars, message) => {
    expect(await parse(vars)).toThrow(message);
  });
});
