import { expect, test, type Page } from "@playwright/test";
import { DEMO_ADMIN_TOTP_SECRET, currentStep, totpCode } from "../tests/totp";
import { ADMIN } from "./admin-helpers";
import { registerCustomer, skipMyLocalDialog } from "./fixtures";

// Two-step sign-in (issue 43 item 6, decision 0053), at both widths: the demo admin cannot reach
// an admin page on the password alone, and a customer turns it on in Settings and signs in with a
// recovery code. Codes come from the secret, as an authenticator app computes them.

test.beforeEach(({ context, baseURL }) => skipMyLocalDialog(context, baseURL!));

async function passwordStep(page: Page, login: string, password: string) {
  await page.goto("/login");
  const form = page.getByRole("form", { name: "Login" });
  await form.getByLabel("Email or Username").fill(login);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("form", { name: "Two-step sign-in" })).toBeVisible();
}

/**
 * Types the admin's current code; the server takes each 30-second step once, and other journeys
 * sign the demo admin in too, so a step just used elsewhere is followed by the next one.
 */
async function enterAdminCode(page: Page) {
  const form = page.getByRole("form", { name: "Two-step sign-in" });
  let step = currentStep() - 1;
  for (let attempt = 0; attempt < 4; attempt++) {
    step = Math.max(currentStep(), step + 1);
    if (step > currentStep() + 1) await page.waitForTimeout((step - 1) * 30_000 - Date.now() + 50);
    await form.getByLabel("Authentication code").fill(await totpCode(DEMO_ADMIN_TOTP_SECRET, step));
    await form.getByRole("button", { name: "Verify" }).click();
    const outcome = await Promise.race([
      page
        .waitForURL((url) => !url.pathname.startsWith("/login"), { timeout: 15_000 })
        .then(() => "signed-in" as const),
      form
        .getByText("That code was just used", { exact: false })
        .waitFor({ timeout: 15_000 })
        .then(() => "reused" as const),
    ]);
    if (outcome === "signed-in") return;
  }
  throw new Error("the admin's codes were all taken");
}

test("the admin reaches the admin tools only after the second factor", async ({ page }) => {
  await passwordStep(page, ADMIN.login, ADMIN.password);
  // The password alone made no session: an admin page sends the visitor to the dashboard.
  await page.goto("/memberManager");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Members Manager" })).toHaveCount(0);

  await passwordStep(page, ADMIN.login, ADMIN.password);
  const form = page.getByRole("form", { name: "Two-step sign-in" });
  await form.getByLabel("Authentication code").fill("000000");
  await form.getByRole("button", { name: "Verify" }).click();
  await expect(form.getByText("That code is not right.", { exact: false })).toBeVisible();
  await enterAdminCode(page);

  await page.goto("/memberManager");
  await expect(page).toHaveURL(/\/memberManager$/);
  await expect(page.getByLabel("Search members")).toBeVisible();
});

test("a customer turns on two-step sign-in and signs in with a recovery code", async ({
  page,
  request,
}) => {
  const customer = await registerCustomer(request, "twostep");
  await passwordStepless(page, customer.email, customer.password);

  await page.goto("/settings?section=security");
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  const setup = page.getByRole("form", { name: "Turn on two-step sign-in" });
  await expect(setup.getByRole("img", { name: /QR code/ })).toBeVisible();
  const secret = await setup.getByLabel("Key for typing into the app").inputValue();
  const recovery = await setup
    .getByRole("list", { name: "Recovery codes" })
    .getByRole("listitem")
    .allTextContents();
  expect(recovery).toHaveLength(10);
  await setup.getByLabel("Authentication code").fill(await totpCode(secret, currentStep()));
  await setup.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("Two-step sign-in is on. 10 recovery codes are left.")).toBeVisible();

  // This session passed the new factor and stays; a new sign-in asks for a code.
  await page.context().clearCookies();
  await skipMyLocalDialog(page.context(), page.url());
  await passwordStep(page, customer.email, customer.password);
  const form = page.getByRole("form", { name: "Two-step sign-in" });
  await form.getByLabel("Authentication code").fill(recovery[0]!);
  await form.getByRole("button", { name: "Verify" }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto("/settings?section=security");
  await expect(page.getByText("Two-step sign-in is on. 9 recovery codes are left.")).toBeVisible();
});

/** A member without a second factor: the password signs them in. */
async function passwordStepless(page: Page, login: string, password: string) {
  await page.goto("/login");
  const form = page.getByRole("form", { name: "Login" });
  await form.getByLabel("Email or Username").fill(login);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Login" }).click();
  await expect(page).not.toHaveURL(/\/login/);
}
