import { readFileSync } from "node:fs";

/**
 * Waits for the card server (scripts/e2e-card-server.mjs). Playwright starts its webServer entries
 * one after another and waits for each, so the card server's database, seed and `next start` used
 * to begin only once the embedded server had migrated and seeded its own: about a minute in a row
 * on a 2-core machine. Now it is started first without a URL to wait for (playwright.config.ts),
 * prepares while the other servers start, and is waited for here (decision 0045).
 */
export default async function globalSetup() {
  const url = `${process.env.E2E_CARD_URL}/api/health`;
  const pidFile = process.env.E2E_CARD_PIDFILE!;
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (await answers(url)) return;
    // The wrapper writes its pid first thing; once it has, a wrapper that is gone failed to start
    // (its own stderr above says why): fail now rather than at the deadline.
    const pid = readPid(pidFile);
    if (pid !== null && !alive(pid))
      throw new Error(
        `the card server (scripts/e2e-card-server.mjs) stopped before ${url} answered`,
      );
    if (Date.now() > deadline) throw new Error(`timed out waiting 600 s for ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(5_000) })).ok;
  } catch {
    return false;
  }
}

function readPid(file: string): number | null {
  try {
    return Number(readFileSync(file, "utf8").trim()) || null;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
