import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import sharp from "sharp";
import { skipMyLocalDialog } from "./fixtures";

// Store pages (spec part 1 sections 2, 4, 6 and 8). Runs in both projects at once: the visitor
// tests only read the demo stores, and each owner test registers a farm of its own.

const PASSWORD = "Fresh-Carrots-2026!";
const EMPTY_STORE = "There are no items available for sale at the moment.";
const EMPTY_DELETED = "Whoa! You have no deleted items.";

function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
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

async function registerFarm(request: APIRequestContext, username: string) {
  const response = await request.post("/api/merchants/register", {
    data: {
      username,
      firstName: "Priya",
      lastName: "Green",
      phone: "(519) 555-0188",
      country: "CA",
      email: `${username}@example.com`,
      password: PASSWORD,
      cPassword: PASSWORD,
      address: "12 Concession Road 4",
      city: "Guelph",
      provinceState: "ON",
      postalCode: "N1H 6J2",
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Scoped to the visible form: Next keeps the previous page's form in the tree, hidden. */
async function signIn(page: Page, login: string) {
  const form = page.getByRole("form", { name: "Login" });
  await form.getByLabel("Email or Username").fill(login);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByRole("button", { name: "Login" }).click();
}

/** Lists a product through the add call, signed in as the page's member (its cookies). */
async function addProduct(page: Page, name: string): Promise<number> {
  const image = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 90, g: 140, b: 60 } },
  })
    .png()
    .toBuffer();
  const response = await page.request.post("/api/products/add", {
    headers: { origin: new URL(page.url()).origin },
    multipart: {
      productImage: { name: "produce.png", mimeType: "image/png", buffer: image },
      name,
      detail: `${name}, picked this morning.`,
      price: "4.50",
      weightRequired: "false",
      deliveryService: "false",
      inStock: "true",
      payInPerson: "true",
      payByCard: "false",
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { product: { id: number } }).product.id;
}

// The My Local dialog would open over the store for visitors; these tests are about the store.
test.beforeEach(({ context, baseURL }) => skipMyLocalDialog(context, baseURL!));

const cards = (page: Page) => page.getByRole("main").getByRole("article");
const status = (page: Page) => page.getByRole("main").getByRole("status");

test.describe("a visitor", () => {
  test("opens a farm's store, reads its profile and pages through its products", async ({
    page,
    request,
  }) => {
    const api = await request.get("/api/stores/maple_ridge_farm/products?page=1");
    expect(api.status()).toBe(200);
    const first = (await api.json()) as {
      total: number;
      perPage: number;
      hasMore: boolean;
      products: Array<{ title: string }>;
    };
    expect(first.perPage).toBe(12);
    expect(first.total).toBeGreaterThan(0);

    await page.goto("/stores/maple_ridge_farm");
    await expect(page).toHaveTitle(/^maple_ridge_farm: fresh produce from Richmond Hill/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      /\/stores\/maple_ridge_farm$/,
    );
    await expect(page.getByRole("heading", { level: 1, name: "maple_ridge_farm" })).toBeVisible();
    await expect(page.getByText("Run by Ellen")).toBeVisible();
    await expect(page.getByText("Richmond Hill, Ontario, Canada")).toBeVisible();
    await expect(page.getByText("Pay in Person")).toBeVisible();
    await expect(page.getByText(/^Member since/)).toBeVisible();
    const avatar = page.getByRole("img", { name: "Profile image of maple_ridge_farm" });
    await expect(avatar).toBeVisible();
    expect((await avatar.boundingBox())?.width).toBe(160);

    await expect(cards(page)).toHaveCount(Math.min(first.total, 12));
    await expect(
      page.getByRole("heading", { level: 3, name: first.products[0]!.title }),
    ).toBeVisible();
    // View mode: no owner controls.
    await expect(page.getByRole("link", { name: "Add a product" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Delete/ })).toHaveCount(0);
    await page.waitForLoadState("networkidle");
    await expectSeriousA11yFree(page, "/stores/maple_ridge_farm");

    const loadMore = page.getByRole("button", { name: "Load More" });
    if (first.hasMore) {
      await loadMore.click();
      await expect(cards(page)).toHaveCount(Math.min(first.total, 24));
    } else {
      // The demo farms list at most 10 products, so the whole store fits one page.
      await expect(loadMore).toHaveCount(0);
    }
  });

  test("is sent back to the store from its owner-only views", async ({ page }) => {
    await page.goto("/stores/maple_ridge_farm/deleted");
    await expect(page).toHaveURL(/\/stores\/maple_ridge_farm$/);
    await expect(page.getByRole("heading", { level: 1, name: "maple_ridge_farm" })).toBeVisible();
    await expect(page.getByText(EMPTY_DELETED)).toHaveCount(0);

    await page.goto("/stores/maple_ridge_farm/public");
    await expect(page).toHaveURL(/\/stores\/maple_ridge_farm$/);

    const deleted = await page.request.get(
      "/api/stores/maple_ridge_farm/products?viewMode=deleted",
    );
    expect(deleted.status()).toBe(404);
  });

  test("finds no store for an unknown username or a customer", async ({ page }) => {
    for (const path of [
      "/stores/no_such_farm_here",
      "/stores/demo_customer",
      "/stores/maple_ridge_farm/hidden",
    ]) {
      await page.goto(path);
      await expect(
        page.getByRole("heading", { level: 1, name: "Page not found" }),
        path,
      ).toBeVisible();
    }
  });
});

test("a new farmer lands on an empty store, then deletes, activates and removes products", async ({
  page,
  browser,
}) => {
  const username = uniqueName("store");
  await registerFarm(page.request, username);

  // After sign-in a merchant goes to their own store (spec part 1 section 4), in edit mode.
  await page.goto("/login");
  await signIn(page, username);
  await expect(page).toHaveURL(`/stores/${username}`);
  await expect(page.getByRole("heading", { level: 1, name: username })).toBeVisible();
  await expect(page.getByText(EMPTY_STORE)).toBeVisible();
  await expect(page.getByRole("link", { name: "Add a product" })).toHaveAttribute(
    "href",
    `/stores/${username}/products/add`,
  );
  await expect(page.getByRole("link", { name: "Active items" })).toHaveAttribute(
    "aria-current",
    "page",
  );

  // Tapped as soon as the bar shows: nothing above it may move once it is there (a click used to
  // land beside the link when the owner's Ask The Farmer button was taken away after the viewer
  // call).
  await page.getByRole("link", { name: "Deleted items" }).click();
  await expect(page).toHaveURL(`/stores/${username}/deleted`);
  await expect(page.getByText(EMPTY_DELETED)).toBeVisible();

  // A Basic farm may list two products.
  const chardId = await addProduct(page, "Rainbow Chard");
  const duckId = await addProduct(page, "Duck Eggs");

  await page.goto(`/stores/${username}`);
  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByRole("link", { name: "Edit Rainbow Chard" })).toHaveAttribute(
    "href",
    `/products/${chardId}/edit`,
  );
  // The shell knows the viewer once its footer offers Logout. Not "networkidle": a member's page
  // keeps its live-messages stream open, and Chromium called the network idle only ~28 s later.
  await expect(page.getByRole("contentinfo").getByRole("button", { name: "Logout" })).toBeVisible();
  await expectSeriousA11yFree(page, "the owner's store");

  // Delete: the card leaves the active list at once.
  await page.getByRole("button", { name: "Delete Rainbow Chard" }).click();
  await expect(status(page)).toHaveText("The product has been deleted.");
  await expect(cards(page)).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "Rainbow Chard" })).toHaveCount(0);

  // Customers no longer see it either.
  const visitor = await browser.newContext();
  await skipMyLocalDialog(visitor, new URL(page.url()).origin);
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/stores/${username}`);
  await expect(cards(visitorPage)).toHaveCount(1);
  await expect(visitorPage.getByRole("heading", { level: 3, name: "Duck Eggs" })).toBeVisible();
  await expect(visitorPage.getByRole("button", { name: /^Delete/ })).toHaveCount(0);
  await visitorPage.goto(`/stores/${username}/deleted`);
  await expect(visitorPage).toHaveURL(new RegExp(`/stores/${username}$`));
  await visitor.close();

  // Activate from the deleted view.
  await page.getByRole("link", { name: "Deleted items" }).click();
  await expect(page).toHaveURL(`/stores/${username}/deleted`);
  await expect(cards(page)).toHaveCount(1);
  await page.getByRole("button", { name: "Activate Rainbow Chard" }).click();
  await expect(status(page)).toHaveText("The product has been activated.");
  await expect(page.getByText(EMPTY_DELETED)).toBeVisible();

  // Permanently Remove asks first; Cancel keeps the product.
  await page.getByRole("link", { name: "Active items" }).click();
  await expect(cards(page)).toHaveCount(2);
  await page.getByRole("button", { name: "Delete Duck Eggs" }).click();
  await expect(status(page)).toHaveText("The product has been deleted.");
  // A deleted product can still be edited; it has no public page, so saving leads back to the
  // deleted view.
  await page.goto(`/products/${duckId}/edit`);
  const edit = page.getByRole("form", { name: "Edit the product" });
  await edit.getByLabel(/^Price/).fill("7");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(`/stores/${username}/deleted?notice=product_updated`);
  const updated = page.getByRole("dialog", { name: "Product updated" });
  await expect(updated).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(updated).toBeHidden();
  await page.getByRole("link", { name: "Deleted items" }).click();
  await expect(cards(page)).toHaveCount(1);
  await page.getByRole("button", { name: "Permanently Remove Duck Eggs" }).click();
  const dialog = page.getByRole("dialog", { name: "Permanently remove this product?" });
  await expect(dialog).toContainText("This cannot be undone.");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(cards(page)).toHaveCount(1);
  await page.getByRole("button", { name: "Permanently Remove Duck Eggs" }).click();
  await dialog.getByRole("button", { name: "Permanently Remove" }).click();
  await expect(status(page)).toHaveText("The product has been removed permanently.");
  await expect(page.getByText(EMPTY_DELETED)).toBeVisible();

  // The public view shows the owner what customers see: no controls.
  await page.getByRole("link", { name: "Public view" }).click();
  await expect(page).toHaveURL(`/stores/${username}/public`);
  await expect(page.getByText("This is your store as customers see it.")).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
  await expect(page.getByRole("button", { name: /^Delete/ })).toHaveCount(0);
});

test("an activate error shows the server's message", async ({ page }) => {
  const username = uniqueName("stact");
  await registerFarm(page.request, username);
  await page.goto("/login");
  await signIn(page, username);
  await expect(page).toHaveURL(`/stores/${username}`);
  const id = await addProduct(page, "Garlic Scapes");
  const origin = new URL(page.url()).origin;
  expect(
    (await page.request.post(`/api/products/${id}/delete`, { headers: { origin } })).status(),
  ).toBe(200);

  await page.goto(`/stores/${username}/deleted`);
  await expect(cards(page)).toHaveCount(1);
  // Activated elsewhere (another tab) in the meantime.
  expect(
    (await page.request.post(`/api/products/${id}/activate`, { headers: { origin } })).status(),
  ).toBe(200);
  await page.getByRole("button", { name: "Activate Garlic Scapes" }).click();
  await expect(status(page)).toHaveText("The product is already active.");
  await expect(cards(page)).toHaveCount(1);
});
