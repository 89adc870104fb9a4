/** Percentiles and timing loops shared by the scenarios. */

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export interface Timing {
  p50: number;
  p95: number;
  mean: number;
  n: number;
}

export function summarize(samples: readonly number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    mean: sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length),
    n: sorted.length,
  };
}

export interface LoopOptions {
  warmup?: number;
  iterations?: number;
  /** Stop early after this long (the sample count is then smaller). */
  maxMs?: number;
}

/**
 * Times `fn` sequentially: `warmup` untimed calls, then up to `iterations` timed ones. `fn` gets
 * the iteration number, so a scenario can rotate over inputs (different products, radii...).
 */
export async function timeLoop(
  fn: (i: number) => Promise<unknown>,
  { warmup = 20, iterations = 300, maxMs = 4_000 }: LoopOptions = {},
): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn(i);
  const samples: number[] = [];
  const started = performance.now();
  for (let i = 0; i < iterations; i++) {
    const t = performance.now();
    await fn(i);
    samples.push(performance.now() - t);
    if (performance.now() - started > maxMs && samples.length >= 30) break;
  }
  return summarize(samples);
}

export const round = (x: number, digits = 2): number => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};
