import { describe, expect, it } from "vitest";
import { readBalancerConfig } from "./balancer";

describe("the bench's copy of deploy/haproxy.cfg", () => {
  const config = readBalancerConfig({ port: 3903, upstream: "127.0.0.1:3900" });

  it("listens where the bench asks and sends to its one app, with the deployed limits", () => {
    expect(config).toContain("bind 127.0.0.1:3903");
    expect(config).toMatch(/backend pages[\s\S]*server app1 127\.0\.0\.1:3900 check maxconn 4\n/);
    expect(config).toMatch(/backend live\n\s+server app1 127\.0\.0\.1:3900 check\s*(\n|$)/);
  });

  it("keeps nothing that needs Docker", () => {
    expect(config).not.toMatch(/resolvers|server-template|127\.0\.0\.11|app:3000/);
  });

  it("keeps the queue, the health check and the streams' own backend", () => {
    for (const line of [
      "timeout queue 30s",
      "option httpchk GET /api/health",
      "use_backend live if { path_beg /api/messages/stream }",
    ])
      expect(config).toContain(line);
  });
});
