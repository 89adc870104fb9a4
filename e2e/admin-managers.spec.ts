import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { signInAsAdmin } from "./admin-helpers";
import { registerCustomer, skipMyLocalDialog, TEST_PASSWORD } from "./fixtures";

// The Members Manager and the Orders Manager as an operator uses them, at 1280 and 375 px. Each test
// makes its own customer (and order), so both projects run at once on one database.

const STRONG = "Operator-Set-2026!";

test.beforeEach(({ context, baseURL }) => skipMyLocalDialog(context, baseURL!));

/** Waits for mail in /dev/mailbox (sent after the answer). */
async function expectInMailbox(page: Page, to: string, text: string) {
  await expect(async () => {
    await page.goto("/dev/mailbox");
    const mail = page.getByRole("row").filter({ hasText: to }).filter({ hasText: text });
    await expect(mail).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

test("an operator finds a member and sets a new password: the old one stops working, the member is mailed", async ({
  page,
  playwright,
  baseURL,
}) => {
  const api = await playwright.request.newContext({ baseURL });
  const member = await registerCustomer(api, "locked_out");
  await signInAsAdmin(page);
  await page.goto("/memberManager");
  await expect(page.getByRole("heading", { level: 1, name: "Members Manager" })).toBeVisible();

  await page.getByLabel("Search members").fill(member.username.toUpperCase());
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("1 member", { exact: true })).toBeVisible();
  await expect(page.getByText(member.email).locator("visible=true")).toBeVisible();

  await page
    .getByRole("button", { name: `Reset password of ${member.username}` })
    .locator("visible=true")
    .click();
  const dialog = page.getByRole("dialog", { name: `Reset the password of ${member.username}` });
  await dialog.getByLabel("New password").fill("short");
  await dialog.getByRole("button", { name: "Set password" }).click();
  await expect(dialog.getByText(/Enter minimum 12 characters/)).toBeVisible();
  await dialog.getByLabel("New password").fill(STRONG);
  await dialog.getByRole("button", { name: "Set password" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status")).toContainText("The password has been updated.");

  const old = await api.post("/api/users/login", {
    data: { login: member.email, password: TEST_PASSWORD },
  });
  expect(old.status()).toBe(401);
  const fresh = await api.post("/api/users/login", {
    data: { login: member.email, password: STRONG },
  });
  expect(fresh.status()).toBe(200);
  await expectInMailbox(page, member.email, "password was changed");

  await page.goto("/adminAudit");
  await expect(page.getByText("Reset a password").first()).toBeVisible();
  await api.dispose();
});

test("an operator finds an order, views it, cancels its line once, and sees why there is nothing to pay", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  // A customer of their own places a pay-in-person order with a demo farm.
  const { viewport, isMobile, hasTouch } = testInfo.project.use;
  const shopper = await browser.newContext({ baseURL, viewport, isMobile, hasTouch });
  await skipMyLocalDialog(shopper, baseURL!);
  const customerPage = await shopper.newPage();
  const customer = await registerCustomer(customerPage.request, "admin_order");
  const login = await customerPage.request.post("/api/users/login", {
    data: { login: customer.email, password: customer.password },
  });
  expect(login.ok()).toBe(true);
  const products = (await (
    await customerPage.request.get("/api/stores/maple_ridge_farm/products")
  ).json()) as {
    products: { id: number; inStock: boolean; currency: string }[];
  };
  const product = products.products.find((p) => p.inStock && p.currency === "CAD")!;
  await customerPage.goto(`/products/${product.id}`);
  await customerPage.getByRole("button", { name: "Add to Cart" }).click();
  await expect(customerPage.getByText("Added to your cart.")).toBeVisible();
  const placed = await customerPage.request.post("/api/checkout/inPerson", {
    headers: { origin: new URL(baseURL!).origin },
    data: {
      checkoutKey: randomUUID(),
      delivery: {
        firstName: "Robin",
        lastName: "Ash",
        email: customer.email,
        phone: "4165550177",
        deliveryDestination: "store",
      },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { orderNo } = (await placed.json()) as { orderNo: string };
  await shopper.close();

  await signInAsAdmin(page);
  await page.goto("/orderManager");
  await page.getByLabel("Search orders").fill("nosuchorderqqq");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("There's no order with that keyword.")).toBeVisible();

  await page.getByLabel("Search orders").fill(orderNo);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("1 order line", { exact: true })).toBeVisible();
  const paidInPerson = page.getByRole("button", { name: "Paid in person" }).locator("visible=true");
  await expect(paidInPerson).toBeDisabled();
  // Why it is disabled is written beside it, for a phone that shows no tooltip (issue 42).
  await expect(paidInPerson).toHaveAccessibleDescription(
    "The customer pays the farm at the handover.",
  );
  await expect(
    page.getByText("The customer pays the farm at the handover.").locator("visible=true"),
  ).toBeVisible();

  await page
    .getByRole("button", { name: new RegExp(`^View order ${orderNo}`) })
    .locator("visible=true")
    .click();
  const details = page.getByRole("dialog", { name: `Order ${orderNo}` });
  await expect(details.getByText(customer.email)).toBeVisible();
  // The handover's state, not the page written for the farm (issue 42).
  await expect(details.getByText("Not handed over yet")).toBeVisible();
  await expect(details.getByRole("link", { name: "Confirmation page" })).toHaveCount(0);
  await details.getByRole("button", { name: "Close" }).click();

  await page
    .getByRole("button", { name: new RegExp(`^Cancel order ${orderNo}`) })
    .locator("visible=true")
    .click();
  const confirm = page.getByRole("dialog", { name: "Cancel this order line?" });
  await confirm.getByRole("button", { name: "Cancel the line" }).click();
  await expect(page.getByRole("status")).toContainText(
    `The line of order ${orderNo} has been cancelled.`,
  );
  await expect(page.getByText("Cancelled").locator("visible=true").first()).toBeVisible();
  await expect(
    page.getByRole("button", { name: new RegExp(`^Cancel order ${orderNo}`) }),
  ).toHaveCount(0);

  await expectInMailbox(page, customer.email, `Your order ${orderNo} is cancelled`);
  await page.goto("/adminAudit");
  await expect(page.getByText("Cancelled an order line").first()).toBeVisible();
  // The line is named, with a link, and its values read as fields (issue 42).
  await expect(
    page.getByRole("link", { name: new RegExp(`^Order ${orderNo} · `) }).first(),
  ).toBeVisible();
  await expect(page.getByText('"active"')).toHaveCount(0);
});

test("a customer who opens an admin page lands on the dashboard", async ({ page, baseURL }) => {
  const customer = await registerCustomer(page.request, "curious");
  await page.request.post("/api/users/login", {
    data: { login: customer.email, password: customer.password },
  });
  for (const path of ["/memberManager", "/orderManager", "/adminAudit"]) {
    await page.goto(path);
    expect(new URL(page.url()).pathname).toBe("/");
  }
  expect(baseURL).toBeTruthy();
});
