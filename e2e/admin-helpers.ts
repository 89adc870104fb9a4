import { expect, type Page } from "@playwright/test";
import { DEMO_ADMIN_TOTP_SECRET, currentStep, totpCode } from "../tests/totp";

/** The demo seed's admin (server/db/seed/seed-demo.ts). Admins are never made by registration. */
export const ADMIN = { login: "admin", password: "Harvest2026!" } as const;

/**
 * Signs the page in as the demo admin through the public API (page.request shares the browser's
 * cookies), so each admin journey starts on its page without driving the login form. The admin has
 * two-step sign-in (decision 0053): the code comes from the seeded secret, as an app computes it.
 * The server takes each 30-second step once and accepts the next one early, so a journey that
 * meets a step another worker just used takes the next step's code.
 */
export async function signInAsAdmin(page: Page): Promise<void> {
  let step = currentStep() - 1;
  let status = 0;
  let text = "";
  for (let attempt = 0; attempt < 4; attempt++) {
    step = Math.max(currentStep(), step + 1);
    // Two steps ahead of the clock is more than the server accepts: wait for the app's next code.
    if (step > currentStep() + 1) await page.waitForTimeout((step - 1) * 30_000 - Date.now() + 50);
    const code = await totpCode(DEMO_ADMIN_TOTP_SECRET, step);
    const response = await page.request.post("/api/users/login", { data: { ...ADMIN, code } });
    status = response.status();
    text = await response.text();
    if (status === 200) return;
  }
  expect(status, text).toBe(200);
}
