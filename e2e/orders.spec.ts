import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { demoSession } from "./demo-sessions";
import { registerCustomer, skipMyLocalDialog } from "./fixtures";

// Each test registers its own customer and places its own orders with the demo farm
// (server/db/seed), so both projects run at once; the farm's list is searched by order number.
const FARM = "maple_ridge_farm";

type StoreProduct = {
  id: number;
  title: string;
  inStock: boolean;
  deliveryMethod: "free_delivery" | "in_store";
  currency: string;
};

const CONTACT = {
  firstName: "Robin",
  lastName: "Ash",
  email: "robin.ash@example.com",
  phone: "4165550177",
};
const HOME = {
  ...CONTACT,
  deliveryDestination: "home",
  address: "22 Elm St.",
  city: "Newmarket",
  provinceState: "ON",
  country: "CA",
  postalCode: "L3Y 4X1",
};
const STORE = { ...CONTACT, deliveryDestination: "store" };

/** Signs the page's context in and answers the site's origin (cookie-authenticated writes carry it). */
async function signIn(page: Page, login: string, password: string): Promise<string> {
  const response = await page.request.post("/api/users/login", { data: { login, password } });
  expect(response.ok(), await response.text()).toBe(true);
  return new URL(response.url()).origin;
}

async function newCustomer(page: Page, baseURL: string) {
  await skipMyLocalDialog(page.context(), baseURL);
  const customer = await registerCustomer(page.request, "buyer");
  const origin = await signIn(page, customer.email, customer.password);
  return { ...customer, origin };
}

/** The demo farm, signed in (its demo session), in a browser of its own (same viewport as the project). */
async function farmerPage(browser: Browser, testInfo: TestInfo, baseURL: string): Promise<Page> {
  const { viewport, isMobile, hasTouch } = testInfo.project.use;
  const context = await browser.newContext({
    baseURL,
    viewport,
    isMobile,
    hasTouch,
    storageState: demoSession(FARM),
  });
  await skipMyLocalDialog(context, baseURL);
  return context.newPage();
}

async function farmProduct(
  page: Page,
  method: StoreProduct["deliveryMethod"],
): Promise<StoreProduct> {
  const response = await page.request.get(`/api/stores/${FARM}/products`);
  expect(response.ok(), await response.text()).toBe(true);
  const { products } = (await response.json()) as { products: StoreProduct[] };
  const product = products.find(
    (p) => p.inStock && p.currency === "CAD" && p.deliveryMethod === method,
  );
  expect(product, `the demo farm sells an in-stock ${method} product`).toBeTruthy();
  return product!;
}

