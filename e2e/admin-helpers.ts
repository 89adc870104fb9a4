import { expect, type Page } from "@playwright/test";
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

/**
 * Signs the page in as the demo admin through the public API (page.request shares the browser's
 * cookies), so each admin journey starts on its page without driving the login form. The admin has
 * two-step sign-in: the code comes from the seeded secret.
 */
export async function signInAsAdmin(page: Page): Promise<void> {
  let status = 0;
  let text = "";
  for (let attempt = 0; attempt < 4; attempt++) {
    const code = await nextAdminCode(page);
    const response = await page.request.post("/api/users/login", { data: { ...ADMIN, code } });
    status = response.status();
    text = await response.text();
    if (status === 200) return;
  }
  expect(status, text).toBe(200);
}
