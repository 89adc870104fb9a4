import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { ADMIN, signInAsAdmin } from "./admin-helpers";
import { demoSession } from "./demo-sessions";
import { registerCustomer, skipMyLocalDialog } from "./fixtures";

// Contact Us (issue 21 item 7) and short links (item 8). Both projects run at once on one
// database, so every name, email and order here is this run's own.
test.beforeEach(({ context, baseURL }) => skipMyLocalDialog(context, baseURL!));

const ADMIN_EMAIL = "admin@example.com";
const FARM = "maple_ridge_farm";

/** Letters only (names allow letters, spaces and apostrophes): a name nobody else used. */
function uniqueName(): string {
  const letters = Array.from(randomUUID().replace(/-/g, "").slice(0, 8), (c) =>
    String.fromCharCode(97 + (parseInt(c, 16) % 26)),
  ).join("");
  return `Tess${letters}`;
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

/** Nothing sticks out sideways (a 375 px phone must not scroll horizontally). */
async function expectNoSidewaysScroll(page: Page, label: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `horizontal overflow on ${label}`).toBeLessThanOrEqual(0);
}

async function signIn(page: Page, login: string, password: string): Promise<string> {
  const response = await page.request.post("/api/users/login", { data: { login, password } });
  expect(response.ok(), await response.text()).toBe(true);
  return new URL(response.url()).origin;
}

test.describe("Contact Us", () => {
  test("a visitor writes to the operators, who get a mail and mark it handled in the inbox", async ({
    page,
  }) => {
    const firstName = uniqueName();
    const lastName = "O'Hara";
    const email = `${firstName.toLowerCase()}@example.com`;
    const content = `Do you deliver to Newmarket? (ref ${randomUUID()})`;

    await page.goto("/contactUs");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const send = page.getByRole("button", { name: "Send Message" });
    await expect(send).toBeEnabled();
    await expectSeriousA11yFree(page, "/contactUs");
    await expectNoSidewaysScroll(page, "/contactUs");

    // Empty, then a bad email: the spec's messages under their fields.
    await send.click();
    await expect(page.getByText("Required Field")).toHaveCount(4);
    await page.getByLabel("First Name", { exact: true }).fill(firstName);
    await page.getByLabel("Last Name", { exact: true }).fill(lastName);
    await page.getByLabel("Email", { exact: true }).fill("not-an-email");
    await page.getByLabel("Message", { exact: true }).fill(content);
    await send.click();
    await expect(page.getByText("Invalid Email")).toBeVisible();
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: "Oopsy. Something went wrong. Please check your form again." }),
    ).toBeVisible();

    await page.getByLabel("Email", { exact: true }).fill(email);
    await send.click();
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: "Thanks for contacting us! We will come back to you shortly!" }),
    ).toBeVisible();
    await expect(page.getByText("Invalid Email")).toHaveCount(0);

    // The operators' mail is in the demo outbox.
    const subject = `Contact Us: ${firstName} ${lastName}`;
    await page.goto("/dev/mailbox");
    const mail = page
      .getByRole("row")
      .filter({ hasText: ADMIN_EMAIL })
      .filter({ hasText: subject });
    await expect(mail).toHaveCount(1);
    // The sender has a receipt of it (issue 42).
    await expect(
      page
        .getByRole("row")
        .filter({ hasText: email })
        .filter({ hasText: "We received your message" }),
    ).toHaveCount(1);

    // The admin reads it in the inbox and marks it handled; it moves to Handled.
    await signInAsAdmin(page);
    await page.goto("/adminInbox");
    await expect(page.getByRole("heading", { level: 1, name: "Contact Inbox" })).toBeVisible();
    const message = page.getByRole("article", { name: `Message from ${firstName} ${lastName}` });
    await expect(message).toContainText(content);
    await expect(message.getByRole("link", { name: email })).toHaveAttribute(
      "href",
      `mailto:${email}`,
    );
    const markHandled = message.getByRole("button", {
      name: `Mark the message from ${firstName} ${lastName} handled`,
    });
    await expect(markHandled).toBeEnabled();
    await expectSeriousA11yFree(page, "/adminInbox");
    await expectNoSidewaysScroll(page, "/adminInbox");
    await markHandled.click();
    await expect(message).toHaveCount(0);

    await page.getByRole("link", { name: "Handled", exact: true }).click();
    await expect(page).toHaveURL(/\/adminInbox\?status=handled$/);
    const handled = page.getByRole("article", { name: `Message from ${firstName} ${lastName}` });
    await expect(handled).toContainText(`Handled by ${ADMIN.login}`);
    await expect(handled.getByRole("button")).toHaveCount(0);
  });

  test("a signed-in member finds their name and email filled in", async ({ page }) => {
    const customer = await registerCustomer(page.request, "contact");
    await signIn(page, customer.email, customer.password);
    await page.goto("/contactUs");
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(customer.email);
    await expect(page.getByLabel("First Name", { exact: true })).toHaveValue("Robin");
    await expect(page.getByLabel("Last Name", { exact: true })).toHaveValue("Ash");
  });

  test("the inbox is for admins only", async ({ page }) => {
    await page.goto("/adminInbox");
    await expect(page).toHaveURL(/\/$/);
    const customer = await registerCustomer(page.request, "inbox");
    await signIn(page, customer.email, customer.password);
    await page.goto("/adminInbox");
    await expect(page).toHaveURL(/\/$/);
  });
});

