import { expect, type Page } from "@playwright/test";
import pg from "pg";
import { registerCustomer } from "./fixtures";

/** The card server's database (playwright.config.ts makes one per run), for fixtures only. */
export async function withCardDatabase<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = new URL(process.env.E2E_PG_URL!);
  url.pathname = `/${process.env.E2E_CARD_DATABASE!}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Signs the page in through the API (its cookie jar is the browser's); answers the site origin. */
export async function signIn(page: Page, login: string, password: string): Promise<string> {
  const response = await page.request.post("/api/users/login", { data: { login, password } });
  expect(response.ok(), await response.text()).toBe(true);
  return new URL(response.url()).origin;
}

export async function newCustomer(page: Page) {
  const customer = await registerCustomer(page.request, "cardbuyer");
  const origin = await signIn(page, customer.email, customer.password);
  // A customer without a saved My Local place is asked for one on every page; save it up front.
  const location = await page.request.post("/api/location", {
    headers: { origin },
    data: {
      country: "CA",
      postalCode: "L3Y 4X1",
      city: "Newmarket",
      provinceState: "ON",
      radius: 0,
    },
  });
  expect(location.ok(), await location.text()).toBe(true);
  return customer;
}

export async function addToCart(page: Page, productId: number) {
  await page.goto(`/products/${productId}`);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to your cart.")).toBeVisible();
}

/** Cart tab Pay by Card → the delivery form → the preview → Pay with Card → the payment page. */
export async function goToPayment(page: Page) {
  await page.goto("/cart");
  await page.getByRole("tab", { name: /Pay by Card/ }).click();
  await page.getByRole("link", { name: "Proceed to Next" }).click();
  await expect(page).toHaveURL(/\/checkout\/delivery\/by_card\/store$/);
  await page
    .getByRole("form", { name: "Order Delivery Information" })
    .getByRole("button", { name: "Next" })
    .click();
  await expect(page).toHaveURL(/\/checkout\/by_card\/preview$/);
  await page.getByRole("link", { name: "Pay with Card" }).click();
  await expect(page).toHaveURL(/\/checkout\/by_card\/payment$/);
  await expect(page.getByRole("heading", { level: 1, name: "Payment" })).toBeVisible();
}

export async function typeCard(page: Page, number: string) {
  const card = page.getByRole("group", { name: "Card" });
  await card.getByLabel("Card number").fill(number);
  await card.getByLabel("Expiration date").fill("12 / 34");
  await card.getByLabel("Security code").fill("123");
}

export async function expectConfirmation(page: Page): Promise<string> {
  // Stripe's redirect back, the server's read of the payment, then its redirect: two round trips.
  await expect(page).toHaveURL(/\/checkout\/payment\/by_card\/completed\/[A-Z0-9]{12}$/, {
    timeout: 20_000,
  });
  await expect(
    page.getByRole("heading", { level: 1, name: "Thank you for your order!" }),
  ).toBeVisible();
  await expect(page.getByText("Your card payment went through.")).toBeVisible();
  return page.url().split("/").pop()!;
}
