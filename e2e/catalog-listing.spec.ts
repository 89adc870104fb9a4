import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { addByApi, registerFarm } from "./farm-helpers";

// Demo data (server/db/seed): 16 farms and 88 active products; other specs may add a few while
// this one runs, so totals are read from the page. Every test runs in both projects (desktop-1280
// and mobile-375). Visitors here keep the My Local dialog shut, as after closing it.
test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "loc_dialog_dismissed", value: "1", url: baseURL! }]);
});

const productCards = (page: Page) => page.getByRole("main").getByRole("article");
const sortNav = (page: Page) => page.getByRole("navigation", { name: "Sort products" });

/** N of "Showing 12 of N products". */
async function totalShown(page: Page, noun: string): Promise<number> {
  // Visible only: Next keeps the page navigated away from in the DOM, hidden (React <Activity>).
  const line = page
    .getByText(new RegExp(`^Showing \\d+ of \\d+ ${noun}$`))
    .filter({ visible: true });
  const match = /of (\d+)/.exec(await line.innerText());
  return Number(match![1]);
}

test("the dashboard shows 4 popular products, 4 latest products and 4 farmers, each with See more", async ({
  page,
}) => {
  await page.goto("/");
  for (const [title, href] of [
    ["Popular products", "/products/filtered?sortType=popular&keyword="],
    ["Latest products", "/products/filtered?sortType=latest&keyword="],
    ["Latest farmers", "/merchants/list"],
  ] as const) {
    const section = page.getByRole("region", { name: title });
    await expect(section.getByRole("article")).toHaveCount(4);
    await expect(
      section.getByRole("link", {
        name: `See more ${title.replace("Latest farmers", "farmers").toLowerCase()}`,
      }),
    ).toHaveAttribute("href", href);
  }
  await expect(
    page.getByRole("search").getByRole("searchbox", { name: "Search products" }),
  ).toBeVisible();
});

test("a visitor searches from the dashboard, even with a typo, and the search is remembered", async ({
  page,
}) => {
  await page.goto("/");
  await page.getByRole("searchbox", { name: "Search products" }).fill("tomatos");
  await page.getByRole("search").getByRole("button", { name: "Search" }).press("Enter");
  await expect(page).toHaveURL(/\/products\/filtered\?keyword=tomatos/);
  await expect(
    page.getByRole("heading", { level: 2, name: "Results for “tomatos”" }),
  ).toBeVisible();
  const titles = await productCards(page).getByRole("heading").allInnerTexts();
  expect(titles.length).toBeGreaterThan(0);
  expect(titles.some((t) => /tomato/i.test(t))).toBe(true);

  // The keyword and sort cookies bring the last search back (the page writes them once hydrated).
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === "keyword")?.value)
    .toBe("tomatos");
  await page.goto("/products/filtered");
  await expect(page.getByRole("searchbox", { name: "Search products" })).toHaveValue("tomatos");
  // An empty keyword in the query clears it.
  await page.getByRole("searchbox", { name: "Search products" }).fill("");
  await page.getByRole("searchbox", { name: "Search products" }).press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: "All products" })).toBeVisible();
});

test("a script in the keyword is stripped, never run", async ({ page }) => {
  let dialogs = 0;
  page.on("dialog", (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  await page.goto(
    `/products/filtered?keyword=${encodeURIComponent("<script>alert(1)</script>honey")}`,
  );
  await expect(page.getByRole("searchbox", { name: "Search products" })).toHaveValue("honey");
  await expect(productCards(page).first()).toBeVisible();
  expect(dialogs).toBe(0);
});

test("the footer's Popular and New Arrivals list every product, not the last search", async ({
  page,
}) => {
  await page.goto("/products/filtered?keyword=honey");
  await expect(page.getByRole("heading", { level: 2, name: "Results for “honey”" })).toBeVisible();
  for (const name of ["Popular", "New Arrivals"]) {
    await page.getByRole("contentinfo").getByRole("link", { name, exact: true }).click();
    await expect(page.getByRole("heading", { level: 2, name: "All products" })).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "Search products" })).toHaveValue("");
  }
});

