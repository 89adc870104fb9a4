import { expect, test } from "@playwright/test";
import { typeCard, withCardDatabase } from "./card-helpers";
import { addByApi, registerFarm } from "./farm-helpers";
import { skipMyLocalDialog } from "./fixtures";
import { STRIPE_FAKE_URL, routeStripe } from "./stripe-routes";

const NEXT_PLAN_Q = "q=require_next_subscription_for_products";

// A Basic farm at its two-product limit is sent to the subscription page, subscribes to Engager
// (paying in Stripe's Payment Element, the fake behind it), adds its third product, changes to
// Harvest, cancels (Expiring with the date in Settings) and resubscribes. Each run registers its
// own farm, so both projects run at once.
test("a farm at its product limit subscribes, changes plan, cancels and resubscribes", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await routeStripe(context, STRIPE_FAKE_URL);
  await skipMyLocalDialog(context, baseURL!);
  const farm = await registerFarm(page, "planfarm");
  // Selling by card needs a payout account once a farm has a product; connecting one is the
  // payouts journey's, so this farm has one already.
  await withCardDatabase((client) =>
    client.query("update members set payout_acct_set = true where username = $1", [farm.username]),
  );
  await addByApi(page.request, farm, "Heirloom Tomatoes");
  await addByApi(page.request, farm, "Garlic Scapes");

  // The completed page confirms only what the farm's own plan shows: a Basic farm has subscribed
  // to nothing, whatever the address says.
  await page.goto("/subscription/payment/create/completed");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();

  await page.goto(`/stores/${farm.username}/products/add`);
  await expect(page).toHaveURL(`/subscription/payment/canada/engager?${NEXT_PLAN_Q}`);
  await expect(
    page.getByText(
      "You have reached the product limit of your Basic plan. Subscribe to Engager to add more products.",
    ),
  ).toBeVisible();
  await page.getByRole("button", { name: "Subscribe to Engager" }).click();
  await typeCard(page, "4242424242424242");
  await page.getByRole("button", { name: "Pay CA$12.99 and subscribe" }).click();

  // Stripe's redirect back, the server's read of the subscription, then its redirect.
  // The spec's params: when the plan renews, and the payment that started it.
  await expect(page).toHaveURL(
    /\/subscription\/payment\/create\/\d+\/completed\?paymentIntentId=pi_\w+$/,
    { timeout: 20_000 },
  );
  const created = new URL(page.url());
  await expect(page.getByRole("heading", { level: 1, name: "You are subscribed" })).toBeVisible();
  await expect(page.getByText(/You are now on the Engager plan/)).toBeVisible();
  await expect(
    page.getByText(/^We received your payment of CA\$12\.99\. It renews on \w+ \d+, \d{4}\.$/),
  ).toBeVisible();
  await page.getByRole("link", { name: "Add a product" }).click();
  await expect(page).toHaveURL(`/stores/${farm.username}/products/add`);
  await expect(page.getByRole("button", { name: "Add Product" })).toBeVisible();
  await addByApi(page.request, farm, "Purple Carrots");

  // Params that are not this plan's are refused, never shown: another date, another payment.
  const expiresAt = Number(created.pathname.split("/")[4]);
  for (const forged of [
    `/subscription/payment/create/${expiresAt + 86_400}/completed${created.search}`,
    `/subscription/payment/create/${expiresAt}/completed?paymentIntentId=pi_not_this_farms`,
  ]) {
    await page.goto(forged);
    await expect(
      page.getByRole("heading", { level: 1, name: "Page not found" }),
      forged,
    ).toBeVisible();
  }

  // Change to Harvest: the new plan shows after 3 seconds.
  await page.goto("/settings?section=subscription");
  await page.getByRole("link", { name: "Manage" }).click();
  await expect(page).toHaveURL("/subscription/payment/canada/engager");
  await expect(page.getByText("Visa ending in 4242")).toBeVisible();
  await page.getByRole("button", { name: "Change to Harvest" }).click();
  await expect(page.getByText(/Your plan is now Harvest/)).toBeVisible();
  await expect(page).toHaveURL("/subscription/payment/canada/harvest", { timeout: 10_000 });
  const current = page.getByRole("definition").first();
  await expect(current).toHaveText("Harvest");

  // Cancel: Expiring with the service end date.
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel your Harvest plan?" });
  await dialog.getByRole("button", { name: "Cancel plan" }).click();
  await expect(page).toHaveURL(/\/subscription\/payment\/cancel\/\d+\/completed$/);
  const cancelled = new URL(page.url()).pathname;
  await expect(page.getByText(/Your Harvest plan stays active until \w+ \d+, \d{4}/)).toBeVisible();
  await page.getByRole("link", { name: "Subscription settings" }).click();
  await expect(page.getByText(/Expiring: your plan ends on \w+ \d+, \d{4}/)).toBeVisible();
  // An end of service the plan does not have is refused.
  const ends = Number(cancelled.split("/")[4]);
  await page.goto(`/subscription/payment/cancel/${ends + 3_600}/completed`);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await page.goto("/settings?section=subscription");

  // Resubscribe before the end: simply no expiry again.
  await page.getByRole("link", { name: "Manage" }).click();
  await page.getByRole("button", { name: "Resubscribe" }).click();
  await expect(page).toHaveURL(/\/subscription\/payment\/resubscribe\/completed$/);
  await expect(
    page.getByText("Your Harvest plan is active again and renews each month."),
  ).toBeVisible();
  await page.goto("/settings?section=subscription");
  await expect(page.getByText(/Expiring/)).toHaveCount(0);

  // The pricing page's button on the plan the farm has.
  await page.goto("/pricing");
  await expect(
    page.getByRole("link", { name: "View My Subscription: Harvest plan" }),
  ).toHaveAttribute("href", "/subscription/payment/canada/harvest");
});
