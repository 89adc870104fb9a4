/**
 * The caching proxy of the compose shape (deploy/varnish/default.vcl, decision 0055), run by the
 * bench and its test in front of one upstream: the same file, with the bench's upstream in place
 * of the compose backend (HAProxy's cache frontend).
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Missing } from "../lib/missing";

export const CACHE_PROXY_CONFIG = path.join(process.cwd(), "deploy", "varnish", "default.vcl");

/** deploy/varnish/default.vcl's text with its backend at `upstream` (host:port). */
export function cacheProxyConfig(text: string, { upstream }: { upstream: string }): string {
  const [host, port] = upstream.split(":");
  const config = text.replace(
    /(backend default \{[^}]*?\.host = )"[^"]*";(\s*\.port = )"[^"]*";/,
    `$1"${host}";$2"${port}";`,
  );
  if (config === text) throw new Error(`${CACHE_PROXY_CONFIG} changed shape: no backend default`);
  return config;
}

export const hasVarnish = (): boolean =>
  spawnSync("varnishd", ["-V"], { stdio: "ignore" }).status === 0;

export interface CacheProxy {
  origin: string;
  /** Where purges go (the `purge` listener): http://127.0.0.1:<purgePort>. */
  purgeOrigin: string;
  stop(): Promise<void>;
}

/**
 * varnishd in the foreground with the deployed VCL in front of `upstream`, its cache in memory.
 * `cores`: the CPUs it may use (taskset), like the bench's balancer on the load generator's core.
 * Missing when varnishd is not installed (Debian: apt-get install varnish varnish-modules).
 */
export async function startCacheProxy(opts: {
  port: number;
  purgePort: number;
  upstream: string;
  secret: string;
  cores?: string;
}): Promise<CacheProxy> {
  if (!hasVarnish())
    throw new Missing("varnishd on the PATH (Debian: apt-get install varnish varnish-modules)");
  const dir = mkdtempSync(path.join(tmpdir(), "bench-varnish-"));
  const vcl = path.join(dir, "default.vcl");
  writeFileSync(
    vcl,
    cacheProxyConfig(readFileSync(CACHE_PROXY_CONFIG, "utf8"), { upstream: opts.upstream }),
  );
  const args = [
    "-F",
    "-j",
    "none",
    "-n",
    path.join(dir, "instance"),
    "-f",
    vcl,
    "-a",
    `http=127.0.0.1:${opts.port}`,
    "-a",
    `purge=127.0.0.1:${opts.purgePort}`,
    "-T",
    "none",
    "-s",
    "malloc,256m",
    // A page's first visitor waits for its render; anyone asking meanwhile waits for the same one.
    "-p",
    "default_grace=10",
  ];
  const [cmd, argv] =
    opts.cores && spawnSync("taskset", ["-V"], { stdio: "ignore" }).status === 0
      ? ["taskset", ["-c", opts.cores, "varnishd", ...args]]
      : ["varnishd", args];
  let output = "";
  const child = spawn(cmd, argv, {
    env: { ...process.env, CACHE_PROXY_PURGE_SECRET: opts.secret },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr.on("data", (c: Buffer) => (output += c.toString()));
  const origin = `http://127.0.0.1:${opts.port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        rmSync(dir, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once("exit", done);
      child.kill("SIGTERM");
      setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
    });
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`varnishd exited: ${output.slice(-600)}`);
    }
    try {
      // Answered by Varnish itself (the purge listener refuses anything but a purge).
      const res = await fetch(`http://127.0.0.1:${opts.purgePort}/`);
      await res.arrayBuffer();
      break;
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`varnishd did not listen within 20 s: ${output.slice(-600)}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return { origin, purgeOrigin: `http://127.0.0.1:${opts.purgePort}`, stop };
}