test("a visitor sorts, loads more and opens a product", async ({ page }) => {
  await page.goto("/products/filtered?sortType=all&keyword=");
  await expect(productCards(page)).toHaveCount(12);
  expect(await totalShown(page, "products")).toBeGreaterThanOrEqual(82);

  await sortNav(page).getByRole("link", { name: "Popular" }).click();
  await expect(page).toHaveURL(/sortType=popular/);
  await expect(page).toHaveTitle(/^Popular produce near you/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    /\/products\/filtered\?sortType=popular$/,
  );
  await expect(sortNav(page).getByRole("link", { name: "Popular" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(productCards(page)).toHaveCount(12);
  const total = await totalShown(page, "products");

  const loadMore = page.getByRole("button", { name: "Load More" });
  await loadMore.click();
  await expect(productCards(page)).toHaveCount(24);
  await expect(page.getByText(`12 more products loaded. Showing 24 of ${total}.`)).toBeAttached();
  await expect(page.getByText(`Showing 24 of ${total} products`)).toBeVisible();
  const ids = await page
    .locator("[data-product-id]")
    .filter({ visible: true })
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-product-id")));
  expect(new Set(ids).size).toBe(24);

  // Through to the end: the button goes away, and no product shows twice. Other specs add and
  // delete their own products meanwhile, so the count is held to the demo's products only.
  while (await loadMore.isVisible()) {
    const shown = await productCards(page).count();
    await loadMore.click();
    await expect.poll(() => productCards(page).count()).toBeGreaterThan(shown);
  }
  const allIds = await page
    .locator("[data-product-id]")
    .filter({ visible: true })
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-product-id")));
  expect(new Set(allIds).size).toBe(allIds.length);
  expect(allIds.length).toBeGreaterThanOrEqual(82);

  const card = productCards(page).nth(30);
  const link = card.getByRole("heading").getByRole("link");
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/products\/\d+$/);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});

test("a visitor asks a farm about a product from the search results, and the farm has it", async ({
  page,
  browser,
}, testInfo) => {
  // A farm of this run's own, with a product no other can match.
  const farmContext = await browser.newContext(testInfo.project.use);
  const farmPage = await farmContext.newPage();
  const farm = await registerFarm(farmPage, "askfarm");
  const word = `Kohlrabi${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}`;
  const product = `${word} bunch`;
  await addByApi(farmPage.request, farm, product);

  await page.goto(`/products/filtered?keyword=${word}`);
  const card = productCards(page).filter({ hasText: product });
  await expect(card).toHaveCount(1);
  // Like the dashboard's farmer cards and the stores: ask the farm, here about the product.
  const ask = card.getByRole("button", { name: `Ask The Farmer about ${product}` });
  await expect(ask).toBeEnabled();
  await ask.click();
  const dialog = page.getByRole("dialog", { name: "Ask The Farmer" });
  await expect(dialog).toContainText(`Send a message to ${farm.username}.`);
  const visitor = `Robin${word.slice(8)}`;
  await dialog.getByLabel("First Name").fill(visitor);
  await dialog.getByLabel("Last Name").fill("Ash");
  await dialog.getByLabel("Email").fill(`${visitor.toLowerCase()}@example.com`);
  await dialog.getByLabel("Message", { exact: true }).fill(`Is the ${product} still fresh?`);
  await dialog.getByRole("button", { name: "Send" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Successfully Sent!");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(ask).toBeFocused();

  // The question reached the farm.
  await farmPage.goto("/messages");
  await expect(farmPage.getByRole("button", { name: `${visitor} Ash, unread` })).toBeVisible();
  await farmContext.close();
});

test("the farmers list searches by place and loads more farmers", async ({ page }) => {
  await page.goto("/merchants/list");
  const search = page.getByPlaceholder("Search Merchants by username, email, or address", {
    exact: true,
  });
  await expect(search).toBeVisible();
  const cards = page.getByRole("main").getByRole("article");
  await expect(cards).toHaveCount(10);
  const total = await totalShown(page, "farmers");
  expect(total).toBeGreaterThanOrEqual(16);
  const loadMore = page.getByRole("button", { name: "Load More" });
  for (let shown = 10; shown < total; shown += 10) {
    await loadMore.click();
    await expect(cards).toHaveCount(Math.min(shown + 10, total));
  }
  await expect(loadMore).toBeHidden();
  await expect(page.getByText(`Showing ${total} of ${total}.`, { exact: false })).toBeAttached();

  await search.fill("bradford");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/merchants\/list\?keyword=bradford/);
  await expect(cards).toHaveCount(1);
  const farmer = cards.getByRole("link", { name: "holland_marsh_greens" });
  await expect(farmer).toHaveAttribute("href", "/stores/holland_marsh_greens");
  await expect(page.getByRole("button", { name: "Load More" })).toBeHidden();
});

test("the farmers list sorts by rating, through Load More and a search", async ({ page }) => {
  await page.goto("/merchants/list");
  const sorts = page.getByRole("navigation", { name: "Sort farmers" });
  await expect(sorts.getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");
  await sorts.getByRole("link", { name: "Top rated" }).click();
  await expect(page).toHaveURL(/\/merchants\/list\?sortType=rating$/);
  await expect(sorts.getByRole("link", { name: "Top rated" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const cards = page.getByRole("main").getByRole("article");
  await expect(cards).toHaveCount(10);
  // The best rated farm first: a rank needs 3 reviews, so it shows its stars and count.
  await expect(
    cards.first().getByRole("img", { name: /^[\d.]+ out of 5, \d+ reviews$/ }),
  ).toBeVisible();
  // Load More continues in the same order: more farmers, none twice (other journeys add farms
  // meanwhile, so the total may grow).
  await page.getByRole("button", { name: "Load More" }).click();
  await expect(cards.nth(10)).toBeVisible();
  const names = await cards.getByRole("heading").allTextContents();
  expect(new Set(names).size).toBe(names.length);

  // A search keeps the sort. (By role: the list before the sort stays in the page, hidden, for
  // going back.)
  const search = page.getByRole("searchbox", { name: "Search farmers" });
  await search.fill("bradford");
  await search.press("Enter");
  await expect(page).toHaveURL(/[?&]keyword=bradford/);
  await expect(page).toHaveURL(/[?&]sortType=rating/);
  await expect(cards).toHaveCount(1);
});

test("the listing pages have no serious accessibility problems and fit the screen", async ({
  page,
}) => {
  for (const path of ["/", "/products/filtered?sortType=latest", "/merchants/list"]) {
    await page.goto(path);
    await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .analyze();
    const blocking = results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.help} -> ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    expect(blocking, path).toEqual([]);
    // Nothing wider than the screen (farmers use phones: 375 px).
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth, path).toBeLessThanOrEqual(innerWidth);
  }
});
