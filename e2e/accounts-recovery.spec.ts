import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { registerCustomer, skipMyLocalDialog } from "./fixtures";

// The My Local dialog opens by itself for visitors and new customers; it has its own spec.
test.beforeEach(({ context, baseURL }) => skipMyLocalDialog(context, baseURL!));

// Forgot/reset password, the demo mailbox, the security block and unsubscribe pages.
const DEMO_PASSWORD = "Harvest2026!";
const NEW_PASSWORD = "Parsnips&Pears2026";

async function expectSeriousA11yFree(page: Page, label: string) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  const blocking = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
  expect(blocking, `accessibility on ${label}`).toEqual([]);
}

/** Opens the newest mail with this subject to this address in /dev/mailbox; returns its plain text. */
async function openNewestMail(page: Page, to: string, subject: string): Promise<string> {
  await page.goto("/dev/mailbox");
  const row = page.getByRole("row").filter({ hasText: to }).filter({ hasText: subject }).first();
  await row.getByRole("link", { name: subject }).click();
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  await expect(page.frameLocator("iframe").getByRole("heading", { name: subject })).toBeVisible();
  await page.getByText("Plain-text version").click();
  return page.locator("pre").innerText();
}

function linkIn(text: string, pathPattern: string): string {
  const match = new RegExp(`https?://[^\\s\\]]+${pathPattern}[^\\s\\]]*`).exec(text);
  if (!match) throw new Error(`no ${pathPattern} link in:\n${text}`);
  return new URL(match[0]).pathname + new URL(match[0]).search;
}

async function apiLogin(request: APIRequestContext, login: string, password: string) {
  return request.post("/api/users/login", { data: { login, password } });
}

test.describe("forgot and reset password", () => {
  test("a customer resets the password from the mailed link and signs in with it", async ({
    page,
  }) => {
    // A customer of its own: resetting a demo account's password would sign out parallel specs.
    const customer = await registerCustomer(page.request, "reset");

    await page.goto("/forgotPassword");
    await expect(page.getByRole("heading", { level: 1, name: "Forgot password" })).toBeVisible();
    await expectSeriousA11yFree(page, "/forgotPassword");

    const email = page.getByLabel("Email");
    const submit = page.getByRole("button", { name: "Reset Password" });
    await submit.click();
    await expect(page.getByText("Required Field")).toBeVisible();
    await email.fill("not-an-email");
    await submit.click();
    await expect(page.getByText("Invalid Email")).toBeVisible();

    await email.fill(customer.email);
    await submit.click();
    await expect(page.getByRole("status")).toContainText(
      "The reset password link is sent via email. Please check your email and reset your password. If you don't see the email, please check the spam mailbox.",
    );
    await expect(submit).toBeEnabled();

    const text = await openNewestMail(page, customer.email, "Reset your password");
    await page.goto(linkIn(text, "/resetPassword/"));
    await expect(page.getByRole("heading", { level: 1, name: "Reset password" })).toBeVisible();
    await expectSeriousA11yFree(page, "/resetPassword/{code}");

    const password = page.getByLabel("New Password");
    const confirm = page.getByLabel("Confirm Password");
    const reset = page.getByRole("button", { name: "Reset Password" });
    await password.fill("weakpassword");
    await confirm.fill("weakpassword");
    await reset.click();
    await expect(
      page.getByText(
        "Enter minimum 12 characters with small letter, big letter, numbers, and symbols",
        { exact: true },
      ),
    ).toBeVisible();

    await password.fill(NEW_PASSWORD);
    await confirm.fill(`${NEW_PASSWORD}x`);
    await reset.click();
    await expect(page.getByText("Passwords are not matching.")).toBeVisible();

    await confirm.fill(NEW_PASSWORD);
    await reset.click();
    await expect(page.getByRole("status")).toContainText(
      "The password has been reset successfully. You can log in with the updated password.",
    );
    await expect(reset).toBeEnabled();

    // The link works once.
    await password.fill(NEW_PASSWORD);
    await confirm.fill(NEW_PASSWORD);
    await reset.click();
    const failure = page.getByRole("alert").filter({
      hasText: "Oops. Something went wrong. Please contact the provider team via contact page.",
    });
    await expect(failure).toBeVisible();
    await failure.getByRole("button", { name: "Dismiss" }).click();
    await expect(failure).toBeHidden();

    expect((await apiLogin(page.request, customer.email, customer.password)).status()).toBe(401);
    const signedIn = await apiLogin(page.request, customer.email, NEW_PASSWORD);
    expect(signedIn.status()).toBe(200);

    // Signed in now (the login call set the cookies): the password pages send the member home.
    await page.goto("/forgotPassword");
    await expect(page).toHaveURL(/\/$/);
  });

  test("an unknown email gets the same answer", async ({ page }) => {
    await page.goto("/forgotPassword");
    await page.getByLabel("Email").fill(`nobody-${Date.now()}@example.com`);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("status")).toContainText(
      "The reset password link is sent via email.",
    );
  });
});

