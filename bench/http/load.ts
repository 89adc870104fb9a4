/**
 * HTTP load with autocannon, in the bench process (pinned to core 0 by the suite; the servers run
 * on core 1). p95 comes from every response time (autocannon's own table has no p95).
 * `interleaved` runs variants in rounds A B C / C B A after a warm-up and takes medians of rounds.
 */
import type { EventEmitter } from "node:events";
import autocannon from "autocannon";
import { median, percentile } from "../lib/stats";

export interface LoadTarget {
  label: string;
  origin: string;
  /** Paths taken in turn, one per request. */
  paths: string[];
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  /** Body per path index, for POST. */
  body?: (i: number) => string;
  /** Overrides `paths`: the path of each next request (e.g. never the same product twice). */
  nextPath?: () => string;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Requests that got no answer: socket errors and timeouts (autocannon counts both as errors). */
  errors: number;
  /** Of those, the ones that ran past autocannon's 10 s timeout. */
  timeouts: number;
  /** The errors by their code (ECONNRESET, "request timed out", ...): where they come from. */
  errorKinds: Record<string, number>;
  non2xx: number;
  requests: number;
  bytesPerResponse: number;
  statusCodes: Record<string, number>;
}

export async function runLoad(
  target: LoadTarget,
  { durationS, connections = 10 }: { durationS: number; connections?: number },
): Promise<LoadResult> {
  let next = 0;
  const times: number[] = [];
  const statusCodes: Record<string, number> = {};
  let bytes = 0;
  const url = new URL(target.origin);
  const errorKinds: Record<string, number> = {};
  const instance = autocannon({
    url: url.origin,
    connections,
    duration: durationS,
    method: target.method ?? "GET",
    headers: target.headers ?? {},
    requests: [
      {
        setupRequest: (req: Record<string, unknown>) => {
          const i = next++ % Math.max(1, target.paths.length);
          const pathName = target.nextPath ? target.nextPath() : target.paths[i];
          return { ...req, path: pathName, ...(target.body ? { body: target.body(i) } : {}) };
        },
      },
    ],
  });
  instance.on(
    "response",
    (_client: unknown, statusCode: number, resBytes: number, responseTime: number) => {
      times.push(responseTime);
      statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1;
      bytes += resBytes;
    },
  );
  // Not in autocannon's types, but emitted for every request that gets no answer (lib/run.js).
  (instance as unknown as EventEmitter).on("reqError", (error: Error & { code?: string }) => {
    const kind = error.code ?? error.message;
    errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
  });
  const result = await instance;
  const sorted = times.sort((a, b) => a - b);
  const ok = Object.entries(statusCodes)
    .filter(([code]) => code.startsWith("2"))
    .reduce((s, [, n]) => s + n, 0);
  return {
    rps: times.length / durationS,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    errors: result.errors,
    timeouts: result.timeouts,
    errorKinds,
    non2xx: times.length - ok,
    requests: times.length,
    bytesPerResponse: times.length ? bytes / times.length : 0,
    statusCodes,
  };
}

export interface Interleaved {
  /** Per variant label: each round's result. */
  rounds: Record<string, LoadResult[]>;
  /** Per variant label: median of rounds. */
  median: Record<
    string,
    { rps: number; p50: number; p95: number; errors: number; non2xx: number; bytes: number }
  >;
  /** Median over rounds of (a / b) for req/s and p95, for a pair of labels. */
  ratio(a: string, b: string): { rps: number; p95: number };
}

/** Rounds interleaved A B C / C B A after a warm-up of each variant. */
export async function interleaved(
  variants: LoadTarget[],
  {
    rounds,
    durationS,
    warmupS = 3,
    connections = 10,
    log = (_: string) => {},
  }: {
    rounds: number;
    durationS: number;
    warmupS?: number;
    connections?: number;
    log?: (line: string) => void;
  },
): Promise<Interleaved> {
  for (const v of variants) await runLoad(v, { durationS: warmupS, connections });
  const results: Record<string, LoadResult[]> = Object.fromEntries(
    variants.map((v) => [v.label, []]),
  );
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? variants : [...variants].reverse();
    for (const v of order) {
      const res = await runLoad(v, { durationS, connections });
      (results[v.label] as LoadResult[]).push(res);
      log(
        `    round ${r + 1} ${v.label}: ${res.rps.toFixed(0)} req/s, p95 ${res.p95.toFixed(1)} ms${res.non2xx ? `, ${res.non2xx} non-2xx` : ""}`,
      );
    }
  }
  const med = Object.fromEntries(
    Object.entries(results).map(([label, list]) => [
      label,
      {
        rps: median(list.map((x) => x.rps)),
        p50: median(list.map((x) => x.p50)),
        p95: median(list.map((x) => x.p95)),
        errors: list.reduce((s, x) => s + x.errors, 0),
        non2xx: list.reduce((s, x) => s + x.non2xx, 0),
        bytes: median(list.map((x) => x.bytesPerResponse)),
      },
    ]),
  );
  return {
    rounds: results,
    median: med,
    ratio(a, b) {
      const ra = results[a] ?? [];
      const rb = results[b] ?? [];
      return {
        rps: median(ra.map((x, i) => x.rps / (rb[i]?.rps ?? NaN))),
        p95: median(ra.map((x, i) => x.p95 / (rb[i]?.p95 ?? NaN))),
      };
    },
  };
}
