import AxeBuilder from "@axe-core/playwright";
import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { addByApi, registerFarm, signIn } from "./farm-helpers";
import { registerCustomer, skipMyLocalDialog } from "./fixtures";

// Stock by quantity (issue 41, decision 0042). Each run makes its own farm and product, so both
// projects (desktop-1280, mobile-375) buy their own last units at once. The other buyer is a
// second customer calling the API with a bearer token, as another browser would.

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

async function setSwitch(scope: Locator, name: string, on: boolean) {
  const control = scope.getByRole("switch", { name });
  if ((await control.isChecked()) !== on)
    await scope
      .locator(`label[for="${await control.getAttribute("id")}"]`)
      .first()
      .click();
  await expect(control).toBeChecked({ checked: on });
}

/** Another customer, buying through the API: adds `qty` and pays in person at once. */
async function otherCustomerBuys(
  request: APIRequestContext,
  token: string,
  pKey: string,
  qty: number,
) {
  const headers = { authorization: `Bearer ${token}` };
  const added = await request.post("/api/cart", { headers, data: { pKey, qty } });
  expect(added.ok(), await added.text()).toBe(true);
  const placed = await request.post("/api/checkout/inPerson", {
    headers,
    data: {
      checkoutKey: randomUUID(),
      delivery: {
        deliveryDestination: "store",
        firstName: "Sam",
        lastName: "Other",
        email: "sam.other@example.com",
        phone: "(905) 555-0101",
      },
      items: [{ pKey, qty }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
}

async function checkOutInPerson(page: Page) {
  await page.goto("/cart");
  await page.getByRole("tab", { name: /Pay in Person/ }).click();
  await page.getByRole("link", { name: "Proceed to Next" }).click();
  await expect(page).toHaveURL(/\/checkout\/delivery\/in_person\/store$/);
  const form = page.getByRole("form", { name: "Order Delivery Information" });
  await form.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/checkout\/in_person\/preview$/);
}

test("a customer meets Only N left, the picker's cap, and someone else buying the last units", async ({
  page,
  request,
  baseURL,
}) => {
  // The farm lists a product, then limits it to 4 in its edit form.
  const farm = await registerFarm(page, "stock");
  const name = `Plum Jam ${Date.now().toString(36)}`;
  const productId = await addByApi(page.request, farm, name);
  await page.goto(`/products/${productId}/edit`);
  const edit = page.getByRole("form", { name: "Edit the product" });
  await expect(edit.getByLabel("Name")).toHaveValue(name);
  await setSwitch(edit, "Limited quantity", true);
  const quantity = edit.getByLabel("Quantity available (each)");
  await quantity.fill("2.5");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(edit.getByText("Enter a whole number: this product is sold each.")).toBeVisible();
  await expect(quantity).toHaveAttribute("aria-invalid", "true");
  await quantity.fill("4");
  await edit.getByLabel("Show “Only N left” from").fill("5");
  await expectSeriousA11yFree(page, "product form with a quantity");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(`/products/${productId}?notice=product_updated`);

  // A customer sees how many are left, on the store page and the product page.
  // The browser is the customer's from here: the farm's session goes (a signed-in POST without
  // the site's origin, as page.request sends, is refused as cross-site).
  await page.context().clearCookies();
  await skipMyLocalDialog(page.context(), baseURL!);
  const customer = await registerCustomer(request, "lastunits");
  await signIn(page.request, customer.email, customer.password);
  const other = await registerCustomer(request, "otherbuyer");
  const otherToken = await signIn(request, other.email, other.password);

  await page.goto(`/stores/${farm.username}`);
  const card = page.getByRole("article").filter({ hasText: name });
  await expect(card.getByText("Only 4 left", { exact: true })).toBeVisible();

  await page.goto(`/products/${productId}`);
  const main = page.getByRole("main");
  await expect(main.getByText("Only 4 left", { exact: true })).toBeVisible();
  const picker = main.getByRole("spinbutton", { name: "Quantity" });
  const more = main.getByRole("button", { name: "Increase quantity" });
  // Typed above what is left, it settles on what is left.
  await picker.fill("9");
  await picker.blur();
  await expect(picker).toHaveValue("4");
  await expect(more).toBeDisabled();
  await main.getByRole("button", { name: "Decrease quantity" }).click();
  await expect(picker).toHaveValue("3");
  await main.getByRole("button", { name: "Add to Cart" }).click();
  await expect(main.getByText("Added to your cart.")).toBeVisible();
  await expectSeriousA11yFree(page, "product page with a few left");

  // Someone else buys 2 of the 4: the cart says so, and Decrease takes it down to what is left.
  const { items } = (await (await page.request.get("/api/cart")).json()) as {
    items: { p_key: string; name: string }[];
  };
  const pKey = items.find((item) => item.name === name)!.p_key;
  await otherCustomerBuys(request, otherToken, pKey, 2);

  await page.goto("/cart");
  await page.getByRole("tab", { name: /Pay in Person/ }).click();
  await expect(page.getByText("Only 2 left: lower the quantity to order it.")).toBeVisible();
  await page.getByRole("button", { name: `Decrease quantity of ${name}` }).click();
  await expect(page.getByRole("status", { name: `Quantity of ${name}` })).toHaveText("2");
  await expect(page.getByRole("button", { name: `Increase quantity of ${name}` })).toBeDisabled();
  await expectSeriousA11yFree(page, "cart with a few left");

  // At the preview, the other customer takes one more before Pay in Person: refused, named.
  await checkOutInPerson(page);
  await otherCustomerBuys(request, otherToken, pKey, 1);
  await page.getByRole("button", { name: "Pay in Person" }).click();
  await expect(
    page.getByRole("alert").filter({
      hasText: `Only 1 of ${name} is left, and your order asks for 2. Please review your order again.`,
    }),
  ).toBeVisible();

  // The customer lowers it and buys the last unit.
  await page.goto("/cart");
  await page.getByRole("tab", { name: /Pay in Person/ }).click();
  await page.getByRole("button", { name: `Decrease quantity of ${name}` }).click();
  await expect(page.getByRole("status", { name: `Quantity of ${name}` })).toHaveText("1");
  await checkOutInPerson(page);
  await page.getByRole("button", { name: "Pay in Person" }).click();
  await expect(page).toHaveURL(/\/checkout\/payment\/in_person\/completed\/[A-Z0-9]{12}$/);
  await expect(page.getByRole("list", { name: "Items in your order" })).toContainText(name);

  // Sold out now, exactly as the spec's SOLD OUT (the page catches up right after the order).
  await expect(async () => {
    await page.goto(`/products/${productId}`);
    await expect(page.getByRole("main").getByText(/ - SOLD OUT$/)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByRole("main").getByRole("button", { name: "Add to Cart" })).toBeDisabled();
  await expect(page.getByRole("main").getByText(/^Only \d+ left$/)).toHaveCount(0);
});
