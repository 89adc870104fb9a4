import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readBalancerConfig } from "./balancer";

describe("the bench's copy of deploy/haproxy.cfg", () => {
  const config = readBalancerConfig({ port: 3903, upstream: "127.0.0.1:3900" });

  it("listens where the bench asks and sends to its one app, with the deployed limits", () => {
    expect(config).toContain("bind 127.0.0.1:3903");
    expect(config).toMatch(/backend pages[\s\S]*server app1 127\.0\.0\.1:3900 check maxconn 4\n/);
    // The fail-open copy of the app, used only when no replica is ready.
    expect(config).toMatch(/backend pages[\s\S]*server any1 127\.0\.0\.1:3900 backup maxconn 4\n/);
    expect(config).toMatch(/backend live\n\s+server app1 127\.0\.0\.1:3900 check\s*(\n|$)/);
  });

  it("keeps nothing that needs Docker, nor the caching proxy's frontend (the bench starts its own)", () => {
    expect(config).not.toMatch(/resolvers|server-template|127\.0\.0\.11|app:3000/);
    expect(config).not.toContain("from-cache");
    expect(config.match(/^\s+bind /gm)).toHaveLength(1);
  });

  it("keeps the queue, the health check and the streams' own backend", () => {
    for (const line of [
      "timeout queue 30s",
      "option httpchk GET /api/ready",
      "option allbackups",
      "http-request set-header X-Request-Id %[unique-id]",
      "use_backend live if { path_beg /api/messages/stream }",
    ])
      expect(config).toContain(line);
  });
});

const hasHaproxy = spawnSync("haproxy", ["-v"], { stdio: "ignore" }).status === 0;
if (!hasHaproxy) console.warn("no haproxy on the PATH: the balancer's round trips are skipped");

/** The upstream: a page streamed in two parts, a live stream, and what each request asked for. */
function startUpstream() {
  const asked: http.IncomingHttpHeaders[] = [];
  const server = http.createServer((req, res) => {
    // The balancer's health checks are not what a test asked.
    if (req.url === "/api/ready") return res.end("ok");
    asked.push(req.headers);
    if (req.url === "/api/messages/stream") {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("data: first\n\n");
      setTimeout(() => res.end("data: last\n\n"), 500);
      return;
    }
    // The shell at once, the rest half a second later, as a page with a dynamic part streams.
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.write(`<main>${"<p>shell</p>".repeat(500)}`);
    setTimeout(() => res.end("<p>the rest</p></main>"), 500);
  });
  return new Promise<{ server: http.Server; port: number; asked: typeof asked }>((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, port: (server.address() as AddressInfo).port, asked }),
    ),
  );
}

/** Milliseconds until the first part of the body arrives, and the whole answer. */
function firstPart(url: string, headers: Record<string, string>) {
  const started = performance.now();
  return new Promise<{ ms: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers, agent: false }, (res) => {
          let ms = Number.NaN;
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => {
            if (chunks.length === 0) ms = performance.now() - started;
            chunks.push(chunk);
          });
          res.on("end", () => resolve({ ms, headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    },
  );
}

describe.runIf(hasHaproxy)("HAProxy with deploy/haproxy.cfg", () => {
  let upstream: Awaited<ReturnType<typeof startUpstream>>;
  let haproxy: ChildProcess;
  let origin: string;

  beforeAll(async () => {
    upstream = await startUpstream();
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, "127.0.0.1", () => {
        const { port: free } = probe.address() as AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const file = path.join(mkdtempSync(path.join(tmpdir(), "balancer-test-")), "haproxy.cfg");
    writeFileSync(file, readBalancerConfig({ port, upstream: `127.0.0.1:${upstream.port}` }));
    haproxy = spawn("haproxy", ["-db", "-f", file], { stdio: "ignore" });
    origin = `http://127.0.0.1:${port}`;
    for (let tries = 0; ; tries++) {
      const up = await fetch(`${origin}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (up) break;
      if (tries > 100) throw new Error("haproxy did not start");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  afterAll(() => {
    haproxy?.kill();
    upstream?.server.close();
  });

  it("compresses a page itself and the replica is never asked to", async () => {
    upstream.asked.length = 0;
    const page = await firstPart(`${origin}/`, { "accept-encoding": "gzip, deflate, br" });
    expect(page.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(page.body).toString()).toContain("<p>the rest</p></main>");
    expect(upstream.asked.at(-1)?.["accept-encoding"]).toBeUndefined();
  });

  it("passes a streamed page's shell and a live message on before the rest comes", async () => {
    // Without `option http-no-delay` every first part waited about 200 ms; the rest comes after
    // 500 ms. The quickest of three, so one slow turn of a busy machine does not decide it.
    for (const [url, headers] of [
      [`${origin}/`, { "accept-encoding": "gzip" }],
      [`${origin}/`, {}],
      [`${origin}/api/messages/stream`, {}],
    ] as const) {
      const times = await Promise.all(
        [1, 2, 3].map(async () => (await firstPart(url, headers)).ms),
      );
      expect(Math.min(...times), `${url} ${JSON.stringify(headers)}`).toBeLessThan(100);
    }
  });

  it("leaves a live stream uncompressed", async () => {
    const stream = await firstPart(`${origin}/api/messages/stream`, { "accept-encoding": "gzip" });
    expect(stream.headers["content-encoding"]).toBeUndefined();
    expect(stream.body.toString()).toBe("data: first\n\ndata: last\n\n");
  });

  it("gives each request an id of its own, never the client's X-Request-Id", async () => {
    upstream.asked.length = 0;
    const answers = [
      await firstPart(`${origin}/`, { "x-request-id": "sk_live_0123456789abcdef" }),
      await firstPart(`${origin}/`, {}),
    ];
    const ids = upstream.asked.map((headers) => headers["x-request-id"]);
    expect(ids).toHaveLength(2);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
    // Every answer carries the id the replica was given, whatever the replica answered.
    expect(answers.map((answer) => answer.headers["x-request-id"])).toEqual(ids);
  });
});
