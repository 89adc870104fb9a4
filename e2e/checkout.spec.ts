import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { registerCustomer } from "./fixtures";

// Each test registers its own customer, so both projects (desktop-1280, mobile-375) check out at
// once without touching each other's carts. The products are the demo farm's (server/db/seed).
const FARM = "maple_ridge_farm";

type StoreProduct = {
  id: number;
  title: string;
  inStock: boolean;
  deliveryMethod: "free_delivery" | "in_store";
  currency: string;
};

/** Signs the page in and answers the site's origin (cookie-authenticated writes must carry it). */
async function signIn(page: Page, login: string, password: string): Promise<string> {
  // page.request shares the browser context's cookie jar, so the page is signed in afterwards.
  const response = await page.request.post("/api/users/login", { data: { login, password } });
  expect(response.ok(), await response.text()).toBe(true);
  return new URL(response.url()).origin;
}

async function newCustomer(page: Page) {
  const customer = await registerCustomer(page.request, "buyer");
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

/** One in-stock product of the demo farm that the farm delivers, and one that is picked up. */
async function farmProducts(
  page: Page,
): Promise<{ delivered: StoreProduct; pickup: StoreProduct }> {
  const response = await page.request.get(`/api/stores/${FARM}/products`);
  expect(response.ok(), await response.text()).toBe(true);
  const { products } = (await response.json()) as { products: StoreProduct[] };
  const available = products.filter((p) => p.inStock && p.currency === "CAD");
  const delivered = available.find((p) => p.deliveryMethod === "free_delivery");
  const pickup = available.find((p) => p.deliveryMethod === "in_store");
  expect(
    delivered && pickup,
    "the demo farm sells a delivered and a picked-up product",
  ).toBeTruthy();
  return { delivered: delivered!, pickup: pickup! };
}

async function addToCart(page: Page, product: StoreProduct) {
  await page.goto(`/products/${product.id}`);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to your cart.")).toBeVisible();
}

async function proceedFromCart(page: Page) {
  await page.goto("/cart");
  await page.getByRole("tab", { name: /Pay in Person/ }).click();
  await page.getByRole("link", { name: "Proceed to Next" }).click();
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

/** Nothing sticks out sideways (farmers and customers use phones). */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
}

async function expectEmptyCart(page: Page) {
  const cart = await page.request.get("/api/cart");
  expect(((await cart.json()) as { count: number }).count).toBe(0);
}

test.describe("checkout with pay in person", () => {
  test("home delivery: the form's messages, the preview, the order and the confirmation", async ({
    page,
  }, testInfo) => {
    const customer = await newCustomer(page);
    const { delivered, pickup } = await farmProducts(page);
    await addToCart(page, delivered);
    await addToCart(page, pickup);

    await proceedFromCart(page);
    await expect(page).toHaveURL(/\/checkout\/delivery\/in_person\/home$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Order Delivery Information" }),
    ).toBeVisible();
    const form = page.getByRole("form", { name: "Order Delivery Information" });
    // Prefilled from the profile the customer registered with.
    await expect(form.getByLabel("First Name")).toHaveValue("Robin");
    await expect(form.getByLabel("Email")).toHaveValue(customer.email);
    await expect(form.getByLabel("Country")).toHaveValue("CA");
    await expectSeriousA11yFree(page, "delivery form");

    // Bad input first: every message shows under its field.
    await form.getByLabel("First Name").fill("");
    await form.getByLabel("Last Name").fill("Ash2");
    await form.getByLabel("Phone").fill("555");
    await form.getByLabel("Postal Code").fill("L3Y");
    await form.getByRole("button", { name: "Next" }).click();
    await expect(form.getByText("Required Field")).toHaveCount(4); // first name, address, city, province
    await expect(form.getByText("Invalid Last Name")).toBeVisible();
    await expect(form.getByText("Invalid Phone Number")).toBeVisible();
    await expect(form.getByText("Invalid Postal code")).toBeVisible();
    await expect(form.getByLabel("First Name")).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/checkout\/delivery\/in_person\/home$/);

    await form.getByLabel("First Name").fill("Robin");
    await form.getByLabel("Last Name").fill("Ash");
    await form.getByLabel("Phone").fill("4165550177");
    await expect(form.getByLabel("Phone")).toHaveValue("(416) 555-0177");
    await form.getByLabel("Address", { exact: true }).fill("22 Elm St.");
    await form.getByLabel("City").fill("Newmarket");
    await form.getByLabel("Province").selectOption("ON");
    await form.getByLabel("Postal Code").fill("l3y4x1");
    await expect(form.getByLabel("Postal Code")).toHaveValue("L3Y 4X1");
    await form.getByRole("button", { name: "Next" }).click();

    await expect(page).toHaveURL(/\/checkout\/in_person\/preview$/);
    await expect(page.getByRole("heading", { level: 1, name: "Checkout Preview" })).toBeVisible();
    const items = page.getByRole("list", { name: "Items in this order" });
    await expect(items.getByRole("listitem")).toHaveCount(2);
    await expect(items.getByRole("listitem").filter({ hasText: delivered.title })).toContainText(
      "Home delivery",
    );
    await expect(items.getByRole("listitem").filter({ hasText: pickup.title })).toContainText(
      "Pickup at the farm",
    );
    await expect(page.getByText("22 Elm St., Newmarket, ON L3Y 4X1, Canada")).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Your items" }).getByText("Total (CAD)", { exact: true }),
    ).toBeVisible();
    await expectSeriousA11yFree(page, "checkout preview");
    await expectNoSidewaysScroll(page);

    await page.getByRole("button", { name: "Pay in Person" }).click();
    await expect(page).toHaveURL(/\/checkout\/payment\/in_person\/completed\/[A-Z0-9]{12}$/);
    const orderNo = page.url().split("/").pop()!;
    await expect(
      page.getByRole("heading", { level: 1, name: "Thank you for your order!" }),
    ).toBeVisible();
    await expect(page.getByText(orderNo, { exact: true })).toBeVisible();
    const ordered = page.getByRole("list", { name: "Items in your order" });
    await expect(ordered.getByRole("listitem").filter({ hasText: delivered.title })).toContainText(
      `Farmer: ${FARM}`,
    );
    await expect(ordered.getByRole("listitem").filter({ hasText: delivered.title })).toContainText(
      "Home delivery",
    );
    await expect(ordered.getByRole("listitem").filter({ hasText: pickup.title })).toContainText(
      "Pickup at the farm",
    );
    await expect(
      page.getByRole("main").getByRole("link", { name: "My Purchases" }),
    ).toHaveAttribute("href", "/myOrders/manage");
    await expectSeriousA11yFree(page, "checkout confirmation");
    await expectNoSidewaysScroll(page);
    await expectEmptyCart(page);
    if (!testInfo.project.name.startsWith("mobile")) {
      // The header's badge follows without a reload (on phones it sits in the menu).
      await expect(
        page.getByRole("banner").getByRole("link", { name: "Cart, empty", exact: true }),
      ).toBeVisible();
    }

    // The customer's order-placed mail reaches the demo mailbox (it is sent after the answer).
    await expect(async () => {
      await page.goto("/dev/mailbox");
      await expect(
        page
          .getByRole("row")
          .filter({ hasText: customer.email })
          .filter({ hasText: `Thank you for your order ${orderNo}` }),
      ).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
  });

  test("store pickup: contact fields only, then the order; nobody else sees it", async ({
    page,
    browser,
  }) => {
    await newCustomer(page);
    const { pickup } = await farmProducts(page);
    await addToCart(page, pickup);

    await proceedFromCart(page);
    await expect(page).toHaveURL(/\/checkout\/delivery\/in_person\/store$/);
    const form = page.getByRole("form", { name: "Order Delivery Information" });
    await expect(form.getByLabel("Address", { exact: true })).toHaveCount(0);
    await expect(form.getByLabel("Postal Code")).toHaveCount(0);
    await form.getByLabel("Email").fill("robin@");
    await form.getByRole("button", { name: "Next" }).click();
    await expect(form.getByText("Invalid Email")).toBeVisible();
    await form.getByLabel("Email").fill("robin.pickup@example.com");
    await form.getByRole("button", { name: "Next" }).click();

    await expect(page).toHaveURL(/\/checkout\/in_person\/preview$/);
    await expect(page.getByText("robin.pickup@example.com")).toBeVisible();
    const items = page.getByRole("list", { name: "Items in this order" });
    await expect(items.getByRole("listitem")).toHaveCount(1);
    await expect(items).toContainText(pickup.title);
    await expect(items).toContainText("Pickup at the farm");
    const pay = page.getByRole("button", { name: "Pay in Person" });
    // A double click places one order.
    await pay.dblclick();
    await expect(page).toHaveURL(/\/checkout\/payment\/in_person\/completed\/[A-Z0-9]{12}$/);
    const completedUrl = page.url();
    await expect(page.getByRole("list", { name: "Items in your order" })).toContainText(
      pickup.title,
    );
    await expectEmptyCart(page);

    // Back on the preview there is nothing left to pay for.
    await page.goto("/checkout/in_person/preview");
    await expect(
      page.getByRole("heading", { name: "There is nothing in your cart to pay in person." }),
    ).toBeVisible();

    // Another customer opening the confirmation gets the 404 page.
    const stranger = await browser.newContext();
    try {
      const other = await stranger.newPage();
      await newCustomer(other);
      await other.goto(new URL(completedUrl).pathname);
      await expect(other.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
      await expect(other.getByText(pickup.title)).toHaveCount(0);
    } finally {
      await stranger.close();
    }
  });

  test("visitors go to login, and unknown checkout addresses are not found", async ({ page }) => {
    await page.goto("/checkout/delivery/in_person/home");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcheckout%2Fdelivery%2Fin_person%2Fhome$/);

    await newCustomer(page);
    for (const path of [
      "/checkout/delivery/cash/home",
      "/checkout/delivery/in_person/moon",
      "/checkout/cash/preview",
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    }
  });

  test("pay by card says plainly that cards are not configured and offers pay in person", async ({
    page,
  }) => {
    await newCustomer(page);
    await page.goto("/checkout/delivery/by_card/store");
    await expect(page.getByRole("heading", { name: "Pay by card is not available" })).toBeVisible();
    // Within its region: while the page streams, a second copy of the text can exist for a moment.
    const notice = page.getByRole("region", { name: "Pay by card is not available" });
    await expect(
      notice.getByText("Card payments are not configured on this marketplace yet.", {
        exact: false,
      }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Pay in Person instead" })).toHaveAttribute(
      "href",
      /^\/checkout\/delivery\/in_person\/(home|store)$/,
    );
  });
});