/** Adds the product to the cart on its page and checks out in person; answers the order number. */
async function placeOrder(
  page: Page,
  origin: string,
  product: StoreProduct,
  delivery: Record<string, string>,
): Promise<string> {
  await page.goto(`/products/${product.id}`);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to your cart.")).toBeVisible();
  const placed = await page.request.post("/api/checkout/inPerson", {
    headers: { origin },
    data: { checkoutKey: randomUUID(), delivery },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { orderNo: string }).orderNo;
}

/**
 * Waits for mails in /dev/mailbox, reloading it: the server may send a mail after its answer (the
 * order-placed mails go out with after()), so a mail is not there at the instant of the answer.
 */
async function expectInMailbox(page: Page, ...rows: { to?: string; text: string }[]) {
  await expect(async () => {
    await page.goto("/dev/mailbox");
    for (const { to, text } of rows) {
      const mails = page.getByRole("row").filter({ hasText: to ?? "" });
      await expect(mails.filter({ hasText: text })).toBeVisible({ timeout: 1_000 });
    }
  }).toPass({ timeout: 15_000 });
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

/** Moves one line to a status through the inline editor of Customer Orders. */
async function moveTo(farmer: Page, rowName: string, status: string) {
  await farmer.getByRole("button", { name: `Edit status of ${rowName}` }).click();
  await farmer
    .getByRole("combobox", { name: `Status of ${rowName}` })
    .selectOption({ label: status });
  await farmer.getByRole("button", { name: `Save status of ${rowName}` }).click();
  await expect(farmer.getByRole("status").filter({ hasText: `is now ${status}.` })).toBeVisible();
}

test.describe("orders", () => {
  test("who may open the order pages", async ({ page, baseURL }) => {
    await page.goto("/customerOrders/manage");
    await expect(page).toHaveURL(/\/login\?redirect=%2FcustomerOrders%2Fmanage$/);
    await page.goto("/orders/ready");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Forders%2Fready$/);

    await newCustomer(page, baseURL!);
    await page.goto("/customerOrders/manage");
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/myOrders/manage");
    await expect(page.getByRole("heading", { level: 1, name: "My Purchases" })).toBeVisible();
    await expect(page.getByText("You don't have any orders yet.")).toBeVisible();
    await expectSeriousA11yFree(page, "empty My Purchases");
  });

  test("the farmer moves a delivery order through its statuses; the customer sees each one and an email", async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const customer = await newCustomer(page, baseURL!);
    const product = await farmProduct(page, "free_delivery");
    const orderNo = await placeOrder(page, customer.origin, product, HOME);

    const farmer = await farmerPage(browser, testInfo, baseURL!);
    await farmer.goto(`/customerOrders/manage?keyword=${orderNo}`);
    await expect(farmer.getByRole("heading", { level: 1, name: "Customer Orders" })).toBeVisible();
    await expect(farmer.getByText(`1 order line matching “${orderNo}”`)).toBeVisible();
    const rowName = `${product.title} in order ${orderNo}`;

    // The customer contact modal.
    await farmer
      .getByRole("button", { name: "Customer contact: Robin Ash" })
      .filter({ visible: true })
      .click();
    const contact = farmer.getByRole("dialog", { name: "Customer contact" });
    await expect(contact.getByRole("link", { name: "robin.ash@example.com" })).toHaveAttribute(
      "href",
      "mailto:robin.ash@example.com",
    );
    await expect(contact.getByRole("link", { name: "(416) 555-0177" })).toHaveAttribute(
      "href",
      "tel:4165550177",
    );
    await expectSeriousA11yFree(farmer, "customer contact modal");
    await contact.getByRole("button", { name: "Close" }).click();

    // The Messenger modal: the farm (on Harvest) writes to the customer about the order.
    await farmer.getByRole("button", { name: "Send Message to Robin Ash" }).first().click();
    const messenger = farmer.getByRole("dialog", { name: "Send Message to Robin Ash" });
    await expect(messenger.getByLabel("To")).toBeDisabled();
    await messenger.getByLabel("Message").fill("Your order leaves the farm this afternoon.");
    await messenger.getByRole("button", { name: "Send" }).click();
    await expect(messenger.getByText("Successfully Sent!")).toBeVisible();
    await messenger.getByRole("button", { name: "Close" }).click();

    // A delivery line offers the delivery statuses only, labelled with spaces and capitals.
    await farmer.getByRole("button", { name: `Edit status of ${rowName}` }).click();
    const select = farmer.getByRole("combobox", { name: `Status of ${rowName}` });
    await expect(select.getByRole("option")).toHaveText([
      "Order Created",
      "Ready To Ship",
      "In Shipping",
      "Shipped",
      "Customer Received",
      "Cancelled",
      "Refunded",
    ]);
    await expectSeriousA11yFree(farmer, "Customer Orders in edit mode");
    await farmer.getByRole("button", { name: `Cancel editing the status of ${rowName}` }).click();
    await expect(select).toHaveCount(0);

    await page.goto(`/myOrders/manage?keyword=${orderNo}`);
    const status = (label: string) =>
      page.getByText(label, { exact: true }).filter({ visible: true });
    await expect(status("Order Created")).toBeVisible();
    for (const next of ["Ready To Ship", "In Shipping", "Shipped"]) {
      await moveTo(farmer, rowName, next);
      await page.reload();
      await expect(status(next)).toBeVisible();
    }

    // The order-placed mail (sent after the checkout's answer) and one per status.
    await expectInMailbox(
      page,
      { to: "robin.ash@example.com", text: `Thank you for your order ${orderNo}` },
      ...["Ready To Ship", "In Shipping", "Shipped"].map((label) => ({
        to: "robin.ash@example.com",
        text: `Your order ${orderNo} is now ${label}`,
      })),
    );

    // A closed status leaves no Edit button: keyboard focus stays on the line's status.
    await moveTo(farmer, rowName, "Cancelled");
    await expect(farmer.getByRole("button", { name: `Edit status of ${rowName}` })).toHaveCount(0);
    await expect(farmer.locator(":focus")).toContainText("Cancelled");
    await farmer.context().close();
  });

  test("the customer cancels an order from the order modal, once", async ({ page, baseURL }) => {
    const customer = await newCustomer(page, baseURL!);
    const product = await farmProduct(page, "in_store");
    const orderNo = await placeOrder(page, customer.origin, product, STORE);

    await page.goto("/myOrders/manage");
    await page
      .getByRole("button", { name: `Order ${orderNo}` })
      .filter({ visible: true })
      .first()
      .click();
    const modal = page.getByRole("dialog", { name: `Order ${orderNo}` });
    await expect(modal.getByRole("list", { name: `Items in order ${orderNo}` })).toContainText(
      product.title,
    );
    await expect(
      modal.getByRole("img", { name: `QR code for ${FARM} to confirm the handover` }),
    ).toBeVisible();
    await expectSeriousA11yFree(page, "the order modal");
    await modal.getByRole("button", { name: "Cancel Order" }).click();
    await modal.getByRole("button", { name: "Yes, cancel the order" }).click();
    await expect(modal.getByRole("status")).toHaveText(`The order ${orderNo} has been cancelled.`);
    await expect(modal.getByRole("button", { name: "Cancel Order" })).toBeDisabled();
    await expect(modal.getByText("This order is cancelled.")).toBeVisible();
    await modal.getByRole("button", { name: "Close" }).click();
    await expect(
      page.getByText("Cancelled", { exact: true }).filter({ visible: true }),
    ).toBeVisible();

    // A second cancel (another tab, a retry) changes nothing.
    const again = await page.request.post(`/api/orders/${orderNo}/cancel`, {
      headers: { origin: customer.origin },
    });
    expect(again.status()).toBe(409);
    await expectInMailbox(
      page,
      { text: `Your order ${orderNo} is cancelled` },
      { text: `Order ${orderNo} was cancelled by Robin Ash` },
    );
  });

  test("the farmer confirms the handover through the customer's QR link", async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const customer = await newCustomer(page, baseURL!);
    const product = await farmProduct(page, "in_store");
    const orderNo = await placeOrder(page, customer.origin, product, STORE);

    const farmer = await farmerPage(browser, testInfo, baseURL!);
    await farmer.goto(`/customerOrders/manage?keyword=${orderNo}`);
    await moveTo(farmer, `${product.title} in order ${orderNo}`, "Ready For Pickup");

    await page.goto("/orders/ready");
    const order = page.getByRole("article", { name: `Order ${orderNo}` });
    await expect(order.getByText("Ready For Pickup", { exact: true })).toBeVisible();
    await expect(
      order.getByRole("img", { name: `QR code for ${FARM} to confirm the handover` }),
    ).toBeVisible();
    await expectSeriousA11yFree(page, "orders ready");
    await order.getByText("The farmer cannot scan?").click();
    const link = await order
      .getByRole("link", { name: `Handover link for ${FARM}` })
      .getAttribute("href");
    expect(link).toMatch(/\/orders\/\d+\/confirmByMerchant\?m=\d+&t=[\w-]{22}$/);

    // The customer cannot confirm their own handover; the page says whom the link is for.
    await page.goto(link!);
    await expect(page.getByRole("heading", { name: "This link is for the farm" })).toBeVisible();

    await farmer.goto(link!);
    await expect(farmer.getByRole("heading", { name: "Handover confirmed" })).toBeVisible();
    await expect(farmer.getByRole("list", { name: "Confirmed items" })).toContainText(
      product.title,
    );
    await expectSeriousA11yFree(farmer, "handover confirmed");
    // Scanning again changes nothing and still shows the lines.
    await farmer.reload();
    await expect(farmer.getByRole("heading", { name: "Handover confirmed" })).toBeVisible();

    // A forged code is refused with the spec's heading and the reason.
    await farmer.goto(link!.replace(/t=[\w-]+$/, "t=AAAAAAAAAAAAAAAAAAAAAA"));
    const problem = farmer.getByRole("alert").filter({ hasText: "Uh oh.. Something went wrong." });
    await expect(problem).toContainText("This QR code is not valid for your farm.");

    await page.goto(`/myOrders/manage?keyword=${orderNo}`);
    await expect(
      page.getByText("Customer Received", { exact: true }).filter({ visible: true }),
    ).toBeVisible();
    await farmer.context().close();
  });
});
