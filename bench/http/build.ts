/**
 * The production build the HTTP scenarios run against: `next build` into .next-bench (its own
 * directory, so it never disturbs .next or anyone's build), with the framework-floor routes of
 * bench/routes copied into app/(bench)/ for the duration of the build only.
 */
import { spawn } from "node:child_process";
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";

export const BENCH_DIST_DIR = ".next-bench";
/** Pages with a framework floor (/bench/floor/<name>), named after the real page they copy. */
export const FLOOR_PAGES = ["product", "store", "dashboard", "search"] as const;

const ROOT = process.cwd();
const FLOOR_SOURCE = path.join(ROOT, "bench", "routes", "floor-page.tsx");
const FLOOR_APP_DIR = path.join(ROOT, "app", "(bench)");

export function buildExists(distDir = BENCH_DIST_DIR): boolean {
  return existsSync(path.join(ROOT, distDir, "BUILD_ID"));
}

/** Whether the build has the framework-floor routes (a build made without them cannot serve baselines). */
export function buildHasFloors(distDir = BENCH_DIST_DIR): boolean {
  const manifest = path.join(ROOT, distDir, "server", "app-paths-manifest.json");
  if (!existsSync(manifest)) return false;
  const routes = Object.keys(JSON.parse(readFileSync(manifest, "utf8")) as Record<string, string>);
  return FLOOR_PAGES.every((name) => routes.some((r) => r.includes(`/bench/floor/${name}/page`)));
}

function installFloors(): void {
  const source = readFileSync(FLOOR_SOURCE, "utf8");
  for (const name of FLOOR_PAGES) {
    const dir = path.join(FLOOR_APP_DIR, "bench", "floor", name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "page.tsx"), source.replace("__NAME__", name));
  }
}

function removeFloors(): void {
  rmSync(FLOOR_APP_DIR, { recursive: true, force: true });
}

/** Builds into `distDir` (a few minutes on 2 cores; the log goes to .data/bench/build<distDir>.log). */
export async function buildApp(distDir = BENCH_DIST_DIR, log = (_: string) => {}): Promise<number> {
  const started = performance.now();
  // Beside the datasets in .data/ (ignored by git): the build directory is replaced by the build.
  mkdirSync(path.join(ROOT, ".data", "bench"), { recursive: true });
  const logFile = path.join(ROOT, ".data", "bench", `build${distDir}.log`);
  // `next build` with a custom distDir adds it to tsconfig.json; put back exactly what was there.
  const tsconfigFile = path.join(ROOT, "tsconfig.json");
  const tsconfig = readFileSync(tsconfigFile, "utf8");
  installFloors();
  try {
    log(`  next build into ${distDir} (log: ${path.relative(ROOT, logFile)})`);
    const out = createWriteStream(logFile);
    const code = await new Promise<number>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [path.join(ROOT, "node_modules", "next", "dist", "bin", "next"), "build"],
        {
          cwd: ROOT,
          env: {
            ...process.env,
            NEXT_DIST_DIR: distDir,
            NEXT_TELEMETRY_DISABLED: "1",
            NODE_ENV: "production",
          },
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      child.stdout.pipe(out);
      child.stderr.pipe(out);
      child.on("error", reject);
      child.on("close", (c) => resolve(c ?? 1));
    });
    if (code !== 0)
      throw new Error(`next build failed (exit ${code}); see ${path.relative(ROOT, logFile)}`);
  } finally {
    removeFloors();
    if (readFileSync(tsconfigFile, "utf8") !== tsconfig) writeFileSync(tsconfigFile, tsconfig);
  }
  return performance.now() - started;
}
