import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cacheProxyConfig, hasVarnish, startCacheProxy, type CacheProxy } from "./cache-proxy";

describe("the bench's copy of deploy/varnish/default.vcl", () => {
  it("sends to the bench's upstream", () => {
    const text = 'backend default {\n  .host = "proxy";\n  .port = "3001";\n}';
    expect(cacheProxyConfig(text, { upstream: "127.0.0.1:3900" })).toBe(
      'backend default {\n  .host = "127.0.0.1";\n  .port = "3900";\n}',
    );
  });
});

const varnish = hasVarnish();
if (!varnish)
  console.warn(
    "no varnishd on the PATH: the caching proxy's round trips are skipped (apt-get install varnish varnish-modules)",
  );

const SECRET = "a-test-secret-of-32-characters-xx";

/**
 * The upstream, shaped like the app behind the proxy: a product page is everyone's (tagged, with
 * s-maxage) when Varnish says it may store it, and a member's own page otherwise.
 */
function startUpstream() {
  const asked: { url: string; headers: http.IncomingHttpHeaders }[] = [];
  let version = 1;
  const server = http.createServer((req, res) => {
    asked.push({ url: req.url ?? "", headers: req.headers });
    const id = /^\/products\/(\d+)/.exec(req.url ?? "")?.[1];
    if (!id) return res.end("other");
    const member = /_token=([^;]+)/.exec(req.headers.cookie ?? "")?.[1];
    if (member) {
      // What a signed-in member gets: their own page, with their cookie renewed.
      res.writeHead(200, {
        "content-type": "text/html",
        "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
        "set-cookie": `_token=${member}; Path=/; HttpOnly`,
      });
      return res.end(`<p>hello member ${member}</p>`);
    }
    const headers: Record<string, string> = { "content-type": "text/html; charset=utf-8" };
    if (req.headers["x-cache-proxy"] === "1") {
      headers["cache-control"] = "public, max-age=0, s-maxage=3600, stale-while-revalidate=60";
      headers.xkey = `product:${id}`;
    }
    // A page that sets a cookie is someone's, whatever else it says.
    if (id === "66") headers["set-cookie"] = "device=abc; Path=/";
    res.writeHead(200, headers);
    res.end(`<p>product ${id} version ${version}</p>`);
  });
  return new Promise<{
    server: http.Server;
    port: number;
    asked: typeof asked;
    bump(): void;
  }>((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        server,
        port: (server.address() as AddressInfo).port,
        asked,
        bump: () => version++,
      }),
    ),
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

describe.skipIf(!varnish)("the caching proxy in front of an app", () => {
  let upstream: Awaited<ReturnType<typeof startUpstream>>;
  let proxy: CacheProxy;

  beforeAll(async () => {
    upstream = await startUpstream();
    proxy = await startCacheProxy({
      port: await freePort(),
      purgePort: await freePort(),
      upstream: `127.0.0.1:${upstream.port}`,
      secret: SECRET,
    });
  }, 30_000);
  afterAll(async () => {
    await proxy?.stop();
    upstream?.server.close();
  });
  beforeEach(() => {
    upstream.asked.length = 0;
  });

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${proxy.origin}${path}`, { headers });
    return { status: res.status, headers: res.headers, text: await res.text() };
  };
  const purge = (tags: string, headers: Record<string, string>, origin = proxy.purgeOrigin) =>
    fetch(`${origin}/`, { method: "PURGE", headers: { xkey: tags, ...headers } });

  it("keeps a visitor's product page, without their cookies, and answers the next from memory", async () => {
    const first = await get("/products/1", { cookie: "loc_radius=25; device=x" });
    const second = await get("/products/1");
    expect(first.text).toBe("<p>product 1 version 1</p>");
    expect(second.text).toBe(first.text);
    expect(second.headers.get("x-cache")).toBe("hit");
    // The tags are the proxy's; the browser keeps nothing.
    expect(second.headers.get("xkey")).toBeNull();
    expect(second.headers.get("cache-control")).toContain("max-age=0");
    expect(upstream.asked).toHaveLength(1);
    expect(upstream.asked[0]?.headers.cookie).toBeUndefined();
    expect(upstream.asked[0]?.headers["x-cache-proxy"]).toBe("1");
  });

  it("sends it compressed to a browser that asks, and plain to one that does not", async () => {
    await get("/products/2");
    const res = await new Promise<{ encoding?: string; body: Buffer }>((resolve) =>
      http.get(
        `${proxy.origin}/products/2`,
        { headers: { "accept-encoding": "gzip" } },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on("data", (c: Buffer) => chunks.push(c));
          answer.on("end", () =>
            resolve({ encoding: answer.headers["content-encoding"], body: Buffer.concat(chunks) }),
          );
        },
      ),
    );
    expect(res.encoding).toBe("gzip");
    expect(gunzipSync(res.body).toString()).toBe("<p>product 2 version 1</p>");
  });

  it("never stores a member's page nor serves it to someone else", async () => {
    for (const cookie of ["_token=alice", "authenticated=true; _token=alice"]) {
      const member = await get("/products/3", { cookie });
      expect(member.text).toBe("<p>hello member alice</p>");
      expect(member.headers.get("x-cache")).toBe("miss");
    }
    const visitor = await get("/products/3");
    expect(visitor.text).toBe("<p>product 3 version 1</p>");
    expect(visitor.text).not.toContain("alice");
    // Each member request went to the app as it came, cookie and all, not marked storable.
    const members = upstream.asked.filter((a) => a.headers.cookie?.includes("_token"));
    expect(members).toHaveLength(2);
    for (const m of members) expect(m.headers["x-cache-proxy"]).toBeUndefined();
    // A member right after the visitor still gets their own page, not the stored one.
    expect((await get("/products/3", { cookie: "_token=bob" })).text).toContain("member bob");
  });

  it("keeps no answer that sets a cookie, nor anything but a product page, nor what a client marks", async () => {
    await get("/products/66");
    expect((await get("/products/66")).headers.get("x-cache")).toBe("miss");
    await get("/stores/farm", { "x-cache-proxy": "1" });
    await get("/products/4?_rsc=abc", { "x-cache-proxy": "1" });
    await get("/products/4", { rsc: "1" });
    expect(upstream.asked.map((a) => a.url)).toEqual([
      "/products/66",
      "/products/66",
      "/stores/farm",
      "/products/4?_rsc=abc",
      "/products/4",
    ]);
    for (const a of upstream.asked.slice(2)) expect(a.headers["x-cache-proxy"]).toBeUndefined();
  });

  it("forgets a page purged by one of its tags, with the secret, on the purge listener only", async () => {
    await get("/products/5");
    upstream.bump();
    // Refused: no secret, a wrong one, or the public listener.
    expect((await purge("product:5", {})).status).toBe(403);
    expect((await purge("product:5", { "x-purge-secret": "wrong" })).status).toBe(403);
    expect((await purge("product:5", { "x-purge-secret": SECRET }, proxy.origin)).status).toBe(403);
    expect((await get("/products/5")).text).toContain("version 1");
    const ok = await purge("product:4 product:5", { "x-purge-secret": SECRET });
    expect(ok.status).toBe(200);
    expect((await get("/products/5")).text).toContain("version 2");
    // The purge listener serves no pages.
    expect((await fetch(`${proxy.purgeOrigin}/products/5`)).status).toBe(404);
  });
});