/** The demo farm, signed in (its demo session), in a browser of its own (same viewport as the project). */
async function farmerPage(browser: Browser, testInfo: TestInfo, baseURL: string) {
  const { viewport, isMobile, hasTouch } = testInfo.project.use;
  const context = await browser.newContext({
    baseURL,
    viewport,
    isMobile,
    hasTouch,
    storageState: demoSession(FARM),
  });
  const page = await context.newPage();
  return { page, origin: new URL(baseURL).origin };
}

test.describe("short links", () => {
  test("the handover QR code's short link leads to the confirm page", async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const customer = await registerCustomer(page.request, "short");
    const origin = await signIn(page, customer.email, customer.password);

    // An in-person pickup order with the demo farm, ready for pickup.
    const listed = await page.request.get(`/api/stores/${FARM}/products`);
    const { products } = (await listed.json()) as {
      products: { id: number; inStock: boolean; currency: string; deliveryMethod: string }[];
    };
    const product = products.find(
      (p) => p.inStock && p.currency === "CAD" && p.deliveryMethod === "in_store",
    );
    expect(product, "the demo farm sells an in-stock pickup product").toBeTruthy();
    await page.goto(`/products/${product!.id}`);
    const add = page.getByRole("button", { name: "Add to Cart" });
    await expect(add).toBeEnabled();
    await add.click();
    await expect(page.getByText("Added to your cart.")).toBeVisible();
    const placed = await page.request.post("/api/checkout/inPerson", {
      headers: { origin },
      data: {
        checkoutKey: randomUUID(),
        delivery: {
          firstName: "Robin",
          lastName: "Ash",
          email: customer.email,
          phone: "4165550177",
          deliveryDestination: "store",
        },
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const { orderNo } = (await placed.json()) as { orderNo: string };

    const farmer = await farmerPage(browser, testInfo, baseURL!);
    const received = await farmer.page.request.get(`/api/orders/received/view?keyword=${orderNo}`);
    const { results } = (await received.json()) as { results: { orderId: number }[] };
    expect(results).toHaveLength(1);
    const moved = await farmer.page.request.post("/api/orders/updateStatus", {
      headers: { origin: farmer.origin },
      data: { order_id: results[0]!.orderId, order_status: "ready_for_pickup" },
    });
    expect(moved.status(), await moved.text()).toBe(200);
    await farmer.page.context().close();

    await page.goto("/orders/ready");
    const order = page.getByRole("article", { name: `Order ${orderNo}` });
    await order.getByText("The farmer cannot scan?").click();
    const short = await order
      .getByRole("link", { name: `Short link to confirm with ${FARM}` })
      .getAttribute("href");
    const full = await order
      .getByRole("link", { name: `Handover link for ${FARM}` })
      .getAttribute("href");
    expect(short).toMatch(/\/shortLink\/[A-Za-z0-9_-]{12}$/);
    expect(full).toMatch(/\/orders\/\d+\/confirmByMerchant\?m=\d+&t=[\w-]{22}$/);

    // The short link replaces itself with the confirm page (the customer is told it is the farm's).
    await page.goto(short!);
    await expect(page).toHaveURL(full!);
    await expect(page.getByRole("heading", { name: "This link is for the farm" })).toBeVisible();
  });

  test("an unknown code says there is no link, with a way to contact us", async ({ page }) => {
    await page.goto(`/shortLink/${randomUUID().replace(/-/g, "").slice(0, 12)}`);
    const problem = page.getByRole("alert").filter({ hasText: "There is no link to redirect." });
    await expect(problem).toContainText(
      "There is no link to redirect. Please let us know via 'contact us' page.",
    );
    await expectSeriousA11yFree(page, "/shortLink/{code}");
    await expectNoSidewaysScroll(page, "/shortLink/{code}");
    await problem.getByRole("link", { name: "Contact us" }).click();
    await expect(page).toHaveURL(/\/contactUs$/);
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });
});
