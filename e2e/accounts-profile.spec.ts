import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { DEMO_PASSWORD, resumeDemoSession, type DemoMember } from "./demo-sessions";
import { registerCustomer, skipMyLocalDialog } from "./fixtures";

// The My Local dialog opens by itself for visitors and new customers; it has its own spec.
test.beforeEach(({ context, baseURL }) => skipMyLocalDialog(context, baseURL!));

// Runs in both projects (desktop-1280 and mobile-375) at once, against the demo members. Nothing
// here ends a session (no password change, no logout), so the two projects never sign each other out
// and they share the run's demo sessions.
const PASSWORD = DEMO_PASSWORD;
const CUSTOMER: DemoMember = "customer";
const MERCHANT: DemoMember = "maple_ridge_farm";

/** Signs the page in as the demo member: the run's session of it (e2e/demo-sessions.ts). */
async function signIn(page: Page, member: DemoMember) {
  await resumeDemoSession(page.context(), member);
}

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

/**
 * Every form control in the page's main region has a name, hidden ones included: a control a
 * scanner or a screen reader can land on reads as what it is for (issue 42, item 15: two unnamed
 * checkboxes sat beside the Checkout Options switches).
 */
async function expectEveryControlNamed(page: Page, label: string) {
  const unnamed = await page.getByRole("main").evaluate((main) =>
    [...main.querySelectorAll("input:not([type=hidden]), select, textarea, button")]
      .filter((control) => {
        const text = (element: Element | null) => element?.textContent?.trim() ?? "";
        const labelledBy = (control.getAttribute("aria-labelledby") ?? "")
          .split(/\s+/)
          .some((id) => id && text(document.getElementById(id)));
        const labels = [...((control as HTMLInputElement).labels ?? [])].some((l) => text(l));
        const own = control.tagName === "BUTTON" ? text(control) : "";
        return !(
          labelledBy ||
          labels ||
          own ||
          control.getAttribute("aria-label")?.trim() ||
          control.getAttribute("title")?.trim()
        );
      })
      .map((control) => control.outerHTML.slice(0, 160)),
  );
  expect(unnamed, `unnamed controls on ${label}`).toEqual([]);
}

test.describe("profile", () => {
  test("a visitor is sent to login and back", async ({ page }) => {
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
  });

  test("the customer fixes a bad phone number and saves the profile", async ({ page }) => {
    await signIn(page, CUSTOMER);
    await page.goto("/profile");
    await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
    await expectSeriousA11yFree(page, "/profile");

    const details = page.getByRole("form", { name: "Profile details" });
    await expect(details.getByLabel("Username")).toHaveValue("demo_customer");
    const phone = details.getByLabel("Phone");
    await phone.fill("555");
    await expect(phone).toHaveValue("(555");
    await details.getByRole("button", { name: "Save Profile" }).click();
    await expect(details.getByText("Invalid Phone Number")).toBeVisible();
    await expect(phone).toHaveAttribute("aria-invalid", "true");

    await phone.fill("4165550100");
    await expect(phone).toHaveValue("(416) 555-0100");
    const postal = details.getByLabel("Postal code");
    await postal.fill("m5h2n2");
    await expect(postal).toHaveValue("M5H 2N2");
    await expect(details.getByLabel("Currency")).toHaveValue("CAD");
    await details.getByRole("button", { name: "Save Profile" }).click();
    await expect(details.getByRole("status")).toHaveText("Your profile has been saved.");
    await expect(details.getByText("Invalid Phone Number")).toHaveCount(0);
  });

  test("a new email needs the current password", async ({ page }) => {
    const customer = await registerCustomer(page.request, "email");
    const login = await page.request.post("/api/users/login", {
      data: { login: customer.username, password: customer.password },
    });
    expect(login.ok()).toBe(true);
    await page.goto("/profile");
    const details = page.getByRole("form", { name: "Profile details" });
    await expect(details.getByLabel("Email")).toHaveValue(customer.email);
    await expect(details.getByLabel("Current password")).toHaveCount(0);

    await details.getByLabel("Email").fill(`moved.${customer.email}`);
    const current = details.getByLabel("Current password");
    await expect(current).toBeVisible();
    await details.getByRole("button", { name: "Save Profile" }).click();
    await expect(
      details.getByText("Enter your current password to change your email."),
    ).toBeVisible();
    await current.fill("Not-the-password-1");
    await details.getByRole("button", { name: "Save Profile" }).click();
    await expect(details.getByText("The current password is incorrect.")).toBeVisible();
    await current.fill(customer.password);
    await details.getByRole("button", { name: "Save Profile" }).click();
    await expect(details.getByRole("status")).toHaveText("Your profile has been saved.");
  });

  test("the customer uploads a profile image", async ({ page }) => {
    await signIn(page, CUSTOMER);
    await page.goto("/profile");
    const png = await sharp({
      create: { width: 240, height: 240, channels: 3, background: "#3d8b4a" },
    })
      .png()
      .toBuffer();
    const picker = page.getByLabel(/^(upload|change) profile image$/i);
    // The picker is disabled until the page hydrates (a file picked earlier would go nowhere).
    await expect(picker).toBeEnabled();
    await picker.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
    await expect(page.getByText("Your profile image has been updated.")).toBeVisible();
    const image = page.getByRole("img", { name: "Profile image of Jordan" });
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute("src", /^\/uploads\/avatar\/[0-9a-f]{32}-sm\.webp$/);
    const box = await image.boundingBox();
    expect(Math.round(box!.width)).toBe(160);

    await page
      .getByLabel(/^(upload|change) profile image$/i)
      .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await expect(page.getByText("Invalid file uploaded.")).toBeVisible();
  });
});

