import { expect, type Page } from "@playwright/test";

/** The demo seed's admin (server/db/seed/seed-demo.ts). Admins are never made by registration. */
export const ADMIN = { login: "admin", password: "Harvest2026!" } as const;

/**
 * Signs the page in as the demo admin through the public API (page.request shares the browser's
 * cookies), so each admin journey starts on its page without driving the login form.
 */
export async function signInAsAdmin(page: Page): Promise<void> {
  const response = await page.request.post("/api/users/login", { data: ADMIN });
  expect(response.status(), await response.text()).toBe(200);
}
