/**
 * The result table: one row per scenario metric with its value, the same-run baseline and ratio
 * where there is one, the target from bench/thresholds.json and pass/fail. A metric without a
 * target is shown as "info"; a scenario that could not run because its page or service is missing
 * is a failure ("missing: ...").
 */
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { Missing } from "./missing";

export type Status = "pass" | "fail" | "info" | "missing" | "error" | "not run";

export interface Threshold {
  /** What is compared: the value itself or value / baseline (the same-run ratio). */
  on?: "value" | "ratio";
  max?: number;
  min?: number;
  equals?: number | string | boolean;
  unit?: string;
  note?: string;
}

export interface Row {
  id: string;
  scenario: string;
  metric: string;
  value: number | string | boolean | null;
  unit: string;
  baseline: number | null;
  baselineLabel: string;
  ratio: number | null;
  target: string;
  status: Status;
  note: string;
}

const THRESHOLDS_FILE = path.join(process.cwd(), "bench", "thresholds.json");

export function loadThresholds(file = THRESHOLDS_FILE): Record<string, Threshold> {
  const raw = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  const out: Record<string, Threshold> = {};
  for (const [key, value] of Object.entries(raw))
    if (!key.startsWith("$")) out[key] = value as Threshold;
  return out;
}

function describe(t: Threshold): string {
  const prefix = t.on === "ratio" ? "ratio " : "";
  const unit = t.on === "ratio" ? "" : (t.unit ?? "");
  if (t.equals !== undefined) return `${prefix}= ${String(t.equals)}${unit ? ` ${unit}` : ""}`;
  const parts: string[] = [];
  if (t.min !== undefined) parts.push(`>= ${t.min}${unit ? ` ${unit}` : ""}`);
  if (t.max !== undefined) parts.push(`<= ${t.max}${unit ? ` ${unit}` : ""}`);
  return prefix + parts.join(", ");
}

function fmt(v: number | string | boolean | null): string {
  if (v === null) return "-";
  if (typeof v === "number") {
    if (!Number.isFinite(v)) return String(v);
    const abs = Math.abs(v);
    return abs >= 100 ? v.toFixed(0) : abs >= 10 ? v.toFixed(1) : v.toFixed(2);
  }
  return String(v);
}

