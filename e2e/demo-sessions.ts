import { readFile } from "node:fs/promises";
import path from "node:path";
import type { BrowserContext } from "@playwright/test";

/** The demo seed's password for every demo member (server/db/seed). */
export const DEMO_PASSWORD = "Harvest2026!";

/**
 * Demo members whose sign-in is made once per run, by the `demo-sessions` setup project
 * (e2e/demo-sessions.setup.ts), and reused by every journey that only needs to be signed in as one
 * of them: `test.use({ storageState: demoSession("customer") })`, or
 * `browser.newContext({ storageState: demoSession(farm) })` for a second person. A journey that
 * ends a member's sessions (logout, a password change, a security block) must not use them: it
 * would sign out every journey sharing the session. Those register a member of their own.
 */
export const DEMO_MEMBERS = {
  customer: "customer@example.com",
  maple_ridge_farm: "maple_ridge_farm@example.com",
  holland_marsh_greens: "holland_marsh_greens@example.com",
  king_city_organics: "king_city_organics@example.com",
  guelph_valley_gardens: "guelph_valley_gardens@example.com",
  niagara_fruit_stand: "niagara_fruit_stand@example.com",
  scarborough_urban_garden: "scarborough_urban_garden@example.com",
  caledon_hills_orchard: "caledon_hills_orchard@example.com",
} as const;

export type DemoMember = keyof typeof DEMO_MEMBERS;

/** The storage state file of a demo member's session, in this run's scratch directory. */
export function demoSession(member: DemoMember): string {
  return path.join(process.env.E2E_DATA_DIR!, "sessions", `${member}.json`);
}

/** Signs a context in as a demo member mid-test: its session's cookies join the context's own. */
export async function resumeDemoSession(
  context: BrowserContext,
  member: DemoMember,
): Promise<void> {
  const state = JSON.parse(await readFile(demoSession(member), "utf8")) as {
    cookies: Parameters<BrowserContext["addCookies"]>[0];
  };
  await context.addCookies(state.cookies);
}