test.describe("settings", () => {
  test("the customer turns a notification off and it stays off after a reload", async ({
    page,
  }, testInfo) => {
    // Each project flips its own type, so the two running at once never undo each other.
    const name = testInfo.project.name.startsWith("mobile") ? "Terms emails" : "Promotion emails";
    await signIn(page, CUSTOMER);
    await page.goto("/settings?section=notifications");
    await expect(page.getByRole("heading", { level: 2, name: "Notifications" })).toBeVisible();
    await expectSeriousA11yFree(page, "/settings?section=notifications");
    await expectEveryControlNamed(page, "/settings?section=notifications");

    const toggle = page.getByRole("switch", { name });
    await expect(toggle).toBeEnabled();
    const before = await toggle.isChecked();
    await toggle.click();
    await expect(page.getByRole("status")).toHaveText(
      `${name} turned ${before ? "off" : "on"}. Saved.`,
    );
    await page.reload();
    await expect(page.getByRole("switch", { name })).toBeChecked({ checked: !before });

    // Put it back for the next run.
    await page.getByRole("switch", { name }).click();
    await expect(page.getByRole("status")).toContainText("Saved.");
  });

  test("the customer sees the password section first and the mismatch message", async ({
    page,
  }) => {
    await signIn(page, CUSTOMER);
    await page.goto("/settings");
    const nav = page.getByRole("navigation", { name: "Settings sections" });
    await expect(nav.getByRole("link", { name: "Password" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(nav.getByRole("link", { name: "Checkout Options" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Subscription" })).toHaveCount(0);
    await expectSeriousA11yFree(page, "/settings");

    const form = page.getByRole("form", { name: "Change password" });
    await form.getByLabel("Current Password").fill(PASSWORD);
    await form.getByRole("button", { name: "Change Password" }).click();
    await expect(form.getByText("New Password is empty.", { exact: true })).toBeVisible();
    await form.getByLabel("New Password", { exact: true }).fill("Brand-new-pass-2026");
    await form.getByLabel("Confirm New Password").fill("Brand-new-pass-2027");
    await form.getByRole("button", { name: "Change Password" }).click();
    await expect(
      form.getByText("New Password and Confirm New Password are mismatching."),
    ).toBeVisible();
  });

  test("the merchant cannot turn off both checkout options", async ({ page }) => {
    await signIn(page, MERCHANT);
    await page.goto("/settings");
    await expect(page.getByRole("heading", { level: 2, name: "Checkout Options" })).toBeVisible();
    await expectSeriousA11yFree(page, "/settings (merchant)");
    await expectEveryControlNamed(page, "/settings (merchant)");

    const card = page.getByRole("switch", { name: "Pay by Card" });
    await expect(card).toBeDisabled();
    await expect(
      page.getByText("Card payments are not configured on this marketplace yet."),
    ).toBeVisible();
    await expect(card).not.toBeChecked();

    const inPerson = page.getByRole("switch", { name: "Pay in Person" });
    await expect(inPerson).toBeEnabled();
    await inPerson.click();
    await expect(inPerson).not.toBeChecked();
    await page.getByRole("button", { name: "Save Checkout Options" }).click();
    await expect(page.getByRole("status")).toHaveText("You need to enable at least one option.");

    await page
      .getByRole("navigation", { name: "Settings sections" })
      .getByRole("link", { name: "Subscription" })
      .click();
    await expect(page.getByRole("heading", { level: 2, name: "Subscription" })).toBeVisible();
    // The demo farm is on the Harvest plan (server/db/seed/demo-farms.ts).
    await expect(page.getByText("Harvest", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Manage" })).toHaveAttribute(
      "href",
      "/subscription/payment/canada/harvest",
    );
    await expect(page.getByRole("link", { name: "View Plans" })).toHaveCount(0);
  });

  test("an idle member is asked 'Are you still on?' and can continue", async ({ page }) => {
    await page.clock.install();
    await signIn(page, MERCHANT);
    await page.goto("/settings?section=password");
    await expect(page.getByRole("heading", { level: 2, name: "Password" })).toBeVisible();
    // The shell learns who is signed in from its viewer call, then loads the timer: wait for both.
    await expect(
      page.getByRole("contentinfo").getByRole("button", { name: "Logout" }),
    ).toBeVisible();
    await page.waitForLoadState("networkidle");
    await page.clock.fastForward("03:01");
    const dialog = page.getByRole("alertdialog", { name: "Are you still on?" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("timer")).toHaveText(/^(1:00|0:5\d)$/);
    await page.clock.fastForward("00:10");
    await expect(dialog.getByRole("timer")).toHaveText(/^0:[45]\d$/);
    await dialog.getByRole("button", { name: "Continue" }).click();
    await expect(dialog).toBeHidden();
  });
});
