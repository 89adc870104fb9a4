import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Removes the run's scratch database (playwright.config.ts makes one per run) so runs do not pile
 * up PGlite directories in /tmp. `E2E_KEEP_DATA=1` keeps it for a look after a failure.
 */
export default function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir || process.env.E2E_KEEP_DATA === "1") return;
  // Only ever a directory this config created.
  if (path.dirname(dir) !== tmpdir() || !path.basename(dir).startsWith("e2e-pglite-")) return;
  rmSync(dir, { recursive: true, force: true });
}
