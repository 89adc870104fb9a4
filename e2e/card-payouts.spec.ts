import { expect, test, type Browser, type TestInfo } from "@playwright/test";
import {
  addToCart,
  expectConfirmation,
  goToPayment,
  newCustomer,
  signIn,
  typeCard,
  withCardDatabase,
} from "./card-helpers";
import { signInAsAdmin } from "./admin-helpers";
import { skipMyLocalDialog } from "./fixtures";
import { STRIPE_FAKE_URL, routeStripe } from "./stripe-routes";

// A farm connects its payout account through Stripe's onboarding (the fake's stand-in page), a
// customer pays by card, an operator pays the farm from the Orders Manager (once), and the farmer
// opens the customer's QR link: the handover finds the farm paid, and the ledger says so.
// Each project uses its own demo farm, so the two run at once.
const FARM_OF_PROJECT: Record<string, string> = {
  "card-desktop-1280": "holland_marsh_greens",
  "card-mobile-375": "stouffville_berry_patch",
};
const DEMO_PASSWORD = "Harvest2026!";

/** The farm offers pay by card on one in-stock, picked-up product (the form would need a payout account first). */
async function prepareFarm(farm: string): Promise<number> {
  return withCardDatabase(async (client) => {
    await client.query(
      "update members set pay_by_card = true, payout_acct_set = false, stripe_account_id = null where username = $1",
      [farm],
    );
    const { rows } = await client.query<{ id: number }>(
      `update products set pay_by_card = true, delivery_service = 'in_store'
        where id = (select p.id from products p join members m on m.id = p.merchant_id
                     where m.username = $1 and p.status = 'active' and p.in_stock and p.currency = 'CAD'
                     order by p.id limit 1)
        returning id`,
      [farm],
    );
    expect(rows, `${farm} has an in-stock product`).toHaveLength(1);
    return rows[0]!.id;
  });
}

async function farmerPage(browser: Browser, testInfo: TestInfo, baseURL: string, farm: string) {
  const { viewport, isMobile, hasTouch } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch });
  await skipMyLocalDialog(context, baseURL);
  const page = await context.newPage();
  await signIn(page, `${farm}@example.com`, DEMO_PASSWORD);
  return page;
}

test("a farm connects payouts and is paid when it confirms a card order's handover", async ({
  page,
  context,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const farm = FARM_OF_PROJECT[testInfo.project.name]!;
  const productId = await prepareFarm(farm);
  const farmer = await farmerPage(browser, testInfo, baseURL!, farm);

  // Settings → Payouts: not connected yet; Stripe's onboarding comes back to the thanks page.
  await farmer.goto("/settings?section=payouts");
  await expect(farmer.getByRole("heading", { level: 2, name: "Payouts" })).toBeVisible();
  await farmer.getByRole("button", { name: "Connect payout account" }).click();
  await expect(farmer).toHaveURL(new RegExp(`^${STRIPE_FAKE_URL}/_fake/connect/onboarding/`));
  await farmer.getByRole("button", { name: "Complete onboarding" }).click();
  await expect(farmer).toHaveURL(/\/external\/accounts\/created\?code=[a-f0-9]{64}$/);
  await expect(farmer.getByText("Thank you for setting up your payouts!")).toBeVisible();
  await expect(farmer.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/");
  // The code is used once: the same address again is a plain error, nothing changes.
  await farmer.reload();
  await expect(
    farmer.getByRole("alert").filter({ hasText: "This link cannot be used" }),
  ).toContainText("expired or was already used");

  // Readiness comes from Stripe's account.updated, not from the return.
  await expect(async () => {
    await farmer.goto("/settings?section=payouts");
    await expect(farmer.getByText("Your payout account is ready.")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(farmer.getByRole("button", { name: "Open your Stripe dashboard" })).toBeVisible();

  // A customer pays by card.
  await routeStripe(context, STRIPE_FAKE_URL);
  await newCustomer(page);
  await addToCart(page, productId);
  await goToPayment(page);
  await typeCard(page, "4242424242424242");
  await page.getByRole("button", { name: "Checkout" }).click();
  const orderNo = await expectConfirmation(page);

  // An operator pays the farm from the Orders Manager, once; the line then shows Merchant Paid.
  const { viewport, isMobile, hasTouch } = testInfo.project.use;
  const adminContext = await browser.newContext({ baseURL, viewport, isMobile, hasTouch });
  await skipMyLocalDialog(adminContext, baseURL!);
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  await admin.goto("/orderManager");
  await admin.getByLabel("Search orders").fill(orderNo);
  await admin.getByRole("button", { name: "Search" }).click();
  await admin
    .getByRole("button", { name: new RegExp(`^Pay Merchant for order ${orderNo}`) })
    .filter({ visible: true })
    .click();
  await admin
    .getByRole("dialog", { name: "Pay the farm?" })
    .getByRole("button", { name: "Pay Merchant" })
    .click();
  await expect(admin.getByRole("status")).toContainText(
    new RegExp(`The farm was paid \\$[\\d.]+ for order ${orderNo}\\.`),
  );
  await expect(
    admin.getByRole("button", { name: "Merchant Paid" }).filter({ visible: true }),
  ).toBeDisabled();
  await adminContext.close();

  // The customer's QR link, opened by the farmer, confirms the handover and pays the farm.
  await page.goto("/myOrders/manage");
  await page
    .getByRole("button", { name: `Order ${orderNo}` })
    .filter({ visible: true })
    .first()
    .click();
  const modal = page.getByRole("dialog", { name: `Order ${orderNo}` });
  await modal.getByText("The farmer cannot scan?").click();
  const link = await modal
    .getByRole("link", { name: `Handover link for ${farm}` })
    .getAttribute("href");
  await farmer.goto(link!);
  await expect(farmer.getByRole("heading", { name: "Handover confirmed" })).toBeVisible();
  await expect(farmer.getByText("is on its way to your payout account.")).toBeVisible();

  await farmer.goto("/settings?section=payouts");
  const payout = farmer
    .getByRole("list", { name: "Payouts" })
    .getByRole("listitem")
    .filter({ hasText: orderNo });
  await expect(payout).toContainText("Paid");
  await expect(farmer.getByText(/Paid out \(CAD\)/)).toBeVisible();
  await farmer.context().close();
});
