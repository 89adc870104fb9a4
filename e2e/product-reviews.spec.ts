import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { registerCustomer, skipMyLocalDialog } from "./fixtures";

// Product page and reviews (spec part 1 sections 2, 3, 5 and 8) and the site's sitemap and robots.
// Runs in both projects at once: the review test registers its own customer, so each project
// writes its own review and asserts only on it.

// The My Local dialog would cover the page for visitors and new customers: keep it shut.
test.beforeEach(({ context, baseURL }) => skipMyLocalDialog(context, baseURL!));

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
 * The demo products, as the sitemap lists them (a crawler's way in), oldest first: the seeded ones
 * come first, and other specs' farms add and remove products of their own while these tests run,
 * so only the seeded ones stay put.
 */
async function demoProductIds(request: APIRequestContext): Promise<number[]> {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  const ids = [...(await sitemap.text()).matchAll(/\/products\/(\d+)<\/loc>/g)].map((m) =>
    Number(m[1]),
  );
  expect(ids.length).toBeGreaterThan(1);
  return ids.sort((a, b) => a - b);
}

const reviewForm = (page: Page) => page.getByRole("form", { name: "Your review" });

test("a visitor sees a product, its reviews and its search data, and is sent to login to review", async ({
  page,
  request,
}) => {
  const [id] = await demoProductIds(request);
  const response = await page.goto(`/products/${id}`);
  expect(response?.status()).toBe(200);

  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toBeVisible();
  const name = (await heading.textContent())!;
  await expect(page).toHaveTitle(
    new RegExp(
      `^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} from \\w+ \\| Local Produce Marketplace$`,
    ),
  );
  await expect(page.getByText(/^\$\d+\.\d{2} (CAD|USD) \/ .+/)).toBeVisible();
  // The farm, linked to its store.
  await expect(page.getByRole("main").getByText(/^Sold by/)).toBeVisible();
  await expect(page.getByRole("main").locator('a[href^="/stores/"]')).toHaveCount(1);
  await expect(page.getByText(/^(Free delivery|Pickup at the farm)$/)).toBeVisible();
  await expect(page.getByText(/^Pay in person: /)).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Reviews" })).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Reviews" }).or(page.getByText("No reviews for this item yet.")),
  ).toBeVisible();

  // Quantity never goes below 1.
  const quantity = page.getByRole("spinbutton", { name: "Quantity" });
  await expect(quantity).toHaveValue("1");
  await expect(page.getByRole("button", { name: "Decrease quantity" })).toBeDisabled();
  // The quantity waits for the page to hydrate, so its state cannot tell "sold out" at once; the
  // price line says it from the first byte.
  const soldOut = page.getByRole("main").getByText(/ - SOLD OUT$/);
  if ((await soldOut.count()) > 0) {
    await expect(quantity).toBeDisabled();
  } else {
    await expect(quantity).toBeEnabled();
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await expect(quantity).toHaveValue("2");
    await quantity.fill("0");
    await quantity.blur();
    await expect(quantity).toHaveValue("1");
  }

  // Search engines get the canonical URL and a Product in JSON-LD.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    new RegExp(`/products/${id}$`),
  );
  const jsonLd = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent())!,
  );
  expect(jsonLd).toMatchObject({
    "@type": "Product",
    name,
    sku: String(id),
    offers: { "@type": "Offer" },
  });

  await expectSeriousA11yFree(page, `/products/${id}`);

  await reviewForm(page).getByRole("button", { name: "Write A Review" }).click();
  await expect(page).toHaveURL(new RegExp(`/login\\?redirect=%2Fproducts%2F${id}$`));
});

