import { expect, type APIRequestContext, type BrowserContext } from "@playwright/test";

export const TEST_PASSWORD = "Orchard-Gate-2026!";

/**
 * Registers a fresh customer through the public API. Tests that change an account (password,
 * sessions) use their own, so parallel specs signed in as the demo accounts are never disturbed.
 */
export async function registerCustomer(request: APIRequestContext, prefix: string) {
  const username = `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = `${username}@example.com`;
  const answer = await request.post("/api/users/register", {
    data: {
      username,
      firstName: "Robin",
      lastName: "Ash",
      phone: "(416) 555-0177",
      country: "CA",
      email,
      password: TEST_PASSWORD,
      cPassword: TEST_PASSWORD,
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return { username, email, password: TEST_PASSWORD };
}

/**
 * The My Local dialog opens by itself for visitors and for customers without a saved location
 * (spec part 1 section 4). A test about something else sets the cookie the dialog leaves when a
 * viewer closes it, so it stays shut: `test.beforeEach(({ context, baseURL }) => skipMyLocalDialog(context, baseURL!))`.
 */
export async function skipMyLocalDialog(context: BrowserContext, baseURL: string) {
  await context.addCookies([{ name: "loc_dialog_dismissed", value: "1", url: baseURL }]);
}
