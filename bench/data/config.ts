import path from "node:path";

/** The PostgreSQL server the datasets live on (no database in the path). */
export const DEFAULT_SERVER = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432";

export function defaultDatabase(size: string): string {
  return `bench_${size.toLowerCase()}`;
}

export function defaultPgliteDir(size: string): string {
  return path.join(process.cwd(), ".data", "bench", `pglite-${size.toLowerCase()}`);
}
