import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

/**
 * End-to-end suite: builds and starts the app on port 3100 against a fresh PGlite directory and
 * drives Debian's Chromium (never a downloaded browser). The server runs under
 * scripts/e2e-server.mjs, which restarts it when it stops answering (decision 0012).
 * `E2E_SKIP_BUILD=1` reuses the last build (CI builds in its own step first).
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_URL = `http://127.0.0.1:${PORT}`;

// The config is loaded again in each worker; the first load picks the directory and the workers
// inherit it through the environment, so one run uses one fresh database. The database sits one
// level down because the embedded auth secret is written beside it.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "e2e-pglite-"));
const DATA_DIR = process.env.E2E_DATA_DIR;

// `next start` under a watchdog that restarts it if the embedded database hangs (decision 0012).
const start = `node scripts/e2e-server.mjs ${PORT}`;

export default defineConfig({
  testDir: "./e2e",
  globalTeardown: "./e2e/global-teardown.ts",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: "list",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "desktop-1280", use: { viewport: { width: 1280, height: 900 } } },
    {
      name: "mobile-375",
      use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
    },
  ],
  webServer: {
    command: process.env.E2E_SKIP_BUILD === "1" ? start : `npm run build && ${start}`,
    // The database, not a page: pages can answer from the prerendered cache before the demo is seeded.
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PGLITE_DIR: path.join(DATA_DIR, "pglite"),
      UPLOADS_DIR: path.join(DATA_DIR, "uploads"),
      NEXT_TELEMETRY_DISABLED: "1",
      APP_URL: BASE_URL,
    },
  },
});
