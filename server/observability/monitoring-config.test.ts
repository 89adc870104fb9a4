// The monitoring that docker-compose.yml starts (deploy/prometheus, deploy/grafana) asks for what
// the app serves: the scrape's path and token, and every metric the dashboard draws.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/db/client";
import { closeTestDb, createTestDb } from "@/tests/db";
import { renderMetrics } from "./scrape";

const read = (file: string) => readFileSync(path.join(process.cwd(), file), "utf8");
let db: Db;
let served: Set<string>;

beforeAll(async () => {
  db = await createTestDb();
  // Every series this app can export, as `# TYPE name type` lines (a counter's samples are
  // name_total, a histogram's name_bucket/_sum/_count).
  const { text } = await renderMetrics(db);
  served = new Set(
    [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].flatMap(([, name, type]) =>
      type === "histogram"
        ? [`${name}_bucket`, `${name}_sum`, `${name}_count`]
        : type === "counter" && !name!.endsWith("_total")
          ? [`${name}_total`]
          : [name!],
    ),
  );
});
afterAll(() => closeTestDb(db));

describe("the Grafana dashboard", () => {
  const dashboard = JSON.parse(read("deploy/grafana/dashboards/marketplace.json")) as {
    panels: { title: string; targets: { expr: string }[] }[];
  };
  const exprs = dashboard.panels.flatMap((panel) =>
    panel.targets.map((target) => [panel.title, target.expr] as const),
  );

  it("draws only metrics the app exports", () => {
    const missing = exprs.flatMap(([title, expr]) =>
      [...expr.matchAll(/\b((?:marketplace|nodejs|process)_[a-z0-9_]+)/g)]
        .map(([name]) => name!)
        .filter((name) => !served.has(name))
        .map((name) => `${title}: ${name}`),
    );
    expect(exprs.length).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });

  it("reads its one data source, the compose file's Prometheus", () => {
    expect(read("deploy/grafana/provisioning/datasources/prometheus.yml")).toMatch(
      /uid: prometheus[\s\S]*url: http:\/\/prometheus:9090/,
    );
    expect(read("deploy/grafana/dashboards/marketplace.json")).not.toMatch(
      /"uid": "(?!prometheus"|marketplace")/,
    );
  });
});

describe("Prometheus' scrape", () => {
  const config = read("deploy/prometheus/prometheus.yml");
  const compose = read("docker-compose.yml");

  it("asks every replica's GET /api/metrics with the token the replicas are given", () => {
    expect(config).toMatch(/metrics_path: \/api\/metrics/);
    expect(config).toMatch(/credentials_file: \/etc\/prometheus\/metrics-token/);
    expect(config).toMatch(/names: \["app"\]\s+type: A\s+port: 3000/);
    expect(compose).toMatch(/METRICS_TOKEN: \*metrics-token/);
    expect(compose).toMatch(/source: metrics-token\s+target: \/etc\/prometheus\/metrics-token/);
    expect(compose).toMatch(/metrics-token:\s+content: \*metrics-token/);
  });
});
