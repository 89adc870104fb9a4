import { expect, test, type Locator, type Page } from "@playwright/test";
import { currentStep, totpCode } from "../tests/totp";
import { ADMIN, nextAdminCode } from "./admin-helpers";
import { registerCustomer, skipMyLocalDialog } from "./fixtures";

// Two-step sign-in (issue 43 item 6, decision 0053), at both widths: the demo admin cannot reach
// an admin page on the password alone, and a customer turns it on in Settings and signs in with a
// recovery code. The step-up of the sensitive admin calls is tested at the route level
// (app/api/users/second-factor.route.test.ts): in a journey it would spend another of the one demo
// admin's codes, which every admin journey shares. Codes come from the secret, as an
// authenticator app computes them.

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
 * Types the demo admin's next code into `form`, submits it with `button` and reads the answer of
 * `call`: a step another journey has just taken (422, "That code was just used") is followed by
 * the next one. The answer decides, not the page: the last attempt's message stays on screen until
 * the next answer comes.
 */
async function enterAdminCode(
  page: Page,
  form: Locator,
  { button, call }: { button: string; call: string },
) {
  for (let attempt = 0; attempt < 4; attempt++) {
    await form.getByLabel("Authentication code").fill(await nextAdminCode(page));
    const [answer] = await Promise.all([
      page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === call && response.request().method() === "POST",
      ),
      form.getByRole("button", { name: button }).click(),
    ]);
    if (answer.status() === 200) return;
    const { message } = (await answer.json()) as { message?: string };
    expect(message, `${call} answered ${answer.status()}`).toMatch(/^That code was just used/);
  }
  throw new Error("the admin's codes were all taken");
}

test("the admin reaches the admin tools only after the second factor", async ({ page }) => {
  // The one demo admin has one code per 30 seconds for every journey: this one may wait for it.
  test.slow();
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
  await enterAdminCode(page, form, { button: "Verify", call: "/api/users/login/secondFactor" });
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));

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
