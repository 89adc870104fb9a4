import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { decode, encode } from "next-auth/jwt";
import { currentStep, totpCode } from "../tests/totp";
import { ADMIN, nextAdminCode, signInAsAdmin } from "./admin-helpers";
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
 * Types the demo admin's next code into `form` and submits it with `button`; a step another journey
 * has just taken is followed by the next one.
 */
async function enterAdminCode(
  page: Page,
  form: Locator,
  button: string,
  done: () => Promise<void>,
) {
  for (let attempt = 0; attempt < 4; attempt++) {
    await form.getByLabel("Authentication code").fill(await nextAdminCode(page));
    await form.getByRole("button", { name: button }).click();
    const outcome = await Promise.race([
      done().then(() => "done" as const),
      form
        .getByText("That code was just used", { exact: false })
        .waitFor({ timeout: 15_000 })
        .then(() => "reused" as const),
    ]);
    if (outcome === "done") return;
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
  await enterAdminCode(page, form, "Verify", () =>
    page.waitForURL((url) => !url.pathname.startsWith("/login"), { timeout: 15_000 }),
  );

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

test("an admin whose code is over 15 minutes old confirms it again before resetting a password", async ({
  page,
  request,
}) => {
  const member = await registerCustomer(request, "stepup");
  await signInAsAdmin(page);
  // The session as it is 20 minutes later: the embedded server's own secret re-signs it.
  const secret = (
    await readFile(path.join(process.env.E2E_DATA_DIR!, "auth-secret"), "utf8")
  ).trim();
  const cookies = await page.context().cookies();
  const token = cookies.find((c) => c.name === "_token")!;
  const claims = (await decode({ token: token.value, secret }))!;
  const past = Math.floor(Date.now() / 1000) - 20 * 60;
  await page
    .context()
    .addCookies([
      { ...token, value: await encode({ token: { ...claims, sat: past, sfa: past }, secret }) },
    ]);

  await page.goto("/memberManager");
  await page.getByLabel("Search members").fill(member.username);
  await page.getByRole("button", { name: "Search" }).click();
  await page
    .getByRole("button", { name: `Reset password of ${member.username}` })
    .first()
    .click();
  await page.getByLabel("New password").fill("Fresh-Orchard-Pass-2026!");
  await page.getByRole("button", { name: "Set password" }).click();
  const stepUp = page.getByRole("dialog", { name: "Confirm it is you" });
  await expect(stepUp).toBeVisible();
  const updated = page.getByText(`${member.username} was signed out everywhere`, { exact: false });
  await enterAdminCode(page, stepUp, "Confirm", () => updated.waitFor({ timeout: 15_000 }));
  await expect(updated).toBeVisible();
});
