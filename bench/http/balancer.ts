/**
 * The balancer of the compose shape (deploy/haproxy.cfg, decision 0031), run by the bench in
 * front of its one `next start`: the same file, with the bench's listening address and its app
 * in place of the Docker-only parts (the DNS resolver and the replicas' template).
 */
import { readFileSync } from "node:fs";
import path from "node:path";

export const BALANCER_CONFIG = path.join(process.cwd(), "deploy", "haproxy.cfg");

/** deploy/haproxy.cfg's text for one app at `upstream` (host:port), listening on 127.0.0.1:`port`. */
export function balancerConfig(
  text: string,
  { port, upstream }: { port: number; upstream: string },
) {
  const lines = text.split("\n");
  const kept: string[] = [];
  let skipped = false;
  for (const line of lines) {
    // Docker's resolver, and the caching proxy's own frontend (the bench starts Varnish apart).
    if (/^\S/.test(line)) skipped = /^(resolvers|frontend from-cache)(\s|$)/.test(line);
    if (skipped) continue;
    kept.push(
      line
        .replace(/^(\s+)bind\s+\S+/, `$1bind 127.0.0.1:${port}`)
        .replace(
          /^(\s+)server-template\s+(\S+)\s+\d+\s+\S+\s+(.*?)\s*resolvers\s+\S+\s+init-addr\s+\S+(.*)$/,
          `$1server $21 ${upstream} $3$4`,
        ),
    );
  }
  const config = kept.join("\n");
  if (/server-template|resolvers/.test(config) || !config.includes(upstream))
    throw new Error(`${BALANCER_CONFIG} changed shape: the bench cannot place its app in it`);
  return config;
}

export const readBalancerConfig = (options: { port: number; upstream: string }) =>
  balancerConfig(readFileSync(BALANCER_CONFIG, "utf8"), options);
