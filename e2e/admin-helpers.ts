import { expect, type Cookie, type Page } from "@playwright/test";
import { DEMO_ADMIN_TOTP_SECRET, currentStep, totpCode } from "../tests/totp";

/** The demo seed's admin (server/db/seed/seed-demo.ts). Admins are never made by registration. */
export const ADMIN = { login: "admin", password: "Harvest2026!" } as const;

let lastStep = 0;

/**
 * The demo admin's next code, as its authenticator app shows it (decision 0053). The server takes
 * each 30-second step once and accepts the next step early; this worker never offers a step twice,
 * and past the next step it waits for the app's next code. Another worker may have just taken the
 * step: callers try again with the next code.
 */
export async function nextAdminCode(page: Page): Promise<string> {
  const step = Math.max(currentStep(), lastStep + 1);
  if (step > currentStep() + 1) await page.waitForTimeout((step - 1) * 30_000 - Date.now() + 50);
  lastStep = step;
  return totpCode(DEMO_ADMIN_TOTP_SECRET, step);
}

/** Posts `data` plus the admin's next code to `path` until a code is not one just taken. */
async function withAdminCode(page: Page, path: string, data: object = {}): Promise<void> {
  let status = 0;
  let text = "";
  for (let attempt = 0; attempt < 4; attempt++) {
    const code = await nextAdminCode(page);
    const response = await page.request.post(path, { data: { ...data, code } });
    status = response.status();
    text = await response.text();
    if (status === 200) return;
  }
  expect(status, text).toBe(200);
}

/**
 * This worker's admin session on each server (by origin), as a person stays signed in between
 * tasks: a code is a scarce thing (one per 30 seconds for the one demo admin), so each worker signs
 * in once and each journey starts from that session. No journey signs the admin out.
 */
const sessions = new Map<string, { cookies: Cookie[]; checkedAt: number }>();

/** Re-checked before its 15 minutes run out, so a journey's sensitive action is not asked again. */
const FRESH_FOR_MS = 10 * 60_000;

/**
 * Signs the page in as the demo admin with a second factor checked in the last 10 minutes: this
 * worker's session on that server when it has one (confirmed again with a code when older), else
 * a sign-in through the public API with the code from the seeded secret (page.request shares the
 * browser's cookies).
 */
export async function signInAsAdmin(page: Page): Promise<void> {
  const origin = new URL((await page.request.get("/api/health")).url()).origin;
  const kept = sessions.get(origin);
  if (kept) {
    await page.context().addCookies(kept.cookies);
    const status = (await page.request.get("/api/settings/secondFactor")).status();
    if (status === 200 && Date.now() - kept.checkedAt < FRESH_FOR_MS) return;
    if (status === 200) await withAdminCode(page, "/api/users/secondFactor/verify");
    else await withAdminCode(page, "/api/users/login", ADMIN);
  } else {
    await withAdminCode(page, "/api/users/login", ADMIN);
  }
  sessions.set(origin, { cookies: await page.context().cookies(origin), checkedAt: Date.now() });
}
