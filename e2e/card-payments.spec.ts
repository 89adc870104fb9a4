import { expect, test, type Page } from "@playwright/test";
import {
  addToCart,
  expectConfirmation,
  goToPayment,
  newCustomer,
  typeCard,
  withCardDatabase,
} from "./card-helpers";
import { STRIPE_FAKE_URL, routeStripe } from "./stripe-routes";

// Card journeys, on the card server (PostgreSQL, Stripe configured against the Stripe fake, the
// browser's Stripe.js replaced by the stand-in at Stripe's own host). Each test registers its own
// customer, so the desktop and mobile projects pay at once without touching each other's carts.
const FARM = "maple_ridge_farm";
const CARDS = {
  visa: "4242424242424242",
  declined: "4000000000000002",
  threeDS: "4000002760003184",
};

/**
 * The demo farm sells by card. Its payout readiness is set here in its database, as Stripe's
 * account.updated leaves it: these journeys are about paying; connecting a payout account through
 * Stripe's onboarding is e2e/card-payouts.spec.ts.
 */
test.beforeAll(async () => {
  await withCardDatabase(async (client) => {
    await client.query(
      "update members set payout_acct_set = true, pay_by_card = true where username = $1",
      [FARM],
    );
    await client.query(
      "update products set pay_by_card = true where merchant_id = (select id from members where username = $1)",
      [FARM],
    );
  });
});

test.beforeEach(async ({ context }) => {
  await routeStripe(context, STRIPE_FAKE_URL);
});

/** Two in-stock, picked-up CAD products of the farm, by title. */
async function pickupProducts(page: Page) {
  const response = await page.request.get(`/api/stores/${FARM}/products`);
  const { products } = (await response.json()) as {
    products: {
      id: number;
      title: string;
      inStock: boolean;
      currency: string;
      deliveryMethod: string;
    }[];
  };
  return products
    .filter((p) => p.inStock && p.currency === "CAD" && p.deliveryMethod === "in_store")
    .slice(0, 2);
}

test.describe("paying by card", () => {
  // Each journey pays twice through Stripe's redirects on a shared 2-core machine.
  test.describe.configure({ timeout: 90_000 });

  test("pays with a new card, then again with the saved card", async ({ page }) => {
    await newCustomer(page);
    const [first, second] = await pickupProducts(page);
    await addToCart(page, first!.id);
    await goToPayment(page);

    await typeCard(page, CARDS.visa);
    await expect(
      page.getByRole("checkbox", { name: "Save this card for next time" }),
    ).toBeChecked();
    await page.getByRole("button", { name: "Checkout" }).click();
    const firstOrder = await expectConfirmation(page);
    await expect(page.getByRole("list", { name: "Items in your order" })).toContainText(
      first!.title,
    );
    const cart = await page.request.get("/api/cart");
    expect(((await cart.json()) as { count: number }).count).toBe(0);

    // The second order: the saved card is offered first and the Checkout button pays directly.
    await addToCart(page, second!.id);
    await goToPayment(page);
    const saved = page.getByRole("radio", { name: /Visa ending in 4242/ });
    await expect(saved).toBeChecked();
    await expect(page.getByRole("button", { name: /Delete Visa ending in 4242/ })).toBeVisible();
    await page.getByRole("button", { name: "Checkout" }).click();
    const secondOrder = await expectConfirmation(page);
    expect(secondOrder).not.toBe(firstOrder);
  });

  test("a declined card says so; a second try, through 3-D Secure, pays; cancelling refunds it", async ({
    page,
  }) => {
    await newCustomer(page);
    const [product] = await pickupProducts(page);
    await addToCart(page, product!.id);
    await goToPayment(page);

    await typeCard(page, CARDS.declined);
    await page.getByRole("button", { name: "Checkout" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Your card was declined." }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/checkout\/by_card\/payment$/);

    await typeCard(page, CARDS.threeDS);
    await page.getByRole("button", { name: "Checkout" }).click();
    const challenge = page.getByRole("dialog", { name: "3D Secure authentication" });
    await challenge.getByRole("button", { name: "Complete authentication" }).click();
    const orderNo = await expectConfirmation(page);

    // Cancelling the paid order from My Purchases refunds it.
    await page.goto("/myOrders/manage");
    await page
      .getByRole("button", { name: `Order ${orderNo}` })
      .filter({ visible: true })
      .first()
      .click();
    const modal = page.getByRole("dialog", { name: `Order ${orderNo}` });
    await modal.getByRole("button", { name: "Cancel Order" }).click();
    await modal.getByRole("button", { name: "Yes, cancel the order" }).click();
    await expect(modal.getByRole("status")).toContainText(
      `The order ${orderNo} has been cancelled.`,
    );
    await expect(modal.getByRole("status")).toContainText("is refunded to your card.");
    await expect(modal.getByText("The order has already been refunded.")).toBeVisible();
    await modal.getByRole("button", { name: "Close" }).click();
    await expect(
      page.getByText("Refunded", { exact: true }).filter({ visible: true }).first(),
    ).toBeVisible();
  });
});

test.describe("a pickup window at the card checkout", () => {
  test.describe.configure({ timeout: 90_000 });

  // The farm hands over at its own place on a weekly window three days ahead (capacity 10), set in
  // its database: the farm's window setup is e2e/pickup-windows.spec.ts. Both projects may add it
  // at once; the delivery step then offers each, the first checked.
  test.beforeAll(async () => {
    const weekday = new Date(Date.now() + 3 * 86_400_000).getUTCDay();
    await withCardDatabase(async (client) => {
      await client.query(
        `insert into pickup_places (merchant_id, name)
         select id, 'At the farm' from members where username = $1
         on conflict do nothing`,
        [FARM],
      );
      await client.query(
        `insert into pickup_windows (place_id, merchant_id, weekday, starts_minute, ends_minute,
           cutoff_days_before, cutoff_minute, capacity)
         select p.id, p.merchant_id, $2, 540, 720, 1, 1080, 10
         from pickup_places p join members m on m.id = p.merchant_id
         where m.username = $1 and p.address is null and p.removed_at is null
           and not exists (select 1 from pickup_windows w where w.merchant_id = m.id
             and w.weekday = $2 and w.removed_at is null)`,
        [FARM, weekday],
      );
    });
  });

  test("the window picked is taken by the card order and shown on the payment page, the confirmation and in My Purchases", async ({
    page,
  }) => {
    await newCustomer(page);
    const [product] = await pickupProducts(page);
    await addToCart(page, product!.id);
    // The delivery step offers the farm's windows, the first checked: goToPayment keeps it.
    await goToPayment(page);
    // The payment page repeats the window beside the delivery details.
    await expect(
      page.getByRole("list", { name: "Pickup times" }).getByText(`Pickup at ${FARM}`),
    ).toBeVisible();
    await typeCard(page, CARDS.visa);
    await page.getByRole("button", { name: "Checkout" }).click();
    const orderNo = await expectConfirmation(page);
    const confirmation = page.getByRole("list", { name: "Pickup times" });
    await expect(confirmation.getByText(`Pickup at ${FARM}`)).toBeVisible();
    await expect(confirmation.getByText(/9:00 a\.m\. – 12:00 p\.m\./)).toBeVisible();

    await page.goto("/myOrders/manage");
    const purchases = page
      .getByRole("table", { name: /^Your purchases/ })
      .or(page.getByRole("list", { name: /^Your purchases/ }));
    await expect(purchases).toContainText(orderNo);
    await expect(purchases).toContainText(/9:00 a\.m\. – 12:00 p\.m\./);
  });
});
