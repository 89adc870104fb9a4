import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signInAsAdmin } from "./admin-helpers";
import { registerCustomer, skipMyLocalDialog } from "./fixtures";

// The operators' Money page (decision 0037) on the main server, at 1280 and 375 px. That server has
// no Stripe keys, so no money issue is ever raised on it: the page says nothing needs the operator.
// (Raising one takes the card server's Stripe fake; the service tests cover the issues' actions.)

test.beforeEach(({ context, baseURL }) => skipMyLocalDialog(context, baseURL!));

async function expectSeriousA11yFree(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  const blocking = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
  expect(blocking, "accessibility on /adminMoney").toEqual([]);
}

test("an operator opens the Money page and reads that nothing needs them", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/adminMoney");
  await expect(page).toHaveTitle(/Money/);
  await expect(page.getByRole("heading", { level: 1, name: "Money" })).toBeVisible();
  await expect(
    page.getByText(
      "Money the marketplace could not settle by itself: each item says what happened and what settles it.",
    ),
  ).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Open issues (0)" })).toBeVisible();
  await expect(
    page.getByText("Nothing needs you: every payment, refund and payout is settled."),
  ).toBeVisible();
  await expect(
    page.getByText("Card payments are not configured here, so nothing is checked with Stripe."),
  ).toBeVisible();
  await expect(
    page.getByRole("button", { name: /^(Retry|Pay the farm|Mark resolved)/ }),
  ).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Older issues" })).toHaveCount(0);

  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  await expectSeriousA11yFree(page);

  // The same list through the API, as the page's calls read it.
  const answer = await page.request.get("/api/admin/money");
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toEqual({
    issues: [],
    nextBefore: null,
    count: 0,
    lastCheck: null,
  });
});

test("a customer who opens the Money page lands on the dashboard, and its calls refuse them", async ({
  page,
}) => {
  const customer = await registerCustomer(page.request, "money_curious");
  const login = await page.request.post("/api/users/login", {
    data: { login: customer.email, password: customer.password },
  });
  expect(login.ok()).toBe(true);
  await page.goto("/adminMoney");
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get("/api/admin/money")).status()).toBe(403);
});
