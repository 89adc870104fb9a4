import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { resumeDemoSession } from "./demo-sessions";
import { addByApi, photo, registerFarm } from "./farm-helpers";

// Every test that adds products registers its own farm, so the two projects (desktop-1280 and
// mobile-375) running at once never share a plan count. Card payments are off in e2e (no Stripe
// keys), so the payout-account gate is waived and pay by card is disabled.
const NEXT_PLAN_Q = "q=require_next_subscription_for_products";

/** Turns a switch on or off the way a person does: by tapping its label. */
async function setSwitch(scope: Locator, name: string, on: boolean) {
  const control = scope.getByRole("switch", { name });
  if ((await control.isChecked()) !== on) {
    await scope
      .locator(`label[for="${await control.getAttribute("id")}"]`)
      .first()
      .click();
  }
  await expect(control).toBeChecked({ checked: on });
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

test("a farmer adds a product after fixing every mistake, then edits it", async ({ page }) => {
  const farm = await registerFarm(page, "pf_add");
  await page.goto(`/stores/${farm.username}/products/add`);
  await expect(page.getByRole("heading", { level: 1, name: "Add a product" })).toBeVisible();
  const form = page.getByRole("form", { name: "Add a product" });
  await expect(form.getByRole("switch", { name: "Pay in person" })).toBeChecked();
  await expect(form.getByRole("switch", { name: "In stock" })).toBeChecked();
  const payByCard = form.getByRole("switch", { name: "Pay by card" });
  await expect(payByCard).not.toBeChecked();
  await expect(payByCard).toBeDisabled();
  await expect(
    form.getByText("Card payments are not configured on this marketplace yet."),
  ).toBeVisible();
  await expectSeriousA11yFree(page, "the add product form");

  // The image slot is 80 % as high as it is wide.
  const slot = form.locator('label[for="product-image"]');
  const box = (await slot.boundingBox())!;
  expect(Math.abs(box.height / box.width - 0.8)).toBeLessThan(0.02);

  // Everything empty.
  await form.getByRole("button", { name: "Add Product" }).click();
  for (const message of [
    "Upload the image",
    "Product name is required",
    "Product detail is required",
    "Product price is required",
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }

  // Everything wrong.
  await form.getByLabel("Name").fill("Beets <b>");
  await form.getByLabel("Detail").fill("Sweet {red} beets");
  await form.getByLabel(/^Price/).fill("4.999");
  const image = form.getByLabel("Product image");
  await image.setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("not a photo"),
  });
  await expect(form.getByText("Invalid image file.")).toBeVisible();
  await image.setInputFiles({
    name: "huge.png",
    mimeType: "image/png",
    buffer: Buffer.alloc(9 * 1024 * 1024, 1),
  });
  await expect(form.getByText("Image size is too big.")).toBeVisible();
  await setSwitch(form, "Sold by weight", true);
  const weight = form.getByLabel("Weight", { exact: true });
  await expect(weight).toHaveValue("1");
  await expect(form.getByLabel("Weight unit")).toHaveValue("lbs");
  await weight.fill("a lot");
  await form.getByRole("button", { name: "Add Product" }).click();
  for (const message of [
    "Invalid Name",
    "Invalid Detail",
    "Invalid Price",
    "Invalid Value",
    "Image size is too big.",
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }

  // A PNG by name and type whose bytes are not an image: only the server can tell, and says so on the field.
  await form.getByLabel("Name").fill("Nana’s “Best” Beets");
  await form.getByLabel("Detail").fill("Sweet red beets, picked this morning.");
  await expect(form.getByLabel("Name")).toHaveValue(`Nana's "Best" Beets`);
  await form.getByLabel(/^Price/).fill("10.00");
  await expect(form.getByText("CA$8.41").first()).toBeVisible();
  await expect(
    form
      .getByText("The card processor takes 2.9% plus $0.30, plus 0.8% for non-Canadian cards.")
      .first(),
  ).toBeVisible();
  await expect(form.getByText("A handling fee is a flat $1.").first()).toBeVisible();
  await weight.fill("2.5");
  await form.getByLabel("Weight unit").selectOption("kg");
  await form.getByLabel("Free delivery").check();
  await image.setInputFiles({
    name: "beets.png",
    mimeType: "image/png",
    buffer: Buffer.from("GIF89a, not really a PNG"),
  });
  await form.getByRole("button", { name: "Add Product" }).click();
  await expect(
    form.getByRole("alert").filter({ hasText: "Oopsy, Something went wrong. Please check again." }),
  ).toBeVisible();
  await expect(form.getByText("Invalid image file.")).toBeVisible();

  await image.setInputFiles({
    name: "beets.jpg",
    mimeType: "image/jpeg",
    buffer: await photo("jpeg"),
  });
  await expect(form.getByRole("img", { name: "Preview of the product image" })).toBeVisible();
  await form.getByRole("button", { name: "Add Product" }).click();
  await expect(page).toHaveURL(`/stores/${farm.username}?notice=product_added`);

  const listed = await page.request.get("/api/products/getTotal/byUser", {
    headers: { authorization: `Bearer ${farm.token}` },
  });
  const { products } = (
    (await listed.json()) as { data: { products: { id: number; name: string }[] } }
  ).data;
  expect(products.map((p) => p.name)).toEqual([`Nana's "Best" Beets`]);
  const productId = products[0]!.id;

  // Edit: a spinner first, then the form with the product loaded. The spinner goes 500 ms after
  // the page hydrates, a window a busy machine can miss: the page's clock stands still until the
  // spinner has been seen, so it cannot leave early.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.goto(`/products/${productId}/edit`);
  const spinner = page.getByRole("status").filter({ hasText: "Loading the product…" });
  const edit = page.getByRole("form", { name: "Edit the product" });
  await expect(spinner).toBeVisible();
  await expect(edit).toHaveCount(0);
  await page.clock.resume();
  await expect(edit.getByLabel("Name")).toHaveValue(`Nana's "Best" Beets`);
  await expect(spinner).toHaveCount(0);
  await expect(edit.getByLabel(/^Price/)).toHaveValue("10.00");
  await expect(edit.getByLabel("Weight", { exact: true })).toHaveValue("2.5");
  await expect(edit.getByLabel("Weight unit")).toHaveValue("kg");
  await expect(edit.getByLabel("Free delivery")).toBeChecked();
  await expect(edit.getByRole("img", { name: "Preview of the product image" })).toBeVisible();

  await setSwitch(edit, "Pay in person", false);
  await expect(
    edit.getByText("You need to select at least one of the customer payment options"),
  ).toBeVisible();
  await setSwitch(edit, "Pay in person", true);
  await edit.getByLabel(/^Price/).fill("12.5");
  await setSwitch(edit, "In stock", false);
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(`/products/${productId}?notice=product_updated`);
  const updated = page.getByRole("dialog", { name: "Product updated" });
  await expect(updated.getByText("The product has been updated.", { exact: true })).toBeVisible();
  await updated.getByRole("button", { name: "OK" }).click();
  await expect(updated).toBeHidden();

  // Out of stock now: the price title says so, and nothing can be bought.
  const main = page.getByRole("main");
  await expect(main.getByText(/^\$12\.50 CAD \/ .+ - SOLD OUT$/)).toBeVisible();
  await expect(main.getByRole("spinbutton", { name: "Quantity" })).toBeDisabled();
  await expect(main.getByRole("button", { name: "Increase quantity" })).toBeDisabled();
  await expect(main.getByRole("button", { name: "Add to Cart" })).toBeDisabled();

  const loaded = await page.request.get(`/api/products/${productId}/byUser`, {
    headers: { authorization: `Bearer ${farm.token}` },
  });
  expect(((await loaded.json()) as { product: unknown }).product).toMatchObject({
    unit_price: "12.50",
    in_stock: false,
    pay_in_person: true,
    unit_weight: 2.5,
    unit_weight_symbol: "kg",
    delivery_service: "free_delivery",
  });
});

test("a Basic farm is sent to the Engager plan at its third product", async ({ page }) => {
  const farm = await registerFarm(page, "pf_basic");
  await addByApi(page.request, farm, "Kale Bunch");
  await page.goto(`/stores/${farm.username}/products/add`);
  await expect(page.getByRole("form", { name: "Add a product" })).toBeVisible();
  await addByApi(page.request, farm, "Garlic Scapes");

  await page.goto(`/stores/${farm.username}/products/add`);
  await expect(page).toHaveURL(`/subscription/payment/canada/engager?${NEXT_PLAN_Q}`);
  // No Stripe keys in this app: the page says plainly that plans cannot be bought here.
  await expect(
    page.getByText(/You have reached the product limit of your Basic plan/),
  ).toBeVisible();
  await expect(
    page.getByText(
      /Plans cannot be bought on this marketplace yet: card payments are not configured/,
    ),
  ).toBeVisible();

  const refused = await page.request.post("/api/products/add", {
    headers: { authorization: `Bearer ${farm.token}` },
    multipart: {
      name: "Third",
      detail: "One too many.",
      price: "1.00",
      productImage: { name: "x.png", mimeType: "image/png", buffer: await photo("png") },
    },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe(
    "Your Basic plan allows up to 2 products. Please subscribe to the Engager plan to add more.",
  );
});

test("saving an edit of a product removed meanwhile says it failed and keeps the form", async ({
  page,
}) => {
  const farm = await registerFarm(page, "pf_gone");
  const productId = await addByApi(page.request, farm, "Rainbow Chard");
  await page.goto(`/products/${productId}/edit`);
  const edit = page.getByRole("form", { name: "Edit the product" });
  await expect(edit.getByLabel("Name")).toHaveValue("Rainbow Chard");

  // Removed for good from another tab while this form is open.
  const removed = await page.request.post(`/api/products/${productId}/remove`, {
    headers: { authorization: `Bearer ${farm.token}` },
  });
  expect(removed.status(), await removed.text()).toBe(200);

  await edit.getByLabel("Name").fill("Rainbow Chard Bunch");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(
    edit.getByRole("alert").filter({
      hasText:
        "Oops! Something went wrong. Please review the form and try again. The product could not be found.",
    }),
  ).toBeVisible();
  await expect(page).toHaveURL(`/products/${productId}/edit`);
  await expect(edit.getByLabel("Name")).toHaveValue("Rainbow Chard Bunch");
});

test("the farm's own product page asks again when its copy is older than their last edit", async ({
  page,
}) => {
  // The race itself (a render begun before the edit, still running when the farm arrives) cannot
  // be timed from here: the first viewer answer stands in for it by saying the product changed
  // after this copy was rendered. The page asks for itself again until the viewer's next answer
  // (the new copy's reviews ask for it) agrees, and never more than three times.
  const farm = await registerFarm(page, "pf_fresh");
  const productId = await addByApi(page.request, farm, "Fresh Copy Carrots");
  let altered = 0;
  await page.route(`**/api/viewer?product=${productId}`, async (route) => {
    const response = await route.fetch();
    const answer = (await response.json()) as { ownProductVersion: string | null };
    expect(answer.ownProductVersion).not.toBeNull();
    if (altered++ === 0) answer.ownProductVersion = new Date(Date.now() + 60_000).toISOString();
    await route.fulfill({ response, json: answer });
  });
  let refreshes = 0;
  page.on("request", (request) => {
    const url = new URL(request.url());
    const headers = request.headers();
    if (
      url.pathname === `/products/${productId}` &&
      headers["rsc"] === "1" &&
      !headers["next-router-prefetch"]
    )
      refreshes += 1;
  });
  const viewerAgain = page.waitForResponse(
    (response) => response.url().includes(`/api/viewer?product=${productId}`) && altered >= 2,
  );
  await page.goto(`/products/${productId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Fresh Copy Carrots" })).toBeVisible();
  await expect.poll(() => refreshes).toBeGreaterThanOrEqual(1);
  await viewerAgain;
  await expect(page.getByRole("heading", { level: 1, name: "Fresh Copy Carrots" })).toBeVisible();
  expect(refreshes).toBeLessThanOrEqual(3);
  // A viewer call still in the handler when the page closes must not fail the test.
  await page.unrouteAll({ behavior: "ignoreErrors" });
});

test("only the owner reaches the forms", async ({ page, context }) => {
  // A visitor goes to login, and back afterwards. The add page asks /api/viewer too before it sends
  // the visitor on: the login page's own call is the one sent from it (its Referer).
  const loginViewer = page.waitForResponse(async (r) => {
    if (new URL(r.url()).pathname !== "/api/viewer") return false;
    const from = await r.request().headerValue("referer");
    return from !== null && new URL(from).pathname === "/login";
  });
  await page.goto("/stores/maple_ridge_farm/products/add");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fstores%2Fmaple_ridge_farm%2Fproducts%2Fadd$/);

  // A browser that still says it is signed in, but whose session is gone, reads the spec's message.
  // Added once the login page has asked who is looking: a viewer call that carried the cookie
  // would rightly remove it (no session), and the edit page would then send a visitor to login.
  await loginViewer;
  await context.addCookies([{ name: "authenticated", value: "true", url: page.url() }]);
  await page.goto("/products/1/edit");
  await expect(page.getByText("You have to log in to edit the product.")).toBeVisible();
  await context.clearCookies();

  const farm = await registerFarm(page, "pf_owner");
  const theirs = await addByApi(page.request, farm, "Honeycrisp Apples");

  // Another farm's add page and edit page. (Signed out first: a sign-in carrying a session cookie
  // but no Origin header is refused as cross-site.)
  await context.clearCookies();
  await resumeDemoSession(context, "holland_marsh_greens");
  await page.goto(`/stores/${farm.username}/products/add`);
  await expect(
    page.getByRole("alert").filter({
      hasText: "Oopsy, looks like you are not permitted to create the product.",
    }),
  ).toBeVisible();
  await expect(page.getByRole("form", { name: "Add a product" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Add a product to your store" })).toHaveAttribute(
    "href",
    "/stores/holland_marsh_greens/products/add",
  );
  await page.goto(`/products/${theirs}/edit`);
  await expect(page.getByText("We have difficulty getting the product data.")).toBeVisible();
  const peek = await page.request.get(`/api/products/${theirs}/byUser`);
  expect(peek.status()).toBe(404);

  // A customer is sent to the dashboard.
  await context.clearCookies();
  await resumeDemoSession(context, "customer");
  await page.goto(`/products/${theirs}/edit`);
  await expect(page).toHaveURL("/");
});