test("a customer writes a review after fixing it, updates it and deletes it", async ({
  page,
  request,
}) => {
  const [, id] = await demoProductIds(request);
  const customer = await registerCustomer(request, "reviewer");

  // Signing in from the product's login link comes back to the product.
  await page.goto(`/login?redirect=${encodeURIComponent(`/products/${id}`)}`);
  const login = page.getByRole("form", { name: "Login" });
  await login.getByLabel("Email or Username").fill(customer.username);
  await login.getByLabel("Password", { exact: true }).fill(customer.password);
  await login.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${id}$`));

  const form = reviewForm(page);
  const submit = form.getByRole("button", { name: "Write A Review" });
  await expect(submit).toBeEnabled();

  // Every validation message first.
  await submit.click();
  await expect(form.getByText("Please rate the product", { exact: true })).toBeVisible();
  await expect(form.getByText("The review content is empty.", { exact: true })).toBeVisible();
  await form.getByRole("radio", { name: "4 stars" }).check();
  await form.getByLabel("Review").fill("Tasty <3");
  await submit.click();
  await expect(form.getByText("The review content is invalid.", { exact: true })).toBeVisible();
  await expect(form.getByText("Please rate the product", { exact: true })).toHaveCount(0);

  await form.getByLabel("Review").fill("Sweet, crisp and fresh! Will buy again.");
  await submit.click();
  const status = form.getByRole("status");
  await expect(status).toHaveText("Your review has been added");
  await expect(form.getByRole("button", { name: "Update A Review" })).toBeVisible();
  const mine = page.getByRole("article", { name: `Review by ${customer.username}` });
  await expect(mine).toContainText("Sweet, crisp and fresh! Will buy again.");
  await expect(mine).toContainText("Your review");
  // The success message hides after 2 seconds.
  await expect(status).toHaveText("", { timeout: 5_000 });

  // A fresh load shows the review from the server, and the form prefilled with it.
  await page.reload();
  await expect(page.getByRole("article", { name: `Review by ${customer.username}` })).toContainText(
    "Sweet, crisp",
  );
  await expect(form.getByLabel("Review")).toHaveValue("Sweet, crisp and fresh! Will buy again.");
  await expect(form.getByRole("radio", { name: "4 stars" })).toBeChecked();
  const update = form.getByRole("button", { name: "Update A Review" });

  // A failure reads the spec's text.
  await page.route("**/api/reviews", (route) =>
    route.fulfill({ status: 500, json: { message: "boom" } }),
  );
  await form.getByLabel("Review").fill("Even better the second time.");
  await update.click();
  await expect(form.getByRole("alert")).toHaveText("Oopsy, something went wrong");
  await page.unroute("**/api/reviews");

  await form.getByRole("radio", { name: "5 stars" }).check();
  await update.click();
  await expect(form.getByRole("status")).toHaveText("Your review has been updated");
  await expect(page.getByRole("article", { name: `Review by ${customer.username}` })).toContainText(
    "Even better the second time.",
  );

  // Clear empties the form without touching the saved review.
  await form.getByRole("button", { name: "Clear" }).click();
  await expect(form.getByLabel("Review")).toHaveValue("");
  await expect(form.getByRole("button", { name: "Update A Review" })).toBeVisible();

  await form.getByRole("button", { name: "Delete" }).click();
  await expect(form.getByRole("status")).toHaveText("The review has been deleted!");
  await expect(form.getByRole("button", { name: "Write A Review" })).toBeVisible();
  await expect(page.getByRole("article", { name: `Review by ${customer.username}` })).toHaveCount(
    0,
  );
  await page.reload();
  await expect(page.getByRole("heading", { level: 2, name: "Reviews" })).toBeVisible();
  await expect(page.getByRole("article", { name: `Review by ${customer.username}` })).toHaveCount(
    0,
  );
});

test("a product that does not exist is a 404", async ({ page }) => {
  const response = await page.goto("/products/987654321");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Product not found" })).toBeVisible();
});

test("sitemap.xml and robots.txt answer", async ({ request }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap.text();
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  expect(xml).toMatch(/<loc>http[^<]+\/pricing<\/loc>/);
  expect(xml).toMatch(/<loc>http[^<]+\/stores\/[a-z0-9_]+<\/loc>/);
  expect(xml).not.toContain("/login");

  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  const text = await robots.text();
  expect(text).toContain("Disallow: /api/");
  expect(text).toContain("Disallow: /checkout/");
  expect(text).toMatch(/Sitemap: http\S+\/sitemap\.xml/);
});