function globToRegExp(pattern: string): RegExp {
  return new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`);
}

/** The threshold of `id`: its own key, else the first key with `*` wildcards that matches. */
export function thresholdFor(
  thresholds: Record<string, Threshold>,
  id: string,
): Threshold | undefined {
  if (thresholds[id]) return thresholds[id];
  for (const [key, t] of Object.entries(thresholds))
    if (key.includes("*") && globToRegExp(key).test(id)) return t;
  return undefined;
}

export class Report {
  readonly rows: Row[] = [];
  constructor(readonly thresholds: Record<string, Threshold> = loadThresholds()) {}

  /**
   * Records a measurement. `id` is the key in thresholds.json; `baseline` turns it into a ratio
   * (value / baseline), which is what a threshold with `on: "ratio"` checks.
   */
  add(
    id: string,
    value: number | string | boolean | null,
    opts: {
      unit?: string;
      baseline?: number | null;
      baselineLabel?: string;
      note?: string;
      /** The ratio when it is not value / baseline (e.g. the median of per-round ratios). */
      ratio?: number;
    } = {},
  ): Row {
    const [scenario, ...rest] = id.split(":");
    const t = thresholdFor(this.thresholds, id);
    const baseline = opts.baseline ?? null;
    const ratio =
      opts.ratio ??
      (baseline !== null && typeof value === "number" && baseline !== 0 ? value / baseline : null);
    let status: Status = "info";
    if (t) {
      const compared = t.on === "ratio" ? ratio : value;
      if (compared === null || (typeof compared === "number" && !Number.isFinite(compared)))
        status = "fail";
      else if (t.equals !== undefined) status = compared === t.equals ? "pass" : "fail";
      else if (typeof compared === "number") {
        status =
          (t.min === undefined || compared >= t.min) && (t.max === undefined || compared <= t.max)
            ? "pass"
            : "fail";
      } else status = "fail";
    }
    const row: Row = {
      id,
      scenario: scenario as string,
      metric: rest.join(":"),
      value,
      unit: opts.unit ?? t?.unit ?? "",
      baseline,
      baselineLabel: opts.baselineLabel ?? "",
      ratio,
      target: t ? describe(t) : "",
      status,
      note: opts.note ?? t?.note ?? "",
    };
    this.rows.push(row);
    return row;
  }

  /** A scenario that could not produce its numbers: missing page/service (fail) or an error. */
  failed(id: string, error: unknown): Row {
    const missing = error instanceof Missing;
    const message = missing
      ? error.message
      : error instanceof Error
        ? error.message
        : String(error);
    const [scenario, ...rest] = id.split(":");
    const row: Row = {
      id,
      scenario: scenario as string,
      metric: rest.join(":"),
      value: null,
      unit: "",
      baseline: null,
      baselineLabel: "",
      ratio: null,
      target: thresholdFor(this.thresholds, id)
        ? describe(thresholdFor(this.thresholds, id) as Threshold)
        : "",
      status: missing ? "missing" : "error",
      note: message.split("\n")[0]?.slice(0, 160) ?? "",
    };
    this.rows.push(row);
    return row;
  }

  /** A scenario deliberately not run (e.g. the L dataset is not loaded); shown, not counted as pass. */
  notRun(id: string, reason: string): Row {
    const [scenario, ...rest] = id.split(":");
    const row: Row = {
      id,
      scenario: scenario as string,
      metric: rest.join(":"),
      value: null,
      unit: "",
      baseline: null,
      baselineLabel: "",
      ratio: null,
      target: thresholdFor(this.thresholds, id)
        ? describe(thresholdFor(this.thresholds, id) as Threshold)
        : "",
      status: "not run",
      note: reason,
    };
    this.rows.push(row);
    return row;
  }

  get failures(): Row[] {
    return this.rows.filter(
      (r) => r.status === "fail" || r.status === "missing" || r.status === "error",
    );
  }

  table(): string {
    const header = ["scenario", "metric", "value", "baseline", "ratio", "target", "result"];
    const lines = this.rows.map((r) => [
      r.scenario,
      r.metric,
      `${fmt(r.value)}${r.unit && r.value !== null ? ` ${r.unit}` : ""}`,
      r.baseline === null
        ? ""
        : `${fmt(r.baseline)}${r.baselineLabel ? ` (${r.baselineLabel})` : ""}`,
      r.ratio === null ? "" : r.ratio.toFixed(2),
      r.target,
      r.status === "missing" || r.status === "error" || r.status === "not run"
        ? `${r.status.toUpperCase()}: ${r.note}`
        : r.status.toUpperCase() + (r.note && r.status !== "pass" ? ` (${r.note})` : ""),
    ]);
    const widths = header.map((h, i) =>
      Math.min(60, Math.max(h.length, ...lines.map((l) => (l[i] as string).length))),
    );
    const pad = (cells: string[]) =>
      cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] as number))).join("  ");
    return [pad(header), widths.map((w) => "-".repeat(w)).join("  "), ...lines.map(pad)].join("\n");
  }

  markdown(): string {
    const esc = (s: string) => s.replace(/\|/g, "\\|");
    const out = [
      "| scenario | metric | value | baseline | ratio | target | result | notes |",
      "|---|---|---:|---:|---:|---|---|---|",
    ];
    for (const r of this.rows) {
      out.push(
        `| ${esc(r.scenario)} | ${esc(r.metric)} | ${esc(`${fmt(r.value)}${r.unit && r.value !== null ? ` ${r.unit}` : ""}`)} | ${
          r.baseline === null
            ? ""
            : esc(`${fmt(r.baseline)}${r.baselineLabel ? ` (${r.baselineLabel})` : ""}`)
        } | ${r.ratio === null ? "" : r.ratio.toFixed(2)} | ${esc(r.target)} | ${
          r.status === "pass" || r.status === "info" ? r.status : `**${r.status.toUpperCase()}**`
        } | ${esc(r.note)} |`,
      );
    }
    return out.join("\n");
  }

  save(file: string, extra: Record<string, unknown> = {}): void {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ ...extra, rows: this.rows }, null, 2));
    writeFileSync(file.replace(/\.json$/, ".md"), `${this.markdown()}\n`);
  }
}

/** Runs a scenario body, turning a Missing or any error into failed rows for `ids`. */
export async function guard(
  report: Report,
  ids: string[],
  body: () => Promise<void>,
): Promise<void> {
  try {
    await body();
  } catch (error) {
    // Rows the body already recorded stand; the rest fail with the reason.
    for (const id of ids) if (!report.rows.some((r) => r.id === id)) report.failed(id, error);
    if (!(error instanceof Missing) && process.env.BENCH_DEBUG) console.error(error);
  }
}