test.describe("security block", () => {
  test("the member blocks a new sign-in from the mailed link", async ({
    page,
    playwright,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop-1280", "runs in one project only");
    const login = "maya_chen";
    // A sign-in from a browser the member has never used: a separate client with its own user agent.
    const thief = await playwright.request.newContext({
      baseURL: testInfo.project.use.baseURL,
      userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
    });
    expect((await apiLogin(thief, login, DEMO_PASSWORD)).status()).toBe(200);
    expect((await thief.get("/api/profile")).status()).toBe(200);

    const text = await openNewestMail(
      page,
      "maya_chen@example.com",
      "A new sign-in to your account",
    );
    expect(text).toContain("Firefox 133 on Windows");
    await page.goto(linkIn(text, "/securities/"));
    const table = page.getByRole("table", { name: "The blocked sign-in" });
    await expect(table).toBeVisible();
    await expect(table.getByRole("cell", { name: "Firefox 133 on Windows" })).toBeVisible();
    await expect(table.getByRole("columnheader", { name: "Province/State" })).toBeVisible();
    await expect(page.getByRole("link", { name: "update your password" })).toHaveAttribute(
      "href",
      "/settings?section=password",
    );
    await expectSeriousA11yFree(page, "/securities/{accessId}/block");

    // Every session of the member has ended: the thief's cookie is refused now.
    expect((await thief.get("/api/profile")).status()).toBe(401);
    // Opening the link again answers the same.
    await page.reload();
    await expect(table.getByRole("cell", { name: "Firefox 133 on Windows" })).toBeVisible();
    await thief.dispose();
  });

  test("an unknown access shows the failure", async ({ page }) => {
    await page.goto("/securities/0f8a1e53-77a4-4c7e-8a54-2b2d1c0f9e11/block");
    await expect(
      page
        .getByRole("alert")
        .filter({ hasText: "Oops. Something went wrong. Please try it again." }),
    ).toHaveText("Oops. Something went wrong. Please try it again.");
    await expect(page.getByRole("button", { name: "Try again" })).toBeEnabled();
  });
});

test.describe("unsubscribe", () => {
  /** The signature the server puts in links, from the demo's embedded secret (see server/notifications/sign.ts). */
  function sign(type: string, userKey: string): string {
    const secret = readFileSync(path.join(process.env.E2E_DATA_DIR!, "auth-secret"), "utf8").trim();
    const key = createHmac("sha256", secret).update("notification-links:v1").digest();
    return createHmac("sha256", key).update(`${type}:${userKey}`).digest("base64url");
  }

  test("unsubscribes on load, then subscribes back", async ({ page, playwright }, testInfo) => {
    const client = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    const answer = await apiLogin(client, "fatima_ali", DEMO_PASSWORD);
    expect(answer.status()).toBe(200);
    const { member } = (await answer.json()) as { member: { userKey: string } };
    await client.dispose();

    const type = testInfo.project.name === "desktop-1280" ? "promotion" : "term";
    await page.goto(`/unsubscribe/${type}/${member.userKey}?sig=${sign(type, member.userKey)}`);
    await expect(page.getByRole("heading", { name: "You have been unsubscribed" })).toBeVisible();
    await expectSeriousA11yFree(page, "/unsubscribe/{type}/{userId}");
    await page.getByRole("button", { name: "SUBSCRIBE BACK" }).click();
    await expect(page.getByRole("heading", { name: "Welcome back!" })).toBeVisible();
  });

  test("a forged link changes nothing and says what went wrong", async ({ page }) => {
    await page.goto(
      `/unsubscribe/order/0f8a1e53-77a4-4c7e-8a54-2b2d1c0f9e11?sig=${"A".repeat(43)}`,
    );
    const alert = page.getByRole("alert").filter({ hasText: "Uh oh.. Something went wrong." });
    await expect(
      alert.getByRole("heading", { name: "Uh oh.. Something went wrong." }),
    ).toBeVisible();
    await expect(alert).toContainText("This link is not valid.");
  });
});

test("the demo mailbox lists mail newest first", async ({ page }) => {
  await page.goto("/dev/mailbox");
  await expect(page.getByRole("heading", { level: 1, name: "Mailbox (demo)" })).toBeVisible();
  await expectSeriousA11yFree(page, "/dev/mailbox");
});
